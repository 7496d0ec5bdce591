/**
 * What a page reads of a moderation decision (server/queries/hidden.ts): the notice a hidden
 * thing's refusal carries, and the words its page and its spam warning say.
 */
import type { DecisionNotice } from '../../server/queries/decisions'
import { pageTitle } from './seo'

export type { DecisionNotice }

/** The decision's notice a refusal of a hidden item, collection or profile carries; else undefined. */
export function hiddenNoticeOf(error: unknown): DecisionNotice | undefined {
  if (!(error instanceof Error) || error.name !== 'TRPCClientError') return undefined
  const data = (error as Error & { data?: { details?: { moderation?: { hidden?: DecisionNotice } } } }).data
  const notice = data?.details?.moderation?.hidden
  return notice && (notice.httpStatus === 410 || notice.httpStatus === 451) ? notice : undefined
}

/** A hidden page's head: its title says so, nothing of it is shown or shared, and no engine keeps it. */
export const hiddenHead = (what: string) => ({
  meta: [{ title: pageTitle(`${what} hidden`) }, { name: 'robots', content: 'noindex' }],
})

/** "Scam" or "spam", as the warning names the mark. */
export const spamWord = (notice: DecisionNotice) => (notice.category === 'scam' ? 'a scam' : 'spam')
