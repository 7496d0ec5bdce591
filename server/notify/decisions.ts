/**
 * Tells of a moderation decision, its reversal or an appeal's outcome (db/market/decision-notices.ts)
 * to whom decision `decisionId` concerns now (server/queries/decisions.ts), and wakes the sender so
 * the emails and webhooks go at once; a decision is mailed to the senders of the legal notices it
 * closed too. Called by the moderation router after each of those writes.
 */
import { tellOfDecision, type DecisionEvent } from '../../db/market'
import type { decisions } from '../../db/schema'
import type { Runtime } from '../platform/runtime'
import { concernedParties, decisionJson, findDecision } from '../queries/decisions'
import { noticesClosedBy } from '../queries/legal-notices'
import { emailChannelOf } from './email'
import { wakeSender } from './wake'

type DecisionRow = typeof decisions.$inferSelect

/**
 * The senders of the legal notices a decision closed have no wallet, so no outbox: each is mailed
 * once, now (a failure is logged; the statement's page stays where the mail would have pointed).
 */
async function mailNoticeSenders(runtime: Pick<Runtime, 'db' | 'env'>, row: DecisionRow) {
  const channel = emailChannelOf(runtime.env)
  if (!channel) return
  const decision = decisionJson(row)
  const url = `${runtime.env.siteOrigins[0]}/decisions/${decision.id}`
  for (const notice of await noticesClosedBy(runtime.db, row)) {
    const attempt = await channel.sendNoticeDecision(notice.email, notice, {
      action: decision.actionLabel,
      category: decision.categoryLabel,
      reason: decision.reason,
      url,
    })
    if (!attempt.ok) console.warn(`legal notice ${notice.id}: the decision was not mailed: ${attempt.error}`)
  }
}

export async function announceDecision(
  runtime: Pick<Runtime, 'db' | 'env' | 'notifier'>,
  decisionId: number,
  event: DecisionEvent,
): Promise<void> {
  try {
    const decision = await findDecision(runtime.db, decisionId)
    const concerned = await concernedParties(runtime.db, { kind: decision.targetKind, key: decision.targetKey })
    if ((await tellOfDecision(runtime.db, event, concerned)) > 0) await wakeSender(runtime)
    if ('decided' in event) await mailNoticeSenders(runtime, decision)
  } catch (error) {
    // The decision is written: its moderator is not told it failed (a retry would be a 409), and
    // its statement's page shows it to whom it concerns all the same.
    console.warn(`notifications: decision ${decisionId} not told: ${(error as Error).message.split('\n')[0]}`)
  }
}
