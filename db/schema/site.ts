import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { createdAt } from './columns'

/** Messages sent from /contact. */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_time_idx').on(t.createdAt)],
)

/** Newsletter sign-ups from /newsletter; one row per email (lowercase). */
export const newsletterSubscribers = sqliteTable(
  'newsletter_subscribers',
  {
    id: integer('id').primaryKey(),
    email: text('email').notNull(),
    topic: text('topic', { enum: ['news', 'status'] })
      .notNull()
      .default('news'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletter_subscribers_email_idx').on(t.email, t.topic)],
)

/**
 * Request counts per limited action and client, one fixed window each: shared by every server
 * process and Worker isolate, so a limit holds however many of them answer.
 */
export const rateLimits = sqliteTable('rate_limits', {
  /** `<action>:<client>`, e.g. `siwe-nonce:203.0.113.7`. */
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
})

/** A named job that must run once at a time across processes (e.g. syncing a chain): who holds it, until when. */
export const leases = sqliteTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: integer('expires_at').notNull(),
})

/**
 * Cache tags whose pages changed and are still to be purged from the edge cache in every data
 * centre (server/http/cache-purge.ts): written in the same transaction as the change, so none is
 * lost, and purged twice (`passes`), the second time after a render that raced the change can
 * have filed what it read.
 */
export const cachePurges = sqliteTable(
  'cache_purges',
  {
    tag: text('tag').primaryKey(),
    /** Epoch milliseconds from which the next pass may run. */
    dueAt: integer('due_at').notNull(),
    /** Purges sent so far since the tag last changed. */
    passes: integer('passes').notNull().default(0),
  },
  (table) => [index('cache_purges_due').on(table.dueAt)],
)
