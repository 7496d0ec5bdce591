import { describe, expect, it } from 'vitest'
import { whyUnfillable } from '../../app/lib/unfillable'
import { UNFILLABLE_REASONS } from '../../db/schema'
import { fillability } from '../../server/queries/fillable'
import { decisionDay, flaggedBanner } from '../../app/lib/flagged'

const now = new Date('2026-11-26T12:00:00Z')
const later = new Date('2026-11-27T12:00:00Z')
const earlier = new Date('2026-11-25T12:00:00Z')

describe('fillability', () => {
  it('is fillable only while active and before its end', () => {
    const order = { status: 'active' as const, unfillable: null, checkedBlock: 7, endsAt: later }
    expect(fillability('listing', order, now)).toEqual({ checkedBlock: 7, fillable: true, reason: null })
    expect(fillability('offer', { ...order, endsAt: earlier }, now)).toEqual({
      checkedBlock: 7,
      fillable: false,
      reason: 'expired',
    })
  })

  it('names the stored reason of an inactive or cancelled order, and what its status says otherwise', () => {
    const order = { checkedBlock: null, endsAt: later }
    const reason = (
      side: 'listing' | 'offer',
      status: 'inactive' | 'cancelled' | 'filled' | 'expired',
      unfillable: 'not_approved' | 'counter_bumped' | null,
    ) => fillability(side, { ...order, status, unfillable }, now).reason
    expect(reason('listing', 'inactive', 'not_approved')).toBe('not_approved')
    expect(reason('offer', 'cancelled', 'counter_bumped')).toBe('counter_bumped')
    expect(reason('offer', 'cancelled', null)).toBe('cancelled')
    expect(reason('listing', 'filled', null)).toBe('filled')
    expect(reason('listing', 'expired', null)).toBe('expired')
    // Made inactive before reasons were kept: the side's usual cause until the next check.
    expect(reason('listing', 'inactive', null)).toBe('not_owner')
    expect(reason('offer', 'inactive', null)).toBe('insufficient_balance')
  })

  it('says flagged for an open order on a flagged token, and keeps the reason of a closed one', () => {
    const order = { checkedBlock: 7, endsAt: later }
    const flagged = (status: 'active' | 'inactive' | 'filled' | 'cancelled', unfillable: 'not_owner' | null = null) =>
      fillability('listing', { ...order, status, unfillable }, now, true)
    expect(flagged('active')).toEqual({ checkedBlock: 7, fillable: false, reason: 'flagged' })
    expect(flagged('inactive', 'not_owner').reason).toBe('flagged')
    expect(flagged('filled').reason).toBe('filled')
    expect(flagged('cancelled').reason).toBe('cancelled')
    expect(
      fillability('offer', { ...order, status: 'active', unfillable: null, endsAt: earlier }, now, true).reason,
    ).toBe('expired')
  })

  it('says every reason in a sentence of its own', () => {
    for (const side of ['listing', 'offer'] as const) {
      const sentences = UNFILLABLE_REASONS.map((r) => whyUnfillable(side, r))
      expect(new Set(sentences).size).toBe(sentences.length)
    }
    const sentences = UNFILLABLE_REASONS.map((r) => whyUnfillable('offer', r))
    for (const sentence of sentences) expect(sentence).toMatch(/^[A-Z].+\.$/)
  })
})

describe('the banner of a flagged item', () => {
  it('names the day in UTC and the reason', () => {
    expect(decisionDay('2026-11-29T23:59:59.000Z')).toBe('29 November 2026')
    expect(decisionDay('2026-01-01T00:00:00.000Z')).toBe('1 January 2026')
    expect(flaggedBanner({ decidedAt: '2026-11-29T10:00:00.000Z', reason: 'Taken from its owner.' })).toBe(
      'Reported stolen: this marketplace flagged this item on 29 November 2026: Taken from its owner.',
    )
  })
})
