/**
 * What a list read does here (ADR 45-c). Each entry naming an item or a collection this instance
 * has, and nothing was done with yet, becomes a report by the list's signer for a moderator to
 * judge (a suggestion), or, on a list the operator trusts, a decision at once: flag stolen, or
 * mark spam, with the list's URL as its source and its signer as who decided. An entry naming
 * nothing here is kept and looked for again at the next read (the token may be imported later).
 */
import { getAddress } from 'viem'
import type { ListEntry } from '../../db/market'
import { markListEntry, recordDecision, recordReport, reverseDecision } from '../../db/market'
import { DomainError } from '../../db/errors'
import type { Runtime } from '../platform/runtime'
import { presentPendingEntries, type SubscriptionRow } from '../queries/shared-lists'

export interface Applied {
  suggested: number
  applied: number
  /** Already decided here, or already suggested by the same signer. */
  already: number
}

const words = (entry: Pick<ListEntry, 'kind' | 'category'>) =>
  entry.kind === 'item' ? 'stolen' : entry.category === 'spam' ? 'spam' : 'a scam'

/** Acts on the pending entries of `subscription` that name something here. */
export async function applyEntries({ db }: Pick<Runtime, 'db'>, subscription: SubscriptionRow): Promise<Applied> {
  const done: Applied = { suggested: 0, applied: 0, already: 0 }
  for (const entry of await presentPendingEntries(db, subscription.id)) {
    const target = { kind: entry.kind, key: String(entry.targetId) }
    const said = `Listed as ${words(entry)} by the shared list ${subscription.url} (sequence ${subscription.sequence}), signed by ${getAddress(subscription.signer)}.`
    if (entry.decided) {
      await markListEntry(db, subscription.id, entry, { outcome: 'already' })
      done.already++
      continue
    }
    try {
      if (subscription.trusted) {
        const { id } = await recordDecision(db, {
          action: entry.kind === 'item' ? 'flag_stolen' : 'mark_spam',
          target,
          category: entry.kind === 'item' ? 'stolen' : entry.category === 'spam' ? 'spam' : 'scam',
          reason: said,
          actor: subscription.signer,
          source: subscription.url,
        })
        await markListEntry(db, subscription.id, entry, { outcome: 'applied', decisionId: id })
        done.applied++
      } else {
        const { id } = await recordReport(db, {
          reporter: subscription.signer,
          target,
          reason: entry.kind === 'item' ? 'stolen' : 'scam_or_spam',
          note: said.slice(0, 1000),
        })
        await markListEntry(db, subscription.id, entry, { outcome: 'suggested', reportId: id })
        done.suggested++
      }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      // Gone meanwhile: looked for again at the next read.
      if (error.code === 'not_found') continue
      // Decided meanwhile, or the signer's report of it is open already (one per reporter and target).
      if (error.code !== 'conflict') throw error
      await markListEntry(db, subscription.id, entry, { outcome: 'already' })
      done.already++
    }
  }
  return done
}

/**
 * A trusted list dropped entries it had decided here: the publisher reversed them, so this
 * instance does too (a decision already reversed here stays as it is).
 */
export async function reverseDropped(
  { db }: Pick<Runtime, 'db'>,
  subscription: Pick<SubscriptionRow, 'url' | 'signer'>,
  decisionIds: number[],
): Promise<number> {
  let reversed = 0
  for (const id of decisionIds) {
    try {
      await reverseDecision(db, id, {
        actor: subscription.signer,
        reason: `No longer on the shared list ${subscription.url}.`,
      })
      reversed++
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'conflict')) throw error
    }
  }
  return reversed
}
