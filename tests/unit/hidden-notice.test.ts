/** What a page reads of a hidden thing's refusal, and nothing else. */
import { TRPCClientError } from '@trpc/client'
import { describe, expect, it } from 'vitest'
import { hiddenNoticeOf, spamWord, type DecisionNotice } from '../../app/lib/moderation'

const notice: DecisionNotice = {
  decision: 4,
  action: 'hide',
  category: 'intellectual_property',
  categoryLabel: 'Intellectual property',
  reason: 'A notice from the rights holder',
  decidedAt: '2026-11-29T10:00:00.000Z',
  httpStatus: 451,
}
const refusal = (data: unknown) => TRPCClientError.from({ error: { message: 'hidden', code: -32004, data } } as never)

describe('hiddenNoticeOf', () => {
  it('reads the notice a hidden item’s refusal carries', () => {
    expect(hiddenNoticeOf(refusal({ code: 'NOT_FOUND', details: { moderation: { hidden: notice } } }))).toEqual(notice)
  })

  it('is undefined for any other error: a plain 404, a forged status, or not a tRPC error at all', () => {
    expect(hiddenNoticeOf(refusal({ code: 'NOT_FOUND' }))).toBeUndefined()
    const forged = { ...notice, httpStatus: 200 }
    expect(hiddenNoticeOf(refusal({ code: 'NOT_FOUND', details: { moderation: { hidden: forged } } }))).toBeUndefined()
    expect(hiddenNoticeOf(new Error('hidden'))).toBeUndefined()
    expect(hiddenNoticeOf(undefined)).toBeUndefined()
  })
})

it('names the mark a spam warning shows', () => {
  expect(spamWord({ ...notice, action: 'mark_spam', category: 'scam' })).toBe('a scam')
  expect(spamWord({ ...notice, action: 'mark_spam', category: 'spam' })).toBe('spam')
})
