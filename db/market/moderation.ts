/**
 * Moderation's writes (ADR 44): the moderator role operators grant and revoke, and reports. Who may
 * call them is checked above (server/auth/roles.ts); these only keep the rows consistent. The other
 * files of the feature: db/schema/moderation.ts (tables), server/queries/moderation.ts (reads),
 * server/trpc/routers/moderation.ts and server/rest/v1.ts (transports).
 */
import { and, eq, sql } from 'drizzle-orm'
import { DomainError, isUniqueViolation } from '../errors'
import { moderators, reports, reportTargets, type ReportReason, type ReportTargetKind } from '../schema'
import { appendAudit } from './decisions'
import type { Db } from './transaction'

/** Makes `address` a moderator, in the audit log; false when it already was (nothing changes then). */
export async function grantModerator(db: Db, address: string, grantedBy: string, now = new Date()): Promise<boolean> {
  const wallet = address.toLowerCase()
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(moderators)
      .values({ address: wallet, grantedBy: grantedBy.toLowerCase(), createdAt: now })
      .onConflictDoNothing()
      .returning({ address: moderators.address })
    if (!inserted.length) return false
    const role = (moderator: boolean) => ({ moderator })
    await appendAudit(
      tx,
      {
        actor: grantedBy,
        event: 'moderator_granted',
        subject: `moderator:${wallet}`,
        before: role(false),
        after: role(true),
      },
      now,
    )
    return true
  })
}

/** Takes the role back, in the audit log; false when `address` was no moderator. */
export async function revokeModerator(db: Db, address: string, revokedBy: string, now = new Date()): Promise<boolean> {
  const wallet = address.toLowerCase()
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(moderators)
      .where(eq(moderators.address, wallet))
      .returning({ address: moderators.address, grantedBy: moderators.grantedBy })
    if (!deleted.length) return false
    await appendAudit(
      tx,
      {
        actor: revokedBy,
        event: 'moderator_revoked',
        subject: `moderator:${wallet}`,
        before: { moderator: true, grantedBy: deleted[0]!.grantedBy },
        after: { moderator: false },
      },
      now,
    )
    return true
  })
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
