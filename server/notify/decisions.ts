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
  try {
    const decision = await findDecision(runtime.db, decisionId)
    const concerned = await concernedParties(runtime.db, { kind: decision.targetKind, key: decision.targetKey })
    if ((await tellOfDecision(runtime.db, event, concerned)) > 0) await wakeSender(runtime)
  } catch (error) {
    // The decision is written: its moderator is not told it failed (a retry would be a 409), and
    // its statement's page shows it to whom it concerns all the same.
    console.warn(`notifications: decision ${decisionId} not told: ${(error as Error).message.split('\n')[0]}`)
  }
}
