/**
 * Statements of reasons (ADR 47): whom a decision concerns is told of it, of its reversal and of
 * an appeal's outcome, and the reporters whose reports it closed are told what was decided. Filed
 * as notifications, so each goes by every channel its wallet enabled (bell, email, webhook) and is
 * told once (keyed by the decision or appeal). Who is concerned is read above
 * (server/queries/decisions.ts concernedParties); server/notify/decisions.ts calls this.
 */
import { and, eq } from 'drizzle-orm'
import {
  appeals,
  collections,
  decisions,
  reports,
  reportTargets,
  type NotificationData,
  type ReportTargetKind,
} from '../schema'
import { tell, type NewNotification } from './notifications'
import type { Db } from './transaction'

/**
 * Who filed the reports `decision` closed (wallets, and legal notices as `notice:<id>`), read by its
 * target's reports (report_targets_key_idx, then reports_target_idx): a decision closes only its
 * target's.
 */
export function reportersStatement(db: Db, decision: { id: number; targetKind: string; targetKey: string }) {
  return db
    .select({ reporter: reports.reporter })
    .from(reports)
    .innerJoin(reportTargets, eq(reportTargets.id, reports.targetId))
    .where(
      and(
        eq(reportTargets.kind, decision.targetKind as ReportTargetKind),
        eq(reportTargets.key, decision.targetKey),
        eq(reports.decisionId, decision.id),
      ),
    )
}

/** A blocked contract's collection, when it was imported: the notification names it. */
async function contractsCollection(db: Db, decision: { targetKind: string; targetKey: string }) {
  if (decision.targetKind !== 'contract') return null
  const [chainId, contract] = decision.targetKey.split(':')
  const [row] = await db
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.chainId, Number(chainId)), eq(collections.contract, contract!)))
  return row?.id ?? null
}

export type DecisionEvent = { decided: number } | { reversed: number } | { appealDecided: number }

/** Files the notifications of `event` for `concerned` (lowercase wallets); answers how many were new. */
export async function tellOfDecision(
  db: Db,
  event: DecisionEvent,
  concerned: string[],
  now = new Date(),
): Promise<number> {
  const appeal =
    'appealDecided' in event
      ? (await db.select().from(appeals).where(eq(appeals.id, event.appealDecided)))[0]
      : undefined
  const decisionId = 'decided' in event ? event.decided : 'reversed' in event ? event.reversed : appeal?.decisionId
  if (decisionId === undefined) return 0
  const [decision] = await db.select().from(decisions).where(eq(decisions.id, decisionId))
  if (!decision) return 0
  const about = {
    nftId: decision.targetKind === 'item' ? Number(decision.targetKey) : null,
    collectionId:
      decision.targetKind === 'collection' ? Number(decision.targetKey) : await contractsCollection(db, decision),
  }
  const facts: NotificationData = { decision: decision.id, action: decision.action, category: decision.category }
  const to = (recipients: string[], kind: NewNotification['kind'], eventKey: string, data: NotificationData) =>
    [...new Set(recipients.map((r) => r.toLowerCase()))].map((recipient) => ({
      ...about,
      recipient,
      kind,
      eventKey,
      data: { ...facts, ...data },
    }))

  if ('decided' in event) {
    // A dismissal takes nothing from anyone: only its reporters hear of it.
    const owners = decision.action === 'dismiss' ? [] : concerned
    // Reporters by wallet only: a legal notice's sender (`notice:…`) has no bell.
    const reporters = (await reportersStatement(db, decision)).filter((r) => r.reporter.startsWith('0x'))
    return tell(
      db,
      [
        ...to(owners, 'decision_taken', `decision:${decision.id}`, { reason: decision.reason }),
        ...to(
          reporters.map((r) => r.reporter),
          'report_decided',
          `report_decided:${decision.id}`,
          { reason: decision.reason },
        ),
      ],
      now,
    )
  }
  if ('reversed' in event) {
    return tell(
      db,
      to(concerned, 'decision_reversed', `decision_reversed:${decision.id}`, {
        reason: decision.reversalReason ?? '',
      }),
      now,
    )
  }
  if (!appeal || appeal.status === 'open') return 0
  return tell(
    db,
    to([appeal.appellant, ...concerned], 'appeal_decided', `appeal:${appeal.id}`, {
      appeal: appeal.id,
      outcome: appeal.status,
      reason: appeal.outcome ?? '',
    }),
    now,
  )
}
