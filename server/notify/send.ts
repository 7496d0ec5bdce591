/**
 * The sender: one run tells of auctions ending or ended, files new notifications into the outbox
 * (./../../db/market notification-outbox) and sends what is due, each channel on its own terms:
 * a webhook per notification, signed; an email per wallet, grouping what came at once and at most
 * one mail per EMAIL_GAP_MS. A failed attempt is tried again after RETRY_DELAYS_MS, and given up
 * after the last. It runs apart from the indexer (./wake.ts), so a slow or failing endpoint never
 * holds a round, and each delivery is its own row, so one wallet's failures hold no other's.
 */
import { and, eq, inArray, max } from 'drizzle-orm'
import {
  claimDueDeliveries,
  DISPATCH_BATCH,
  dispatchNotifications,
  markEmailsBouncing,
  recordDeliveryOutcomes,
  tellOfAuctionTimes,
  type DeliveryOutcome,
  type DeliveryRow,
  type EmailBounce,
} from '../../db/market'
import { collections, notificationDeliveries, notifications, notificationSettings, nfts } from '../../db/schema'
import type { Runtime } from '../platform/runtime'
import type { Attempt, EmailChannel, Outgoing, WebhookChannel } from './channels'
import { notificationMessage } from './message'
import { collectionOfNotification, nftOfNotification, subjectColumns } from './subjects'

/** Waits before each next attempt (the Standard Webhooks schedule, shortened at the end). */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000]
/** A wallet gets at most one mail per this; what comes meanwhile goes in the next mail, together. */
export const EMAIL_GAP_MS = 5 * 60_000
/** Deliveries one run takes at most (the rest wait for the next run). */
const CLAIM_LIMIT = 500
/** Webhook endpoints called at once in one run (each one request at a time). */
const WEBHOOK_CONCURRENCY = 8
/** Deliveries to one endpoint (or email address) claimed in one run, at most. */
const PER_ENDPOINT = 20
/**
 * Time one endpoint may take of a run: past it, its next deliveries wait for the next run, so a
 * slow endpoint holds a run no longer than this and one request's timeout.
 */
const ENDPOINT_SLICE_MS = 2_000
/** After this long, a run starts no new attempt (what is left goes to the next run). */
export const RUN_BUDGET_MS = 25_000

export interface NotifyChannels {
  email?: EmailChannel
  webhook?: WebhookChannel
}

export interface SendReport {
  told: number
  dispatched: number
  sent: number
  failed: number
  retried: number
  /** When the next delivery is due (null: none is waiting). */
  nextDueAt: Date | null
}

export async function sendNotifications(
  runtime: Pick<Runtime, 'db' | 'env'>,
  channels: NotifyChannels,
  now = new Date(),
): Promise<SendReport> {
  const { db, env } = runtime
  const told = await tellOfAuctionTimes(db, now)
  let dispatched = 0
  // Batch after batch while they come full.
  for (let batch = DISPATCH_BATCH; batch === DISPATCH_BATCH;) dispatched += batch = await dispatchNotifications(db, now)
  // Held for as long as a run may take: a sender that dies mid-run leaves them to the next.
  const claimed = await claimDueDeliveries(db, now, { limit: CLAIM_LIMIT, perTarget: PER_ENDPOINT, holdMs: 120_000 })
  const bounces: EmailBounce[] = []
  const outcomes = claimed.length ? await deliver(db, env.siteOrigins[0]!, claimed, channels, now, bounces) : []
  await recordDeliveryOutcomes(db, outcomes, now)
  // After the outcomes: a bounced address is unconfirmed and its other waiting mails given up.
  await markEmailsBouncing(db, bounces, now)
  const [next] = await db
    .select({ at: notificationDeliveries.nextAttemptAt })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.status, 'pending'))
    .orderBy(notificationDeliveries.nextAttemptAt)
    .limit(1)
  return {
    told,
    dispatched,
    sent: outcomes.filter((o) => o.sent).length,
    failed: outcomes.filter((o) => !o.sent && !o.deferredTo && !o.retryAt).length,
    retried: outcomes.filter((o) => o.retryAt).length,
    nextDueAt: next?.at ?? null,
  }
}

async function deliver(
  db: Runtime['db'],
  origin: string,
  claimed: DeliveryRow[],
  channels: NotifyChannels,
  now: Date,
  bounces: EmailBounce[],
): Promise<DeliveryOutcome[]> {
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      data: notifications.data,
      createdAt: notifications.createdAt,
      ...subjectColumns,
    })
    .from(notifications)
    .leftJoin(nfts, nftOfNotification)
    .leftJoin(collections, collectionOfNotification)
    .where(
      inArray(
        notifications.id,
        claimed.map((d) => d.notificationId),
      ),
    )
  const byId = new Map(rows.map((row) => [row.id, row]))
  const outgoing = (delivery: DeliveryRow): Outgoing => {
    const row = byId.get(delivery.notificationId)!
    return {
      deliveryId: delivery.id,
      notificationId: row.id,
      kind: row.kind,
      recipient: delivery.recipient,
      target: delivery.target,
      message: notificationMessage(row, origin),
      data: row.data,
      nft: row.nft,
      collection: row.collection,
      createdAt: row.createdAt,
      attempt: delivery.attempts + 1,
    }
  }
  const webhooks = claimed.filter((d) => d.channel === 'webhook')
  const emails = claimed.filter((d) => d.channel === 'email')
  const [hooked, mailed] = await Promise.all([
    sendWebhooks(db, webhooks.map(outgoing), channels.webhook, now, Date.now() + RUN_BUDGET_MS),
    sendEmails(db, emails.map(outgoing), channels.email, now, bounces),
  ])
  return [...hooked, ...mailed]
}

/** What an attempt's result means for its delivery: sent, tried again later, or given up. */
function outcomeOf(item: Outgoing, attempt: Attempt, now: Date): DeliveryOutcome {
  const common = { id: item.deliveryId, status: attempt.status, durationMs: attempt.durationMs }
  if (attempt.ok) return { ...common, sent: true }
  const delay = attempt.permanent ? undefined : RETRY_DELAYS_MS[item.attempt - 1]
  return {
    ...common,
    sent: false,
    error: attempt.error,
    retryAt: delay === undefined ? null : new Date(now.getTime() + delay),
  }
}

const notConfigured = (error: string): Attempt => ({ ok: false, error, permanent: true, durationMs: 0 })

async function sendWebhooks(
  db: Runtime['db'],
  items: Outgoing[],
  channel: WebhookChannel | undefined,
  now: Date,
  deadline: number,
): Promise<DeliveryOutcome[]> {
  if (!items.length) return []
  // The secret as it is now; a webhook changed or removed since the event was filed is not called.
  const settings = await db
    .select({
      address: notificationSettings.address,
      url: notificationSettings.webhookUrl,
      secret: notificationSettings.webhookSecret,
    })
    .from(notificationSettings)
    .where(inArray(notificationSettings.address, [...new Set(items.map((i) => i.recipient))]))
  const of = new Map(settings.map((s) => [s.address, s]))
  // One endpoint at a time per worker, at most PER_ENDPOINT a run: a slow or failing endpoint
  // holds one worker, never the others' deliveries; what it leaves waits for the next run.
  const byEndpoint = new Map<string, Outgoing[]>()
  for (const item of items) byEndpoint.set(item.target, [...(byEndpoint.get(item.target) ?? []), item])
  const endpoints = [...byEndpoint.values()]
  const outcomes: DeliveryOutcome[] = []
  const worker = async () => {
    for (let queue = endpoints.shift(); queue; queue = endpoints.shift()) {
      queue.forEach((item, index) => {
        if (index >= PER_ENDPOINT) outcomes.push({ id: item.deliveryId, sent: false, deferredTo: now })
      })
      const sliceEnds = Date.now() + ENDPOINT_SLICE_MS
      for (const item of queue.slice(0, PER_ENDPOINT)) {
        if (Date.now() > Math.min(deadline, sliceEnds)) {
          outcomes.push({ id: item.deliveryId, sent: false, deferredTo: now })
          continue
        }
        const hook = of.get(item.recipient)
        const attempt =
          !hook?.url || !hook.secret || hook.url !== item.target
            ? notConfigured('the webhook was changed or removed before this was sent')
            : channel
              ? await channel.send(item, hook.secret).catch((error: unknown) => ({
                  ok: false as const,
                  error: (error as Error).message,
                  durationMs: 0,
                }))
              : notConfigured('webhooks are not available on this server')
        outcomes.push(outcomeOf(item, attempt, now))
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(WEBHOOK_CONCURRENCY, endpoints.length) }, worker))
  return outcomes
}

async function sendEmails(
  db: Runtime['db'],
  items: Outgoing[],
  channel: EmailChannel | undefined,
  now: Date,
  bounces: EmailBounce[],
): Promise<DeliveryOutcome[]> {
  if (!items.length) return []
  const recipients = [...new Set(items.map((i) => i.recipient))]
  // The last mail each wallet was sent: one within EMAIL_GAP_MS holds the next back, grouped.
  const last = await db
    .select({ recipient: notificationDeliveries.recipient, sentAt: max(notificationDeliveries.sentAt) })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.channel, 'email'), inArray(notificationDeliveries.recipient, recipients)))
    .groupBy(notificationDeliveries.recipient)
  const lastSent = new Map(last.map((row) => [row.recipient, row.sentAt]))
  const outcomes: DeliveryOutcome[] = []
  for (const recipient of recipients) {
    const group = items.filter((i) => i.recipient === recipient)
    const gapEnds = (lastSent.get(recipient)?.getTime() ?? 0) + EMAIL_GAP_MS
    if (gapEnds > now.getTime()) {
      outcomes.push(...group.map((i) => ({ id: i.deliveryId, sent: false, deferredTo: new Date(gapEnds) })))
      continue
    }
    // One mail to each address the group is for (an address changed meanwhile: the newest).
    for (const target of new Set(group.map((i) => i.target))) {
      const mail = group.filter((i) => i.target === target)
      const attempt: Attempt = channel
        ? await channel.send(target, mail).catch((error: unknown) => ({
            ok: false as const,
            error: (error as Error).message,
            durationMs: 0,
          }))
        : notConfigured('email is not configured on this server (MAIL_URL)')
      if (channel && !attempt.ok && attempt.permanent)
        bounces.push({ wallet: recipient, email: target, error: attempt.error })
      outcomes.push(...mail.map((item) => outcomeOf(item, attempt, now)))
    }
  }
  return outcomes
}
