import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { address, createdAt, timestamp } from './columns'
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_KINDS } from '../report-reasons'

/**
 * Moderation: the moderator role operators grant (operators themselves are configuration,
 * OPERATORS), and what wallets report. ADR 44.
 */

export { REPORT_REASONS, REPORT_TARGET_KINDS, REPORT_STATUSES } from '../report-reasons'
export type { ReportReason, ReportTargetKind } from '../report-reasons'

/** Wallets an operator made moderators; a revoked one loses its row. */
export const moderators = sqliteTable('moderators', {
  address: address('address').primaryKey(),
  grantedBy: address('granted_by').notNull(),
  createdAt: createdAt(),
})

/**
 * One row per reported thing, with its open reports counted: the queue is read from here in its
 * order (most reported, oldest first) by an index, a page at a time, however many reports there are.
 */
export const reportTargets = sqliteTable(
  'report_targets',
  {
    id: integer('id').primaryKey(),
    kind: text('kind', { enum: REPORT_TARGET_KINDS }).notNull(),
    /** The NFT's or collection's id in decimal, or the profile's lowercase address. */
    key: text('key').notNull(),
    openReports: integer('open_reports').notNull().default(0),
    /** When the oldest open report was made (null: none is open). */
    firstOpenAt: timestamp('first_open_at'),
  },
  (t) => [
    uniqueIndex('report_targets_key_idx').on(t.kind, t.key),
    index('report_targets_queue_idx')
      .on(sql`open_reports DESC`, t.firstOpenAt, t.id)
      .where(sql`open_reports > 0`),
  ],
)

export const reports = sqliteTable(
  'reports',
  {
    id: integer('id').primaryKey(),
    targetId: integer('target_id')
      .notNull()
      .references(() => reportTargets.id),
    reporter: address('reporter').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    // One open report per reporter and target: a second is refused (409), a race too.
    uniqueIndex('reports_open_idx')
      .on(t.reporter, t.targetId)
      .where(sql`status = 'open'`),
    index('reports_reporter_idx').on(t.reporter, t.id),
    index('reports_target_idx').on(t.targetId, t.id),
  ],
)
