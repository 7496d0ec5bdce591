/**
 * What a list read does here (ADR 48). Each entry naming an item or a collection this instance
 * has, and nothing was done with yet, becomes a report by the list's signer for a moderator to
 * judge (a suggestion), or, on a list the operator trusts, a decision at once: flag stolen, or
 * mark spam, with the list's URL as its source and its signer as who decided. An entry naming
 * nothing here is kept and looked for again at the next read (the token may be imported later).
 */
import { getAddress } from 'viem'
import type { Db, ListEntry } from '../../db/market'
import { REPORT_NOTE_MAX } from '../../db/report-reasons'
import { markListEntry, recordDecision, recordReport, reverseDecision } from '../../db/market'
import { DomainError } from '../../db/errors'
import type { Runtime } from '../platform/runtime'
import { presentPendingEntries, type PresentEntry, type SubscriptionRow } from '../queries/shared-lists'

export interface Applied {
  suggested: number
  applied: number
  /** Already decided here, or already suggested by the same signer. */
  already: number
  /** Entries were left for the next read (this one did APPLY_PER_READ). */
  more: boolean
}

const words = (entry: Pick<ListEntry, 'kind' | 'category'>) =>
  entry.kind === 'item' ? 'stolen' : entry.category === 'spam' ? 'spam' : 'a scam'

/** Entries acted on per transaction: a 10,000-entry list is fifty short writes, not 10,000. */
export const APPLY_BATCH = 200
/** Entries acted on per read at most: a long list is taken a part per read, each read bounded. */
export const APPLY_PER_READ = 1_000

/** Acts on the pending entries of `subscription` that name something here, a batch per transaction. */
export async function applyEntries({ db }: Pick<Runtime, 'db'>, subscription: SubscriptionRow): Promise<Applied> {
  const done: Applied = { suggested: 0, applied: 0, already: 0, more: false }
  for (let taken = 0; ; taken += APPLY_BATCH) {
    if (taken >= APPLY_PER_READ) return { ...done, more: true }
    const batch = await presentPendingEntries(db, subscription.id, APPLY_BATCH)
    const before = done.suggested + done.applied + done.already
    await db.transaction(async (tx) => {
      for (const entry of batch) await applyOne(tx, subscription, entry, done)
    })
    // A short batch was the last; one where nothing could be done (its targets gone meanwhile) waits for the next read.
    if (batch.length < APPLY_BATCH || done.suggested + done.applied + done.already === before) return done
  }
}

async function applyOne(db: Db, subscription: SubscriptionRow, entry: PresentEntry, done: Applied): Promise<void> {
  const target = { kind: entry.kind, key: String(entry.targetId) }
  const said = `Listed as ${words(entry)} by the shared list ${subscription.url} (sequence ${subscription.sequence}), signed by ${getAddress(subscription.signer)}.`
  if (entry.decided) {
    await markListEntry(db, subscription.id, entry, { outcome: 'already' })
    done.already++
    return
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
        note: said.slice(0, REPORT_NOTE_MAX),
      })
      await markListEntry(db, subscription.id, entry, { outcome: 'suggested', reportId: id })
      done.suggested++
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    // Gone meanwhile: looked for again at the next read.
    if (error.code === 'not_found') return
    // Decided meanwhile, or the signer's report of it is open already (one per reporter and target).
    if (error.code !== 'conflict') throw error
    await markListEntry(db, subscription.id, entry, { outcome: 'already' })
    done.already++
  }
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
