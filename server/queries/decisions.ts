/**
 * Decisions' reads (ADR 45): what a target's page says of a decision in force, a target's history
 * for the console, the appeals queue and the audit log (a page, or all of it to export). Writes
 * are db/market/decisions.ts's.
 */
import { and, asc, desc, eq, gt, isNull, lt } from 'drizzle-orm'
import type { Database } from '../../db/client'
import {
  DECISION_ACTION_LABELS,
  DECISION_CATEGORY_LABELS,
  LEGAL_CATEGORIES,
  type DecisionAction,
  type DecisionTargetKind,
} from '../../db/decision-kinds'
import { DomainError } from '../../db/errors'
import { appeals, auditLog, collections, decisions, nfts, tokenBalances } from '../../db/schema'
import type { DecisionTargetInput } from '../inputs/decisions'
import { encodeCursor, keysetValues, splitPage } from './cursor'
import { resolveReportTarget } from './moderation'
import { checksum, checksumOrNull, isoTime } from './serialize'

export interface StoredTarget {
  kind: DecisionTargetKind
  key: string
}

/** The stored key of what `target` names (a 404 naming it when it does not exist; a contract always does). */
export async function resolveDecisionTarget(db: Database, target: DecisionTargetInput): Promise<StoredTarget> {
  if (target.kind === 'contract') return { kind: 'contract', key: `${target.chainId}:${target.address}` }
  return resolveReportTarget(db, target)
}

/** A stored target as answers show it. */
export function decisionTargetJson(kind: DecisionTargetKind, key: string) {
  if (kind === 'profile') return { kind, address: checksum(key) }
  if (kind === 'contract') {
    const [chainId, address] = key.split(':')
    return { kind, chainId: Number(chainId), address: checksum(address!) }
  }
  return { kind, id: Number(key) }
}

type DecisionRow = typeof decisions.$inferSelect

export function decisionJson(row: DecisionRow) {
  return {
    id: row.id,
    action: row.action,
    actionLabel: DECISION_ACTION_LABELS[row.action],
    target: decisionTargetJson(row.targetKind, row.targetKey),
    category: row.category,
    categoryLabel: DECISION_CATEGORY_LABELS[row.category],
    reason: row.reason,
    decidedBy: checksum(row.decidedBy),
    source: row.source,
    decidedAt: isoTime(row.createdAt),
    inForce: row.action !== 'dismiss' && row.reversedAt === null,
    reversedAt: row.reversedAt ? isoTime(row.reversedAt) : null,
    reversedBy: checksumOrNull(row.reversedBy),
    reversalReason: row.reversalReason,
  }
}
export type DecisionJson = ReturnType<typeof decisionJson>

export async function findDecision(db: Database, id: number): Promise<DecisionRow> {
  const [row] = await db.select().from(decisions).where(eq(decisions.id, id))
  if (!row) throw new DomainError('not_found', `decision: there is no decision ${id}`)
  return row
}

/**
 * What a page of something moderation acted on says: the action, its category and reason, when,
 * and the status its `GET` answers (451 for a legal reason, 410 otherwise). Null when `id` is null.
 */
export async function decisionNotice(db: Database, id: number | null) {
  if (id === null) return null
  const row = await findDecision(db, id)
  return {
    decision: row.id,
    action: row.action,
    category: row.category,
    categoryLabel: DECISION_CATEGORY_LABELS[row.category],
    reason: row.reason,
    decidedAt: isoTime(row.createdAt),
    httpStatus: LEGAL_CATEGORIES.includes(row.category) ? (451 as const) : (410 as const),
  }
}
export type DecisionNotice = NonNullable<Awaited<ReturnType<typeof decisionNotice>>>

/** The decisions on a target, newest first, with their appeals (the console's history beside a report). */
export async function targetDecisions(db: Database, target: StoredTarget) {
  const rows = await db
    .select()
    .from(decisions)
    .where(and(eq(decisions.targetKind, target.kind), eq(decisions.targetKey, target.key)))
    .orderBy(desc(decisions.id))
    .limit(50)
  return rows.map(decisionJson)
}

/** The decision of `action` in force on a target, or null. */
export async function decisionInForce(db: Database, action: DecisionAction, target: StoredTarget) {
  const [row] = await db
    .select()
    .from(decisions)
    .where(
      and(
        eq(decisions.targetKind, target.kind),
        eq(decisions.targetKey, target.key),
        eq(decisions.action, action),
        isNull(decisions.reversedAt),
      ),
    )
  return row ? decisionJson(row) : null
}

function appealJson(row: typeof appeals.$inferSelect) {
  return {
    id: row.id,
    decisionId: row.decisionId,
    appellant: checksum(row.appellant),
    statement: row.statement,
    status: row.status,
    outcome: row.outcome,
    decidedBy: checksumOrNull(row.decidedBy),
    createdAt: isoTime(row.createdAt),
    decidedAt: row.decidedAt ? isoTime(row.decidedAt) : null,
  }
}

const APPEALS = 'appeals'

/** Open appeals, oldest first, each beside the decision it appeals (appeals_queue_idx). */
export async function listOpenAppeals(db: Database, cursor: string | undefined, limit: number) {
  const { afterKey, afterId, limit: rows } = keysetValues(cursor, APPEALS, limit)
  const found = await db
    .select({ appeal: appeals, decision: decisions })
    .from(appeals)
    .innerJoin(decisions, eq(decisions.id, appeals.decisionId))
    .where(
      and(
        eq(appeals.status, 'open'),
        afterKey === undefined ? undefined : gt(appeals.createdAt, new Date(afterKey)),
      ),
    )
    .orderBy(asc(appeals.createdAt), asc(appeals.id))
    .limit(rows)
  // Equal times are rare (milliseconds); rows at the cursor's time past its id are kept.
  const { page, last } = splitPage(
    found.filter((r) => afterId === undefined || r.appeal.createdAt.getTime() !== afterKey || r.appeal.id > afterId),
    limit,
  )
  return {
    data: page.map((r) => ({ ...appealJson(r.appeal), decision: decisionJson(r.decision) })),
    nextCursor: last ? encodeCursor(APPEALS, last.appeal.createdAt.getTime(), last.appeal.id) : null,
  }
}

/** A wallet's appeals, newest first, with their outcome. */
export async function listOwnAppeals(db: Database, appellant: string) {
  const rows = await db
    .select()
    .from(appeals)
    .where(eq(appeals.appellant, appellant.toLowerCase()))
    .orderBy(desc(appeals.id))
    .limit(100)
  return rows.map(appealJson)
}

function auditJson(row: typeof auditLog.$inferSelect) {
  return {
    id: row.id,
    at: isoTime(row.at),
    actor: checksum(row.actor),
    event: row.event,
    subject: row.subject,
    reason: row.reason,
    before: row.before,
    after: row.after,
  }
}
export type AuditEntry = ReturnType<typeof auditJson>

const AUDIT = 'audit'

/** A page of the audit log, newest first. */
export async function listAudit(db: Database, cursor: string | undefined, limit: number) {
  const { afterId, limit: rows } = keysetValues(cursor, AUDIT, limit)
  const found = await db
    .select()
    .from(auditLog)
    .where(afterId === undefined ? undefined : lt(auditLog.id, afterId))
    .orderBy(desc(auditLog.id))
    .limit(rows)
  const { page, last } = splitPage(found, limit)
  return { data: page.map(auditJson), nextCursor: last ? encodeCursor(AUDIT, last.id, last.id) : null }
}

/** The whole audit log, oldest first, read a page at a time. */
export async function* auditEntries(db: Database): AsyncGenerator<AuditEntry> {
  let after = 0
  for (;;) {
    const rows = await db.select().from(auditLog).where(gt(auditLog.id, after)).orderBy(asc(auditLog.id)).limit(500)
    for (const row of rows) yield auditJson(row)
    if (rows.length < 500) return
    after = rows.at(-1)!.id
  }
}

const CSV_COLUMNS = ['id', 'at', 'actor', 'event', 'subject', 'reason', 'before', 'after'] as const

/** One CSV field (RFC 4180), with a leading formula character defused for spreadsheets. */
function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const auditCsvHeader = `${CSV_COLUMNS.join(',')}\r\n`
export const auditCsvRow = (entry: AuditEntry) => `${CSV_COLUMNS.map((c) => csvField(entry[c])).join(',')}\r\n`

/**
 * Whom a decision on `target` concerns, lowercase: they are told of it and may appeal. An item's
 * owner (every holder of an ERC-1155 token) and creator; a collection's creator, importer and
 * contract owner; a profile's wallet; a contract's collection's, if it was imported.
 */
export async function concernedParties(db: Database, target: StoredTarget): Promise<string[]> {
  const parties = new Set<string>()
  const add = (...addresses: (string | null | undefined)[]) => {
    for (const a of addresses) if (a && a !== ZERO) parties.add(a.toLowerCase())
  }
  if (target.kind === 'profile') add(target.key)
  else if (target.kind === 'item') {
    const id = Number(target.key)
    const [nft] = await db.select({ owner: nfts.owner, creator: nfts.creator }).from(nfts).where(eq(nfts.id, id))
    add(nft?.owner, nft?.creator)
    const holders = await db
      .select({ owner: tokenBalances.owner })
      .from(tokenBalances)
      .where(eq(tokenBalances.nftId, id))
      .limit(100)
    add(...holders.map((h) => h.owner))
  } else {
    const where =
      target.kind === 'collection'
        ? eq(collections.id, Number(target.key))
        : and(
            eq(collections.chainId, Number(target.key.split(':')[0])),
            eq(collections.contract, target.key.split(':')[1]!),
          )
    const [row] = await db
      .select({ creator: collections.creator, importedBy: collections.importedBy, owner: collections.contractOwner })
      .from(collections)
      .where(where)
    add(row?.creator, row?.importedBy, row?.owner)
  }
  return [...parties]
}

const ZERO = '0x0000000000000000000000000000000000000000'
