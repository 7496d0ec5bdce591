/**
 * A wallet's webhook: its URL and signing secret, set (a new secret each time), given a new
 * secret, or removed. Deliveries still waiting for a URL that is no longer the wallet's are given
 * up: nothing is sent to an endpoint its owner took away.
 */
import { and, eq, isNotNull } from 'drizzle-orm'
import { notificationSettings } from '../schema'
import { givePendingUp } from './notification-outbox'
import type { Db, Tx } from './transaction'

const dropPendingWebhooks = (tx: Tx, wallet: string, now: Date, keep?: string) =>
  givePendingUp(tx, {
    wallet,
    channel: 'webhook',
    why: 'not sent: the webhook was changed or removed',
    now,
    except: keep,
  })

/** Sets `wallet`'s webhook to `url` signed with `secret` (a new one: the caller shows it once). */
export function setNotificationWebhook(db: Db, wallet: string, url: string, secret: string, now = new Date()) {
  const address = wallet.toLowerCase()
  return db.transaction(async (tx) => {
    const values = { webhookUrl: url, webhookSecret: secret, webhookCreatedAt: now, updatedAt: now }
    await tx
      .insert(notificationSettings)
      .values({ address, ...values })
      .onConflictDoUpdate({ target: notificationSettings.address, set: values })
    await dropPendingWebhooks(tx, address, now, url)
  })
}

/** A new secret for `wallet`'s webhook; false when it has none. Waiting deliveries are signed with it. */
export async function rotateNotificationWebhookSecret(db: Db, wallet: string, secret: string, now = new Date()) {
  const rows = await db
    .update(notificationSettings)
    .set({ webhookSecret: secret, updatedAt: now })
    .where(and(eq(notificationSettings.address, wallet.toLowerCase()), isNotNull(notificationSettings.webhookUrl)))
    .returning({ url: notificationSettings.webhookUrl })
  return rows.length > 0
}

export function removeNotificationWebhook(db: Db, wallet: string, now = new Date()) {
  const address = wallet.toLowerCase()
  return db.transaction(async (tx) => {
    await tx
      .update(notificationSettings)
      .set({ webhookUrl: null, webhookSecret: null, webhookCreatedAt: null, updatedAt: now })
      .where(eq(notificationSettings.address, address))
    await dropPendingWebhooks(tx, address, now)
  })
}
