/**
 * Moderation's writes (ADR 44): the moderator role operators grant and revoke, and reports. Who may
 * call them is checked above (server/auth/roles.ts); these only keep the rows consistent. The other
 * files of the feature: db/schema/moderation.ts (tables), server/queries/moderation.ts (reads),
 * server/trpc/routers/moderation.ts and server/rest/v1.ts (transports).
 */
import { and, eq, sql } from 'drizzle-orm'
import { DomainError, isUniqueViolation } from '../errors'
import { moderators, reports, reportTargets, type ReportReason, type ReportTargetKind } from '../schema'
import type { Db } from './transaction'

/** Makes `address` a moderator; false when it already was (nothing changes then). */
export async function grantModerator(db: Db, address: string, grantedBy: string, now = new Date()): Promise<boolean> {
  const inserted = await db
    .insert(moderators)
    .values({ address: address.toLowerCase(), grantedBy: grantedBy.toLowerCase(), createdAt: now })
    .onConflictDoNothing()
    .returning({ address: moderators.address })
  return inserted.length > 0
}

/** Takes the role back; false when `address` was no moderator. */
export async function revokeModerator(db: Db, address: string): Promise<boolean> {
  const deleted = await db
    .delete(moderators)
    .where(eq(moderators.address, address.toLowerCase()))
    .returning({ address: moderators.address })
  return deleted.length > 0
}

export interface ReportRecord {
  reporter: string
  target: { kind: ReportTargetKind; key: string }
  reason: ReportReason
  note: string
}

/** What a second open report of the same target by the same wallet is told. */
export const DUPLICATE_REPORT =
  'You already have an open report of this; it stays in the queue until a moderator decides on it.'

/**
 * Files a report and counts it on its target, in one transaction; a wallet's second open report
 * of the same target is refused (409), a race between two included (the unique index).
 */
export async function recordReport(db: Db, report: ReportRecord, now = new Date()): Promise<{ id: number }> {
  const reporter = report.reporter.toLowerCase()
  try {
    return await db.transaction(async (tx) => {
      await tx.insert(reportTargets).values({ kind: report.target.kind, key: report.target.key }).onConflictDoNothing()
      const [target] = await tx
        .select({ id: reportTargets.id })
        .from(reportTargets)
        .where(and(eq(reportTargets.kind, report.target.kind), eq(reportTargets.key, report.target.key)))
      const [open] = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.reporter, reporter), eq(reports.targetId, target!.id), eq(reports.status, 'open')))
      if (open) throw new DomainError('conflict', `${DUPLICATE_REPORT} (report ${open.id})`)
      const [row] = await tx
        .insert(reports)
        .values({ targetId: target!.id, reporter, reason: report.reason, note: report.note, createdAt: now })
        .returning({ id: reports.id })
      await tx
        .update(reportTargets)
        .set({
          openReports: sql`${reportTargets.openReports} + 1`,
          firstOpenAt: sql`coalesce(${reportTargets.firstOpenAt}, ${now.getTime()})`,
        })
        .where(eq(reportTargets.id, target!.id))
      return row!
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('conflict', DUPLICATE_REPORT, { cause: error })
    throw error
  }
}
