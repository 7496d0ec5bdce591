import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { createdAt, flag, timestamp } from './columns'
import { LEGAL_NOTICE_REASONS, LEGAL_NOTICE_STATUSES } from '../legal-notice-kinds'
import { REPORT_TARGET_KINDS } from '../report-reasons'
import { reports } from './moderation'

export * from '../legal-notice-kinds'

/**
 * A legal notice sent without a wallet (ADR 47): who sent it, about what, and why, kept as sent.
 * It enters the queue only when its sender confirms the email by the mailed link: then a report is
 * filed for it (`reportId`), whose reporter is `notice:<id>`, never a wallet.
 */
export const legalNotices = sqliteTable(
  'legal_notices',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** What it is about, as reports store it: an item's or collection's id, a profile's address. */
    targetKind: text('target_kind', { enum: REPORT_TARGET_KINDS }).notNull(),
    targetKey: text('target_key').notNull(),
    reason: text('reason', { enum: LEGAL_NOTICE_REASONS }).notNull(),
    /** The right infringed or the law broken, in the sender's words. */
    infringed: text('infringed').notNull(),
    /** Anything else the sender explains. */
    statement: text('statement').notNull().default(''),
    /** The sender stated that the notice is accurate and sent in good faith (the form requires it). */
    goodFaith: flag('good_faith'),
    status: text('status', { enum: LEGAL_NOTICE_STATUSES }).notNull().default('unconfirmed'),
    /** SHA-256 (hex) of the token the confirmation link carries; kept, so a replay is told it was used. */
    tokenHash: text('token_hash').notNull(),
    tokenExpiresAt: timestamp('token_expires_at').notNull(),
    reportId: integer('report_id').references(() => reports.id),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at'),
  },
  (t) => [uniqueIndex('legal_notices_token_idx').on(t.tokenHash)],
)
