import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { address, createdAt, timestamp } from './columns'
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_KINDS } from '../report-reasons'
import {
  APPEAL_STATUSES,
  AUDIT_EVENTS,
  DECISION_ACTIONS,
  DECISION_CATEGORIES,
  DECISION_TARGET_KINDS,
} from '../decision-kinds'

/**
 * Moderation: the moderator role operators grant (operators themselves are configuration,
 * OPERATORS), and what wallets report. ADR 44.
 */

export { REPORT_REASONS, REPORT_TARGET_KINDS, REPORT_STATUSES } from '../report-reasons'
export type { ReportReason, ReportTargetKind } from '../report-reasons'
export * from '../decision-kinds'

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
    /** The decision that closed it (null while open). */
    decisionId: integer('decision_id'),
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

/**
 * What a moderator decided about a target, and why. A decision is in force until reversed; the
 * state it sets is copied onto its target (`hidden_by`, `flagged_by`, `spam_by`, `verified`,
 * `featured_at`, `blocked_contracts`) in the same transaction, for lists to read without a join.
 * Every decision and reversal is also appended to `audit_log`.
 */
export const decisions = sqliteTable(
  'decisions',
  {
    id: integer('id').primaryKey(),
    action: text('action', { enum: DECISION_ACTIONS }).notNull(),
    targetKind: text('target_kind', { enum: DECISION_TARGET_KINDS }).notNull(),
    /** An item's or collection's id in decimal, a profile's lowercase address, a contract's `chainId:address`. */
    targetKey: text('target_key').notNull(),
    category: text('category', { enum: DECISION_CATEGORIES }).notNull(),
    reason: text('reason').notNull(),
    decidedBy: address('decided_by').notNull(),
    /** Null when decided here; a shared list's URL when applied from one. */
    source: text('source'),
    createdAt: createdAt(),
    reversedAt: timestamp('reversed_at'),
    reversedBy: address('reversed_by'),
    reversalReason: text('reversal_reason'),
  },
  (t) => [
    // One decision of each action in force per target: a second hide of the same item is a 409.
    uniqueIndex('decisions_in_force_idx')
      .on(t.targetKind, t.targetKey, t.action)
      .where(sql`reversed_at IS NULL AND action != 'dismiss'`),
    index('decisions_target_idx').on(t.targetKind, t.targetKey, t.id),
    index('decisions_action_idx').on(t.action, t.id),
  ],
)

/** An appeal of a decision by whom it was about; it goes back to the queue beside the decision. */
export const appeals = sqliteTable(
  'appeals',
  {
    id: integer('id').primaryKey(),
    decisionId: integer('decision_id')
      .notNull()
      .references(() => decisions.id),
    appellant: address('appellant').notNull(),
    statement: text('statement').notNull(),
    status: text('status', { enum: APPEAL_STATUSES }).notNull().default('open'),
    outcome: text('outcome'),
    decidedBy: address('decided_by'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at'),
  },
  (t) => [
    // One open appeal per decision: a second waits for the first's outcome.
    uniqueIndex('appeals_open_idx')
      .on(t.decisionId)
      .where(sql`status = 'open'`),
    index('appeals_queue_idx')
      .on(t.createdAt, t.id)
      .where(sql`status = 'open'`),
    index('appeals_appellant_idx').on(t.appellant, t.id),
  ],
)

/** Contracts an operator refused: adding one again is refused, naming the decision. */
export const blockedContracts = sqliteTable(
  'blocked_contracts',
  {
    chainId: integer('chain_id').notNull(),
    contract: address('contract').notNull(),
    decisionId: integer('decision_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.contract] })],
)

/**
 * Every role change, decision, reversal and appeal, appended and never changed: triggers in the
 * migration refuse UPDATE and DELETE, so not even a bug in this code can rewrite history.
 */
export const auditLog = sqliteTable('audit_log', {
  id: integer('id').primaryKey(),
  at: createdAt(),
  actor: address('actor').notNull(),
  event: text('event', { enum: AUDIT_EVENTS }).notNull(),
  /** What it was about, as `kind:key` (`item:12`, `profile:0x…`, `moderator:0x…`, `decision:4`). */
  subject: text('subject').notNull(),
  reason: text('reason').notNull().default(''),
  /** The subject's state before and after, as JSON. */
  before: text('before', { mode: 'json' }).$type<Record<string, unknown> | null>(),
  after: text('after', { mode: 'json' }).$type<Record<string, unknown> | null>(),
})
