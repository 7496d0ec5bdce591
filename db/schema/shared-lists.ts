import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { address, createdAt, flag, timestamp } from './columns'

/**
 * Shared lists (ADR 48): the lists this instance published, signed by an operator, and the lists
 * of other instances it reads, with their entries and what was done with each.
 */

/** What was done with a list's entry here (null: nothing yet, its target is not on this instance). */
export const LIST_ENTRY_OUTCOMES = ['suggested', 'applied', 'already'] as const
export type ListEntryOutcome = (typeof LIST_ENTRY_OUTCOMES)[number]

/** Each list an operator signed here; the highest sequence is the one served. */
export const sharedListPublications = sqliteTable('shared_list_publications', {
  sequence: integer('sequence').primaryKey(),
  issuer: address('issuer').notNull(),
  /** The signed document as served, byte for byte. */
  document: text('document').notNull(),
  issuedAt: timestamp('issued_at').notNull(),
  expiresAt: timestamp('expires_at').notNull(),
  createdAt: createdAt(),
})

/** Another instance's list, read by URL and checked against the signer it must come from. */
export const sharedListSubscriptions = sqliteTable(
  'shared_list_subscriptions',
  {
    id: integer('id').primaryKey(),
    url: text('url').notNull().unique(),
    /** The operator wallet whose signature a list must carry (given, or named by the first list read). */
    signer: address('signer').notNull(),
    /** Entries are decided at once (true) or filed as reports for a moderator (false). */
    trusted: flag('trusted'),
    subscribedBy: address('subscribed_by').notNull(),
    /** The sequence, issue and expiry of the last list read. */
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    /** The last read that succeeded, and the last attempt's refusal (null: it succeeded). */
    fetchedAt: timestamp('fetched_at').notNull(),
    lastError: text('last_error'),
    nextFetchAt: timestamp('next_fetch_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('shared_list_subscriptions_due_idx').on(t.nextFetchAt)],
)

/** The entries of the last list read from a subscription, by chain and contract (never by a local id). */
export const sharedListEntries = sqliteTable(
  'shared_list_entries',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => sharedListSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['item', 'collection'] }).notNull(),
    chainId: integer('chain_id').notNull(),
    contract: address('contract').notNull(),
    /** Decimal; empty for a collection. */
    tokenId: text('token_id').notNull().default(''),
    category: text('category').notNull(),
    outcome: text('outcome', { enum: LIST_ENTRY_OUTCOMES }),
    /** The report filed (suggested) or the decision taken (applied). */
    reportId: integer('report_id'),
    decisionId: integer('decision_id'),
    listedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.kind, t.chainId, t.contract, t.tokenId] }),
    // What a read looks for: the entries nothing was done with yet, of one kind.
    index('shared_list_entries_pending_idx')
      .on(t.subscriptionId, t.kind)
      .where(sql`outcome IS NULL`),
  ],
)
