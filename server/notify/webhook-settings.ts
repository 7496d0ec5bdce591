/**
 * A wallet's webhook as its settings show it (never its secret), the check a URL must pass to be
 * saved, and its delivery log: what each attempt to send it a notification met.
 */
import { and, desc, eq, lt } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collections, notificationDeliveries, notifications, notificationSettings, nfts } from '../../db/schema'
import { refusedDestination } from '../metadata/safe-fetch'
import type { Env } from '../platform/env'
import { encodeCursor, keysetValues, splitPage } from '../queries/cursor'
import { isoTime } from '../queries/serialize'
import { notificationMessage } from './message'
import { collectionOfNotification, nftOfNotification, subjectColumns } from './subjects'

export async function findWebhook(db: Database, wallet: string) {
  const [row] = await db
    .select({ url: notificationSettings.webhookUrl, createdAt: notificationSettings.webhookCreatedAt })
    .from(notificationSettings)
    .where(eq(notificationSettings.address, wallet.toLowerCase()))
  return row?.url ? { url: row.url, createdAt: row.createdAt ? isoTime(row.createdAt) : null } : null
}

/** The webhook with its secret, for signing (never for an answer). */
export async function webhookWithSecret(db: Database, wallet: string) {
  const [row] = await db
    .select({ url: notificationSettings.webhookUrl, secret: notificationSettings.webhookSecret })
    .from(notificationSettings)
    .where(eq(notificationSettings.address, wallet.toLowerCase()))
  return row?.url && row.secret ? { url: row.url, secret: row.secret } : null
}

/**
 * Why `url` cannot be a webhook here (null: it can): in production only https, and never an
 * address inside our network, judged as the sender will judge it (on Node, every address the
 * name resolves to).
 */
export async function refusedWebhookUrl(url: string, env: Pick<Env, 'NODE_ENV' | 'metadataFetch'>) {
  const parsed = new URL(url)
  if (env.NODE_ENV === 'production' && parsed.protocol !== 'https:') return 'url: must start with https://'
  const refused = await refusedDestination(parsed, env.metadataFetch.allowHosts)
  return refused && `url: ${refused} (webhooks go only to public addresses)`
}

/** The wallet's webhook deliveries, newest first. */
export async function webhookLog(
  db: Database,
  { address, cursor, limit, origin }: { address: string; cursor?: string; limit: number; origin: string },
) {
  const { afterId, limit: take } = keysetValues(cursor, 'webhook-log', limit)
  const rows = await db
    .select({
      id: notificationDeliveries.id,
      target: notificationDeliveries.target,
      status: notificationDeliveries.status,
      attempts: notificationDeliveries.attempts,
      nextAttemptAt: notificationDeliveries.nextAttemptAt,
      lastAttemptAt: notificationDeliveries.lastAttemptAt,
      lastStatus: notificationDeliveries.lastStatus,
      lastError: notificationDeliveries.lastError,
      lastDurationMs: notificationDeliveries.lastDurationMs,
      createdAt: notificationDeliveries.createdAt,
      kind: notifications.kind,
      data: notifications.data,
      ...subjectColumns,
    })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .leftJoin(nfts, nftOfNotification)
    .leftJoin(collections, collectionOfNotification)
    .where(
      and(
        eq(notificationDeliveries.recipient, address.toLowerCase()),
        eq(notificationDeliveries.channel, 'webhook'),
        afterId === undefined ? undefined : lt(notificationDeliveries.id, afterId),
      ),
    )
    .orderBy(desc(notificationDeliveries.id))
    .limit(take)
  const { page, last } = splitPage(rows, limit)
  return {
    data: page.map((row) => ({
      id: row.id,
      url: row.target,
      kind: row.kind,
      title: notificationMessage(row, origin).title,
      status: row.status,
      attempts: row.attempts,
      lastStatus: row.lastStatus,
      lastError: row.lastError,
      durationMs: row.lastDurationMs,
      lastAttemptAt: row.lastAttemptAt ? isoTime(row.lastAttemptAt) : null,
      nextAttemptAt: row.status === 'pending' ? isoTime(row.nextAttemptAt) : null,
      createdAt: isoTime(row.createdAt),
    })),
    nextCursor: last ? encodeCursor('webhook-log', last.id, last.id) : null,
  }
}
