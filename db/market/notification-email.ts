/**
 * A wallet's email address for its notifications: stored unconfirmed with the SHA-256 of a random
 * token (the link mailed to it carries the token) that works for EMAIL_TOKEN_TTL_MS; confirmed by
 * that token; removed. An address whose mail bounced is unconfirmed again until its owner confirms
 * it anew. Whenever the address stops being confirmed, the email deliveries still waiting for it
 * are given up: nothing is mailed to an address that is not confirmed now.
 */
import { and, eq, gt, sql } from 'drizzle-orm'
import { notificationSettings } from '../schema'
import { givePendingUp } from './notification-outbox'
import type { Db, Tx } from './transaction'

/** How long a confirmation link works. */
export const EMAIL_TOKEN_TTL_MS = 24 * 3_600_000

/** SHA-256 of a token, hex: what is stored, so a copy of the database confirms nothing. */
export async function emailTokenHash(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)))
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** Gives up the email deliveries of `wallet` still waiting (to `target` only, when given). */
const dropPendingEmails = (tx: Tx, wallet: string, why: string, now: Date, target?: string) =>
  givePendingUp(tx, { wallet, channel: 'email', why, now, to: target })

const UNCONFIRMED = 'not sent: the address was changed, removed or not confirmed any more'

/**
 * Sets `wallet`'s address to `email`, unconfirmed, and answers the token its confirmation link
 * carries; null when `email` is already its confirmed address in good standing (nothing to mail).
 */
export async function setNotificationEmail(
  db: Db,
  wallet: string,
  email: string,
  now = new Date(),
): Promise<{ token: string | null }> {
  const owner = wallet.toLowerCase()
  const token = newToken()
  const tokenHash = await emailTokenHash(token)
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        email: notificationSettings.email,
        confirmedAt: notificationSettings.emailConfirmedAt,
        bouncedAt: notificationSettings.emailBouncedAt,
      })
      .from(notificationSettings)
      .where(eq(notificationSettings.address, owner))
    if (current?.email === email && current.confirmedAt && !current.bouncedAt) return { token: null }
    const unconfirmed = {
      email,
      emailConfirmedAt: null,
      emailTokenHash: tokenHash,
      emailTokenExpiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS),
      emailBouncedAt: null,
      emailBounce: null,
      updatedAt: now,
    }
    await tx
      .insert(notificationSettings)
      .values({ address: owner, ...unconfirmed })
      .onConflictDoUpdate({ target: notificationSettings.address, set: unconfirmed })
    await dropPendingEmails(tx, owner, UNCONFIRMED, now)
    return { token }
  })
}

export type EmailConfirmation =
  { status: 'confirmed'; wallet: string } | { status: 'expired'; wallet: string } | { status: 'invalid'; wallet: null }

/** Confirms the address whose link carries `token` (once: the token is spent). */
export async function confirmNotificationEmail(db: Db, token: string, now = new Date()): Promise<EmailConfirmation> {
  const tokenHash = await emailTokenHash(token)
  const [confirmed] = await db
    .update(notificationSettings)
    .set({
      emailConfirmedAt: now,
      emailTokenHash: null,
      emailTokenExpiresAt: null,
      emailBouncedAt: null,
      emailBounce: null,
      updatedAt: now,
    })
    .where(and(eq(notificationSettings.emailTokenHash, tokenHash), gt(notificationSettings.emailTokenExpiresAt, now)))
    .returning({ wallet: notificationSettings.address })
  if (confirmed) return { status: 'confirmed', wallet: confirmed.wallet }
  const [expired] = await db
    .select({ wallet: notificationSettings.address })
    .from(notificationSettings)
    .where(eq(notificationSettings.emailTokenHash, tokenHash))
  return expired ? { status: 'expired', wallet: expired.wallet } : { status: 'invalid', wallet: null }
}

/** Forgets `wallet`'s address: nothing more is mailed, and what waited is given up. */
export async function removeNotificationEmail(db: Db, wallet: string, now = new Date()): Promise<void> {
  const owner = wallet.toLowerCase()
  await db.transaction(async (tx) => {
    await tx
      .update(notificationSettings)
      .set({
        email: null,
        emailConfirmedAt: null,
        emailTokenHash: null,
        emailTokenExpiresAt: null,
        emailBouncedAt: null,
        emailBounce: null,
        updatedAt: now,
      })
      .where(eq(notificationSettings.address, owner))
    await dropPendingEmails(tx, owner, UNCONFIRMED, now)
  })
}

/** A mail to `email` for `wallet` refused for good (a bounce), and the relay's words. */
export interface EmailBounce {
  wallet: string
  email: string
  error: string
}

/**
 * Marks each bounced address as bouncing: unconfirmed (no delivery is filed for it), with when and
 * why, and its waiting deliveries given up. An address changed since the mail was sent is left.
 */
export async function markEmailsBouncing(db: Db, bounces: EmailBounce[], now = new Date()): Promise<number> {
  if (!bounces.length) return 0
  return db.transaction(async (tx) => {
    let marked = 0
    for (const bounce of bounces) {
      const wallet = bounce.wallet.toLowerCase()
      const rows = await tx
        .update(notificationSettings)
        .set({
          emailConfirmedAt: null,
          emailBouncedAt: sql`coalesce(${notificationSettings.emailBouncedAt}, ${now.getTime()})`,
          emailBounce: bounce.error.slice(0, 500),
          updatedAt: now,
        })
        .where(and(eq(notificationSettings.address, wallet), eq(notificationSettings.email, bounce.email)))
        .returning({ wallet: notificationSettings.address })
      marked += rows.length
      await dropPendingEmails(tx, wallet, 'not sent: an earlier mail to this address bounced', now, bounce.email)
    }
    return marked
  })
}
