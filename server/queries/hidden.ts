/**
 * What a hidden or spam-marked thing answers when it is asked for by itself (its page, its `GET`):
 * hidden, a refusal naming the decision (410, or 451 for a legal reason) and nothing of its media;
 * marked spam, its answer with the mark, so the page warns first. Lists leave both out by their
 * flags (`nfts.hidden`, `collections.hidden_by` / `spam_by`, `users.hidden_by`). The decisions
 * themselves: db/market/decisions.ts; their notice: ./decisions.ts.
 */
import type { Database } from '../../db/client'
import { DomainError } from '../../db/errors'
import { findCollectionMarks } from './collections'
import { decisionNotice, type DecisionNotice } from './decisions'

export type HiddenWhat = 'item' | 'collection' | 'profile'

/** The refusal a hidden thing answers with: REST `details` and tRPC `data.details` carry the notice. */
export function hiddenError(what: HiddenWhat, notice: DecisionNotice): DomainError {
  return new DomainError(
    notice.httpStatus === 451 ? 'legal' : 'gone',
    `This ${what} was hidden by this marketplace (${notice.categoryLabel}): ${notice.reason}`,
    { details: { moderation: { hidden: notice } } },
  )
}

/** Refuses with the notice of the decision `decisionId` when it is not null. */
export async function refuseHidden(db: Database, what: HiddenWhat, decisionId: number | null): Promise<void> {
  const notice = await decisionNotice(db, decisionId)
  if (notice) throw hiddenError(what, notice)
}

/** What a `GET` answer carries of moderation: the spam or scam mark in force (its notice), or null. */
export async function moderationOf(db: Database, spamBy: number | null) {
  return { spam: await decisionNotice(db, spamBy) }
}
export type Moderation = Awaited<ReturnType<typeof moderationOf>>

/**
 * The id of a collection a read is scoped to (its traits, offers, charts, criteria): a 404 when
 * there is none, the hidden refusal when this marketplace hid it.
 */
export async function visibleCollectionId(db: Database, idOrSlug: string): Promise<number> {
  const marks = await findCollectionMarks(db, idOrSlug)
  if (!marks) throw new DomainError('not_found', `collection "${idOrSlug}" does not exist`)
  await refuseHidden(db, 'collection', marks.hiddenBy)
  return marks.id
}
