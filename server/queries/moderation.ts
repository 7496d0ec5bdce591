/**
 * Moderation's reads (ADR 44): whether a reported thing exists, a reporter's own reports, and the
 * queue of open reports grouped by target, most reported and oldest first, a page at a time by
 * keyset over report_targets_queue_idx. Writes are db/market/moderation.ts's.
 */
import { and, desc, eq, gt, inArray, lt, or, sql, count } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { DomainError } from '../../db/errors'
import type { ReportReason, ReportStatus, ReportTargetKind } from '../../db/report-reasons'
import { moderators, nfts, reports, reportTargets, users } from '../../db/schema'
import type { ReportTargetInput } from '../inputs/moderation'
import { findCollectionId } from './collections'
import { decodeTextCursor, encodeCursor, encodeTextCursor, keysetValues } from './cursor'
import { checksum, isoTime } from './serialize'

/** A reported thing as stored: its kind and key (an id in decimal, or a lowercase address). */
export interface ReportTarget {
  kind: ReportTargetKind
  key: string
}

/**
 * The stored key of what `target` names; a 404 naming it when there is no such item, collection or
 * profile on this marketplace.
 */
export async function resolveReportTarget(db: Database, target: ReportTargetInput): Promise<ReportTarget> {
  if (target.kind === 'item') {
    const [row] = await db.select({ id: nfts.id }).from(nfts).where(eq(nfts.id, target.id))
    if (!row) throw new DomainError('not_found', `target: there is no item ${target.id} on this marketplace`)
    return { kind: 'item', key: String(row.id) }
  }
  if (target.kind === 'collection') {
    const id = await findCollectionId(db, target.idOrSlug)
    if (id === undefined) {
      throw new DomainError('not_found', `target: there is no collection "${target.idOrSlug}" on this marketplace`)
    }
    return { kind: 'collection', key: String(id) }
  }
  const [row] = await db.select({ address: users.address }).from(users).where(eq(users.address, target.address))
  if (!row) {
    throw new DomainError('not_found', `target: there is no profile of ${checksum(target.address)} on this marketplace`)
  }
  return { kind: 'profile', key: row.address }
}

/** A target as answers show it: an address checksummed, an id as a number. */
function targetJson(kind: ReportTargetKind, key: string) {
  if (kind === 'profile') return { kind, address: checksum(key) }
  return { kind, id: Number(key) }
}

export interface OwnReport {
  id: number
  target: ReturnType<typeof targetJson>
  reason: ReportReason
  note: string
  status: ReportStatus
  /** The decision that closed it (its statement of reasons: /decisions/{id}); null while open. */
  decisionId: number | null
  createdAt: string
}

const MINE = 'reports-mine'

/** The query of a page of `reporter`'s reports, newest first (reports_reporter_idx). */
export function ownReportsStatement(db: Database, reporter: string, cursor: string | undefined, limit: number) {
  const { afterId, limit: rows } = keysetValues(cursor, MINE, limit)
  return db
    .select({
      id: reports.id,
      kind: reportTargets.kind,
      key: reportTargets.key,
      reason: reports.reason,
      note: reports.note,
      status: reports.status,
      decisionId: reports.decisionId,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .innerJoin(reportTargets, eq(reportTargets.id, reports.targetId))
    .where(and(eq(reports.reporter, reporter), afterId === undefined ? undefined : lt(reports.id, afterId)))
    .orderBy(desc(reports.id))
    .limit(rows)
}

export async function listOwnReports(db: Database, reporter: string, cursor: string | undefined, limit: number) {
  const rows = await ownReportsStatement(db, reporter, cursor, limit)
  const page = rows.slice(0, limit)
  const last = rows.length > limit ? page.at(-1) : undefined
  return {
    data: page.map((r): OwnReport => ({
      id: r.id,
      target: targetJson(r.kind, r.key),
      reason: r.reason,
      note: r.note,
      status: r.status,
      decisionId: r.decisionId,
      createdAt: isoTime(r.createdAt),
    })),
    nextCursor: last ? encodeCursor(MINE, last.id, last.id) : null,
  }
}

const QUEUE = 'report-queue'

/** After a queue cursor: its row's open count, then first report time and id. */
function queueAfter(cursor: string | undefined) {
  const after = decodeTextCursor(cursor, QUEUE)
  if (!after) return undefined
  const match = /^(\d{1,15}):(\d{1,15})$/.exec(after.text)
  if (!match) throw new DomainError('bad_request', 'cursor: is malformed')
  return { openReports: after.key, firstOpenAt: new Date(Number(match[1])), id: Number(match[2]) }
}

/**
 * A page of the queue's targets: open reports first by count (most first), then by the oldest open
 * report, then by id; walked in report_targets_queue_idx's order, never sorted.
 */
export function reportQueueStatement(db: Database, cursor: string | undefined, limit: number) {
  const after = queueAfter(cursor)
  return db
    .select({
      id: reportTargets.id,
      kind: reportTargets.kind,
      key: reportTargets.key,
      openReports: reportTargets.openReports,
      firstOpenAt: reportTargets.firstOpenAt,
    })
    .from(reportTargets)
    .where(
      and(
        gt(reportTargets.openReports, 0),
        after &&
          or(
            lt(reportTargets.openReports, after.openReports),
            and(
              eq(reportTargets.openReports, after.openReports),
              sql`(${reportTargets.firstOpenAt}, ${reportTargets.id}) > (${after.firstOpenAt.getTime()}, ${after.id})`,
            ),
          ),
      ),
    )
    .orderBy(sql`${reportTargets.openReports} DESC`, reportTargets.firstOpenAt, reportTargets.id)
    .limit(limit + 1)
}

/** The open reports' reasons of some targets, counted (reports_target_idx). */
export function queueReasonsStatement(db: Database, targetIds: number[]) {
  return db
    .select({ targetId: reports.targetId, reason: reports.reason, reports: count() })
    .from(reports)
    .where(and(inArray(reports.targetId, targetIds), eq(reports.status, 'open')))
    .groupBy(reports.targetId, reports.reason)
}

export async function listReportQueue(db: Database, cursor: string | undefined, limit: number) {
  const rows = await reportQueueStatement(db, cursor, limit)
  const page = rows.slice(0, limit)
  const last = rows.length > limit ? page.at(-1) : undefined
  const reasons = page.length
    ? await queueReasonsStatement(
        db,
        page.map((r) => r.id),
      )
    : []
  return {
    data: page.map((r) => ({
      target: targetJson(r.kind, r.key),
      openReports: r.openReports,
      firstReportedAt: isoTime(r.firstOpenAt!),
      reasons: Object.fromEntries(
        reasons.filter((reason) => reason.targetId === r.id).map((reason) => [reason.reason, reason.reports]),
      ) as Partial<Record<ReportReason, number>>,
    })),
    nextCursor: last ? encodeTextCursor(QUEUE, last.openReports, `${last.firstOpenAt!.getTime()}:${last.id}`) : null,
  }
}

/** Operators (configuration) and moderators (granted, oldest first), for the console. */
export async function listStaff(db: Database, operators: readonly string[]) {
  const rows = await db.select().from(moderators).orderBy(moderators.createdAt)
  return {
    operators: operators.map((a) => checksum(a)),
    moderators: rows.map((r) => ({
      address: checksum(r.address),
      grantedBy: checksum(r.grantedBy),
      grantedAt: isoTime(r.createdAt),
    })),
  }
}
