/**
 * The outbox of email and webhook deliveries: notifications are filed into it once per channel the
 * wallet wants (and has set up), claimed by a sender, and marked with what each attempt met.
 */
import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm'
import { notificationDeliveries, notifications, notificationSettings, wants, type OutboundChannel } from '../schema'
import type { Database } from '../client'
import type { Db } from './transaction'

/**
 * Gives up `wallet`'s deliveries on `channel` still waiting (only those to `to`, or all but those
 * to `except`), saying why: its owner changed or removed where they were going.
 */
export async function givePendingUp(
  tx: Db,
  {
    wallet,
    channel,
    why,
    now,
    to,
    except,
  }: { wallet: string; channel: OutboundChannel; why: string; now: Date; to?: string; except?: string },
): Promise<void> {
  await tx
    .update(notificationDeliveries)
    .set({ status: 'failed', lastError: why, lastAttemptAt: now })
    .where(
      and(
        eq(notificationDeliveries.recipient, wallet),
        eq(notificationDeliveries.channel, channel),
        eq(notificationDeliveries.status, 'pending'),
        to === undefined ? undefined : eq(notificationDeliveries.target, to),
        except === undefined ? undefined : ne(notificationDeliveries.target, except),
      ),
    )
}

/** Notifications filed into the outbox per call (the rest wait for the next). */
export const DISPATCH_BATCH = 500

/**
 * Files the deliveries of notifications not yet dispatched: an email when the wallet wants this
 * kind by email and confirmed its address, a webhook when it wants it there and has one. Returns
 * how many notifications it dispatched (DISPATCH_BATCH: there may be more).
 */
export async function dispatchNotifications(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .select({
      id: notifications.id,
      recipient: notifications.recipient,
      kind: notifications.kind,
      preferences: notificationSettings.preferences,
      email: notificationSettings.email,
      emailConfirmedAt: notificationSettings.emailConfirmedAt,
      webhookUrl: notificationSettings.webhookUrl,
    })
    .from(notifications)
    .leftJoin(notificationSettings, eq(notificationSettings.address, notifications.recipient))
    .where(isNull(notifications.dispatchedAt))
    .orderBy(asc(notifications.id))
    .limit(DISPATCH_BATCH)
  if (!due.length) return 0
  const deliveries = due.flatMap((row) => {
    const preferences = row.preferences ?? {}
    const out: (typeof notificationDeliveries.$inferInsert)[] = []
    const file = (channel: OutboundChannel, target: string | null) => {
      if (target && wants(preferences, row.kind, channel)) {
        out.push({ notificationId: row.id, channel, recipient: row.recipient, target, nextAttemptAt: now })
      }
    }
    file('email', row.emailConfirmedAt ? row.email : null)
    file('webhook', row.webhookUrl)
    return out
  })
  await db.transaction(async (tx) => {
    if (deliveries.length) await tx.insert(notificationDeliveries).values(deliveries).onConflictDoNothing()
    await tx
      .update(notifications)
      .set({ dispatchedAt: now })
      .where(
        inArray(
          notifications.id,
          due.map((row) => row.id),
        ),
      )
  })
  return due.length
}

export type DeliveryRow = typeof notificationDeliveries.$inferSelect

/**
 * Takes up to `limit` deliveries due by `now` for one sender, at most `perTarget` to any one
 * webhook URL (a flood to one endpoint leaves room for everyone else's; a wallet's due emails are
 * taken together, to go as one mail): each is moved `holdMs`
 * into the future first, so a second sender does not take it, and one that died is tried again after.
 */
export async function claimDueDeliveries(
  db: Db,
  now: Date,
  { limit, perTarget, holdMs }: { limit: number; perTarget: number; holdMs: number },
): Promise<DeliveryRow[]> {
  const ranked = db.$with('ranked').as(
    db
      .select({
        id: notificationDeliveries.id,
        channel: notificationDeliveries.channel,
        due: notificationDeliveries.nextAttemptAt,
        rank: sql<number>`row_number() over (partition by ${notificationDeliveries.target} order by ${notificationDeliveries.nextAttemptAt}, ${notificationDeliveries.id})`.as(
          'rank',
        ),
      })
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.status, 'pending'), lte(notificationDeliveries.nextAttemptAt, now))),
  )
  const due = db
    .with(ranked)
    .select({ id: ranked.id })
    .from(ranked)
    .where(or(lte(ranked.rank, perTarget), eq(ranked.channel, 'email')))
    .orderBy(asc(ranked.due))
    .limit(limit)
  return db
    .update(notificationDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + holdMs) })
    .where(and(inArray(notificationDeliveries.id, due), eq(notificationDeliveries.status, 'pending')))
    .returning()
}

/** What an attempt of a delivery met: sent, to be tried again at `retryAt`, or given up (`retryAt` null). */
export interface DeliveryOutcome {
  id: number
  sent: boolean
  /** Not sent, not tried: held back until then (a wallet's emails grouped). */
  deferredTo?: Date
  retryAt?: Date | null
  status?: number
  error?: string
  durationMs?: number
}

/** Records what each attempt met; one batch (one round trip), all or nothing. */
export async function recordDeliveryOutcomes(
  db: Database,
  outcomes: DeliveryOutcome[],
  now = new Date(),
): Promise<void> {
  const statements = outcomes.map((outcome) => {
    const where = and(eq(notificationDeliveries.id, outcome.id), eq(notificationDeliveries.status, 'pending'))
    if (outcome.deferredTo) {
      return db.update(notificationDeliveries).set({ nextAttemptAt: outcome.deferredTo }).where(where)
    }
    const tried = {
      attempts: sql`${notificationDeliveries.attempts} + 1`,
      lastAttemptAt: now,
      lastStatus: outcome.status ?? null,
      lastError: outcome.sent ? null : (outcome.error ?? 'failed'),
      lastDurationMs: outcome.durationMs ?? null,
    }
    const next = outcome.sent
      ? { status: 'sent' as const, sentAt: now }
      : outcome.retryAt
        ? { nextAttemptAt: outcome.retryAt }
        : { status: 'failed' as const }
    return db
      .update(notificationDeliveries)
      .set({ ...tried, ...next })
      .where(where)
  })
  const [first, ...rest] = statements
  if (first) await db.batch([first, ...rest])
}
