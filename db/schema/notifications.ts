import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { address, createdAt, timestamp } from './columns'
import { collections } from './collections'
import { nfts } from './nfts'
import { NOTIFICATION_KINDS, OUTBOUND_CHANNELS, type NotificationPreferences } from '../notification-kinds'

export * from '../notification-kinds'

/** A notification's facts, as the event left them (the text is written from these when shown). */
export interface NotificationData {
  /** The other party: the offer's maker, the buyer, the new top bidder. */
  actor?: string
  priceWei?: string
  currency?: string
  orderHash?: string
  /** Why an order can no longer be filled (an UnfillableReason); a decision's, reversal's or appeal outcome's reason. */
  reason?: string
  /** A moderation decision told of: its id, action and category (db/decision-kinds.ts). */
  decision?: number
  action?: string
  category?: string
  /** An appeal told of, and its outcome (`upheld` or `reversed`). */
  appeal?: number
  outcome?: string
  /** An auction's end, ms since the epoch. */
  endsAt?: number
  /** An import's error. */
  error?: string
  /** The token's and collection's names when the event happened. */
  nftName?: string
  collectionName?: string
}

/**
 * One event for one wallet. `eventKey` names the event itself (the order and the chain log, never
 * the row ids a rewind renumbers), so the same event written again, a block indexed twice or
 * again after a rewind, is the same row: each event is told once.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey(),
    recipient: address('recipient').notNull(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    eventKey: text('event_key').notNull(),
    nftId: integer('nft_id').references(() => nfts.id, { onDelete: 'set null' }),
    collectionId: integer('collection_id').references(() => collections.id, { onDelete: 'set null' }),
    data: text('data', { mode: 'json' })
      .$type<NotificationData>()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
    readAt: timestamp('read_at'),
    /** When its outbound deliveries were filed (null: not yet, the sender's next run does). */
    dispatchedAt: timestamp('dispatched_at'),
  },
  (t) => [
    uniqueIndex('notifications_event_idx').on(t.recipient, t.eventKey),
    index('notifications_recipient_idx').on(t.recipient, t.id),
    index('notifications_unread_idx')
      .on(t.recipient)
      .where(sql`read_at IS NULL`),
    index('notifications_undispatched_idx')
      .on(t.id)
      .where(sql`dispatched_at IS NULL`),
  ],
)

/** A wallet's notification settings: what it wants told where, its email address and its webhook. */
export const notificationSettings = sqliteTable(
  'notification_settings',
  {
    address: address('address').primaryKey(),
    preferences: text('preferences', { mode: 'json' })
      .$type<NotificationPreferences>()
      .notNull()
      .default(sql`'{}'`),
    email: text('email'),
    /** Set when the owner followed the link mailed to `email`; no mail goes to an unconfirmed address. */
    emailConfirmedAt: timestamp('email_confirmed_at'),
    /** SHA-256 (hex) of the confirmation token mailed to `email`, and when it stops working. */
    emailTokenHash: text('email_token_hash'),
    emailTokenExpiresAt: timestamp('email_token_expires_at'),
    /**
     * When a mail to `email` bounced (a permanent refusal), and the relay's words: `emailConfirmedAt`
     * is cleared with it, so nothing more is mailed until the owner confirms the address again.
     */
    emailBouncedAt: timestamp('email_bounced_at'),
    emailBounce: text('email_bounce'),
    webhookUrl: text('webhook_url'),
    /** The Standard Webhooks secret (`whsec_…`), shown to its owner once, when made. */
    webhookSecret: text('webhook_secret'),
    webhookCreatedAt: timestamp('webhook_created_at'),
    updatedAt: timestamp('updated_at').notNull(),
  },
  // A confirmation link finds its row by the token's hash.
  (t) => [
    uniqueIndex('notification_settings_email_token_idx')
      .on(t.emailTokenHash)
      .where(sql`email_token_hash IS NOT NULL`),
  ],
)

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/**
 * The outbox of email and webhook deliveries: one row per notification and channel (unique, so a
 * notification is sent on a channel once), tried until sent or out of attempts, with what the last
 * attempt met (the delivery log a wallet sees).
 */
export const notificationDeliveries = sqliteTable(
  'notification_deliveries',
  {
    id: integer('id').primaryKey(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: OUTBOUND_CHANNELS }).notNull(),
    recipient: address('recipient').notNull(),
    /** Where it goes: the email address or webhook URL as configured when it was filed. */
    target: text('target').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it is due (again); a sender that claims it moves this past its own deadline. */
    nextAttemptAt: timestamp('next_attempt_at').notNull(),
    lastAttemptAt: timestamp('last_attempt_at'),
    /** The HTTP status (webhooks) or SMTP reply code (email) of the last attempt. */
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    /** Milliseconds the last attempt took. */
    lastDurationMs: integer('last_duration_ms'),
    sentAt: timestamp('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_once_idx').on(t.notificationId, t.channel),
    index('notification_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('notification_deliveries_log_idx').on(t.recipient, t.channel, t.id),
  ],
)
