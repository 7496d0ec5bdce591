/**
 * A token flagged stolen (its `flagged_by` decision, set and cleared by db/market/decisions.ts):
 * what its page and answers say of the flag, and the refusal of every trade of it through Vitrine.
 */
import type { Database } from '../../db/client'
import { refuse } from '../../db/errors'
import { decisionNotice } from './decisions'

/** The flag as an item's answer shows it (null: not flagged). */
export async function flagNotice(db: Database, flaggedBy: number | null) {
  const notice = await decisionNotice(db, flaggedBy)
  if (!notice) return null
  const { decision, category, categoryLabel, reason, decidedAt } = notice
  return { decision, category, categoryLabel, reason, decidedAt }
}
export type FlagNotice = NonNullable<Awaited<ReturnType<typeof flagNotice>>>

/**
 * Refuses (403, before anything is written) a listing, offer, bid, auction or acceptance of a
 * flagged token, naming the flag: `what` is the field and the token as the request named them.
 */
export async function refuseIfFlagged(db: Database, flaggedBy: number | null, what: string): Promise<void> {
  const flag = await flagNotice(db, flaggedBy)
  if (!flag) return
  refuse(
    `${what} was flagged stolen by this marketplace on ${flag.decidedAt.slice(0, 10)} (${flag.categoryLabel}: ${flag.reason}); it cannot be listed, bought, offered on or accepted here until the flag is cleared`,
    'forbidden',
  )
}
