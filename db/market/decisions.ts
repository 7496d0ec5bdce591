/**
 * Moderators' decisions (ADR 45): taken, reversed and appealed, each in one transaction that also
 * copies the state onto its target (what lists read), closes the target's open reports and appends
 * to the audit log. Who may call them is checked above (server/auth/roles.ts). The other files of
 * the feature: db/decision-kinds.ts (words), db/schema/moderation.ts (tables),
 * server/queries/decisions.ts (reads), server/trpc/routers/moderation.ts (transport).
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { DecisionAction, DecisionCategory, DecisionTargetKind } from '../decision-kinds'
import { DomainError, isUniqueViolation } from '../errors'
import {
  appeals,
  auditLog,
  blockedContracts,
  collections,
  decisions,
  nfts,
  reports,
  reportTargets,
  users,
  type AuditEvent,
} from '../schema'
import type { PageChange } from './page-changes'
import { refreshInTx } from './refresh'
import type { Db, Tx } from './transaction'

export interface DecisionTarget {
  kind: DecisionTargetKind
  /** An item's or collection's id in decimal, a profile's lowercase address, a contract's `chainId:address`. */
  key: string
}

export interface DecisionRecord {
  action: DecisionAction
  target: DecisionTarget
  category: DecisionCategory
  reason: string
  /** The moderator or operator deciding (lowercase address). */
  actor: string
  /** A shared list's URL when the decision comes from one. */
  source?: string | null
}

type State = Record<string, unknown>

/** Appends one entry to the audit log (never changed afterwards: the table's triggers refuse it). */
export async function appendAudit(
  db: Db,
  entry: {
    actor: string
    event: AuditEvent
    subject: string
    reason?: string
    before?: State | null
    after?: State | null
  },
  now = new Date(),
): Promise<void> {
  await db.insert(auditLog).values({
    at: now,
    actor: entry.actor.toLowerCase(),
    event: entry.event,
    subject: entry.subject,
    reason: entry.reason ?? '',
    before: entry.before ?? null,
    after: entry.after ?? null,
  })
}

const subjectOf = (target: DecisionTarget) => `${target.kind}:${target.key}`

function contractOf(key: string): { chainId: number; contract: string } {
  const [chainId, contract] = key.split(':')
  return { chainId: Number(chainId), contract: contract! }
}

/** What a target shows of moderation now: the audit log's before and after. */
async function stateOf(tx: Tx, target: DecisionTarget): Promise<State> {
  if (target.kind === 'item') {
    const [row] = await tx
      .select({ hiddenBy: nfts.hiddenBy, flaggedBy: nfts.flaggedBy, hidden: nfts.hidden })
      .from(nfts)
      .where(eq(nfts.id, Number(target.key)))
    if (!row) throw new DomainError('not_found', `target: there is no item ${target.key} on this marketplace`)
    return row
  }
  if (target.kind === 'collection') {
    const [row] = await tx
      .select({
        hiddenBy: collections.hiddenBy,
        spamBy: collections.spamBy,
        verified: collections.verified,
        featuredAt: collections.featuredAt,
      })
      .from(collections)
      .where(eq(collections.id, Number(target.key)))
    if (!row) throw new DomainError('not_found', `target: there is no collection ${target.key} on this marketplace`)
    return { ...row, featuredAt: row.featuredAt?.toISOString() ?? null }
  }
  if (target.kind === 'profile') {
    const [row] = await tx.select({ hiddenBy: users.hiddenBy }).from(users).where(eq(users.address, target.key))
    return { hiddenBy: row?.hiddenBy ?? null }
  }
  const { chainId, contract } = contractOf(target.key)
  const [row] = await tx
    .select({ decisionId: blockedContracts.decisionId })
    .from(blockedContracts)
    .where(and(eq(blockedContracts.chainId, chainId), eq(blockedContracts.contract, contract)))
  return { blockedBy: row?.decisionId ?? null }
}

/** Recomputes the `hidden` flag of a collection's items (or one item) from the decisions in force. */
async function reflagHidden(tx: Tx, where: { collectionId: number } | { nftId: number }): Promise<void> {
  await tx
    .update(nfts)
    .set({
      hidden: sql`${nfts.hiddenBy} IS NOT NULL OR EXISTS (SELECT 1 FROM collections c WHERE c.id = ${nfts.collectionId} AND (c.hidden_by IS NOT NULL OR c.spam_by IS NOT NULL))`,
    })
    .where('collectionId' in where ? eq(nfts.collectionId, where.collectionId) : eq(nfts.id, where.nftId))
}

/** Sets (decision id) or clears (null) what `action` puts on its target. */
async function applyState(tx: Tx, action: DecisionAction, target: DecisionTarget, id: number | null, now: Date) {
  const key = Number(target.key)
  switch (action) {
    case 'hide':
      if (target.kind === 'item') {
        await tx.update(nfts).set({ hiddenBy: id }).where(eq(nfts.id, key))
        return reflagHidden(tx, { nftId: key })
      }
      if (target.kind === 'collection') {
        await tx.update(collections).set({ hiddenBy: id }).where(eq(collections.id, key))
        return reflagHidden(tx, { collectionId: key })
      }
      // A profile may have no row yet (a wallet that never signed in): it gets one to carry the mark.
      await tx.insert(users).values({ address: target.key }).onConflictDoNothing()
      await tx.update(users).set({ hiddenBy: id }).where(eq(users.address, target.key))
      return
    case 'flag_stolen':
      await tx.update(nfts).set({ flaggedBy: id }).where(eq(nfts.id, key))
      // Its price and offers leave the lists and the floor while flagged, and come back after.
      return refreshInTx(tx, [key], now)
    case 'mark_spam':
      await tx.update(collections).set({ spamBy: id }).where(eq(collections.id, key))
      return reflagHidden(tx, { collectionId: key })
    case 'verify':
      await tx
        .update(collections)
        .set({ verified: id !== null })
        .where(eq(collections.id, key))
      return
    case 'feature':
      await tx
        .update(collections)
        .set({ featuredAt: id === null ? null : now })
        .where(eq(collections.id, key))
      return
    case 'block_contract': {
      const { chainId, contract } = contractOf(target.key)
      if (id === null) {
        await tx
          .delete(blockedContracts)
          .where(and(eq(blockedContracts.chainId, chainId), eq(blockedContracts.contract, contract)))
      } else await tx.insert(blockedContracts).values({ chainId, contract, decisionId: id })
      return
    }
    case 'dismiss':
      return
  }
}

/** Why a decision is refused as changing nothing (409), or null when it changes something. */
function alreadySo(action: DecisionAction, before: State): string | null {
  if (action === 'verify' && before.verified) return 'this collection is already verified'
  return null
}

/** The pages a decision on `target` changes: its own, its items' for a collection, and every list. */
async function changedPages(tx: Tx, target: DecisionTarget): Promise<PageChange> {
  if (target.kind === 'item') return { nfts: [Number(target.key)] }
  if (target.kind === 'collection') {
    const items = await tx
      .select({ id: nfts.id })
      .from(nfts)
      .where(eq(nfts.collectionId, Number(target.key)))
    return { collections: [Number(target.key)], nfts: items.map((i) => i.id) }
  }
  if (target.kind === 'profile') return { users: [target.key] }
  return {}
}

/** Closes the target's open reports with the decision (acted on, or dismissed). */
async function closeReports(tx: Tx, target: DecisionTarget, decisionId: number, action: DecisionAction) {
  if (target.kind === 'contract' || !['hide', 'flag_stolen', 'mark_spam', 'dismiss'].includes(action)) return 0
  const [row] = await tx
    .select({ id: reportTargets.id })
    .from(reportTargets)
    .where(and(eq(reportTargets.kind, target.kind), eq(reportTargets.key, target.key)))
  if (!row) return 0
  const closed = await tx
    .update(reports)
    .set({ status: action === 'dismiss' ? 'dismissed' : 'actioned', decisionId })
    .where(and(eq(reports.targetId, row.id), eq(reports.status, 'open')))
    .returning({ id: reports.id })
  await tx.update(reportTargets).set({ openReports: 0, firstOpenAt: null }).where(eq(reportTargets.id, row.id))
  return closed.length
}

export interface DecisionTaken {
  id: number
  reportsClosed: number
  change: PageChange
}

/**
 * Takes a decision: one of each action in force per target (a second is a 409 naming the first),
 * its state copied onto the target, the target's open reports closed, the audit log appended.
 */
export async function recordDecision(db: Db, record: DecisionRecord, now = new Date()): Promise<DecisionTaken> {
  try {
    return await db.transaction(async (tx) => {
      const before = await stateOf(tx, record.target)
      const refused = alreadySo(record.action, before)
      if (refused) throw new DomainError('conflict', refused)
      if (record.action !== 'dismiss') {
        const [inForce] = await tx
          .select({ id: decisions.id })
          .from(decisions)
          .where(inForceWhere(record.action, record.target))
        if (inForce) {
          throw new DomainError(
            'conflict',
            `decision ${inForce.id} already does this; reverse it first to decide again`,
          )
        }
      }
      const [row] = await tx
        .insert(decisions)
        .values({
          action: record.action,
          targetKind: record.target.kind,
          targetKey: record.target.key,
          category: record.category,
          reason: record.reason,
          decidedBy: record.actor.toLowerCase(),
          source: record.source ?? null,
          createdAt: now,
        })
        .returning({ id: decisions.id })
      await applyState(tx, record.action, record.target, row!.id, now)
      const reportsClosed = await closeReports(tx, record.target, row!.id, record.action)
      await appendAudit(
        tx,
        {
          actor: record.actor,
          event: 'decided',
          subject: subjectOf(record.target),
          reason: `${record.action} (${record.category}): ${record.reason}`,
          before,
          after: { ...(await stateOf(tx, record.target)), decision: row!.id, reportsClosed },
        },
        now,
      )
      const change = record.action === 'dismiss' ? {} : await changedPages(tx, record.target)
      return { id: row!.id, reportsClosed, change }
    })
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DomainError('conflict', 'a decision of this kind is already in force on this target', { cause: error })
    }
    throw error
  }
}

function inForceWhere(action: DecisionAction, target: DecisionTarget) {
  return and(
    eq(decisions.targetKind, target.kind),
    eq(decisions.targetKey, target.key),
    eq(decisions.action, action),
    isNull(decisions.reversedAt),
  )
}

/** Reverses a decision in force inside `tx`; the state it set is cleared and the audit log appended. */
async function reverseIn(
  tx: Tx,
  decisionId: number,
  reversal: { actor: string; reason: string; event?: AuditEvent },
  now: Date,
): Promise<PageChange> {
  const [decision] = await tx.select().from(decisions).where(eq(decisions.id, decisionId))
  if (!decision) throw new DomainError('not_found', `decision: there is no decision ${decisionId}`)
  if (decision.action === 'dismiss') {
    throw new DomainError('conflict', `decision ${decisionId} dismissed reports; it has nothing to reverse`)
  }
  if (decision.reversedAt) throw new DomainError('conflict', `decision ${decisionId} was already reversed`)
  const target = { kind: decision.targetKind, key: decision.targetKey }
  const before = await stateOf(tx, target)
  await tx
    .update(decisions)
    .set({ reversedAt: now, reversedBy: reversal.actor.toLowerCase(), reversalReason: reversal.reason })
    .where(eq(decisions.id, decisionId))
  await applyState(tx, decision.action, target, null, now)
  // An appeal still open is answered by the reversal: the appellant got what they asked.
  await tx
    .update(appeals)
    .set({ status: 'reversed', outcome: reversal.reason, decidedBy: reversal.actor.toLowerCase(), decidedAt: now })
    .where(and(eq(appeals.decisionId, decisionId), eq(appeals.status, 'open')))
  await appendAudit(
    tx,
    {
      actor: reversal.actor,
      event: reversal.event ?? 'reversed',
      subject: `decision:${decisionId}`,
      reason: reversal.reason,
      before: { ...before, target: subjectOf(target) },
      after: await stateOf(tx, target),
    },
    now,
  )
  return changedPages(tx, target)
}

/** Reverses a decision in force (a 409 when it was already, or when it only dismissed reports). */
export async function reverseDecision(
  db: Db,
  decisionId: number,
  reversal: { actor: string; reason: string },
  now = new Date(),
): Promise<PageChange> {
  return db.transaction((tx) => reverseIn(tx, decisionId, reversal, now))
}

/**
 * Files an appeal of a decision in force by whom it concerns (checked above); one open appeal per
 * decision (409).
 */
export async function recordAppeal(
  db: Db,
  appeal: { decisionId: number; appellant: string; statement: string },
  now = new Date(),
): Promise<{ id: number }> {
  try {
    return await db.transaction(async (tx) => {
      const [decision] = await tx
        .select({ reversedAt: decisions.reversedAt, action: decisions.action })
        .from(decisions)
        .where(eq(decisions.id, appeal.decisionId))
      if (!decision) throw new DomainError('not_found', `decision: there is no decision ${appeal.decisionId}`)
      if (decision.reversedAt) throw new DomainError('conflict', `decision ${appeal.decisionId} was already reversed`)
      const [open] = await tx
        .select({ id: appeals.id })
        .from(appeals)
        .where(and(eq(appeals.decisionId, appeal.decisionId), eq(appeals.status, 'open')))
      if (open) throw new DomainError('conflict', `appeal ${open.id} of this decision is open; wait for its outcome`)
      const [row] = await tx
        .insert(appeals)
        .values({
          decisionId: appeal.decisionId,
          appellant: appeal.appellant.toLowerCase(),
          statement: appeal.statement,
          createdAt: now,
        })
        .returning({ id: appeals.id })
      await appendAudit(
        tx,
        {
          actor: appeal.appellant,
          event: 'appealed',
          subject: `decision:${appeal.decisionId}`,
          reason: appeal.statement,
          after: { appeal: row!.id },
        },
        now,
      )
      return row!
    })
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DomainError('conflict', 'an appeal of this decision is already open', { cause: error })
    }
    throw error
  }
}

/** Decides an open appeal: `upheld` keeps the decision, `reversed` reverses it in the same transaction. */
export async function decideAppeal(
  db: Db,
  appealId: number,
  outcome: { status: 'upheld' | 'reversed'; reason: string; actor: string },
  now = new Date(),
): Promise<{ decisionId: number; appellant: string; change: PageChange }> {
  return db.transaction(async (tx) => {
    const [appeal] = await tx.select().from(appeals).where(eq(appeals.id, appealId))
    if (!appeal) throw new DomainError('not_found', `appeal: there is no appeal ${appealId}`)
    if (appeal.status !== 'open') throw new DomainError('conflict', `appeal ${appealId} was already decided`)
    await tx
      .update(appeals)
      .set({ status: outcome.status, outcome: outcome.reason, decidedBy: outcome.actor.toLowerCase(), decidedAt: now })
      .where(eq(appeals.id, appealId))
    const change =
      outcome.status === 'reversed'
        ? await reverseIn(
            tx,
            appeal.decisionId,
            { actor: outcome.actor, reason: outcome.reason, event: 'appeal_reversed' },
            now,
          )
        : {}
    if (outcome.status === 'upheld') {
      await appendAudit(
        tx,
        {
          actor: outcome.actor,
          event: 'appeal_upheld',
          subject: `decision:${appeal.decisionId}`,
          reason: outcome.reason,
          after: { appeal: appealId },
        },
        now,
      )
    }
    return { decisionId: appeal.decisionId, appellant: appeal.appellant, change }
  })
}
