/**
 * Tells of a moderation decision, its reversal or an appeal's outcome (db/market/decision-notices.ts)
 * to whom decision `decisionId` concerns now (server/queries/decisions.ts), and wakes the sender so
 * the emails and webhooks go at once. Called by the moderation router after each of those writes.
 */
import { tellOfDecision, type DecisionEvent } from '../../db/market'
import type { Runtime } from '../platform/runtime'
import { concernedParties, findDecision } from '../queries/decisions'
import { wakeSender } from './wake'

export async function announceDecision(
  runtime: Pick<Runtime, 'db' | 'env' | 'notifier'>,
  decisionId: number,
  event: DecisionEvent,
): Promise<void> {
  const decision = await findDecision(runtime.db, decisionId)
  const concerned = await concernedParties(runtime.db, { kind: decision.targetKind, key: decision.targetKey })
  if ((await tellOfDecision(runtime.db, event, concerned)) > 0) await wakeSender(runtime)
}
