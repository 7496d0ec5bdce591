import { describe, expect, it } from 'vitest'
import { whyUnfillable } from '../../app/lib/unfillable'
import { UNFILLABLE_REASONS } from '../../db/schema'
import { fillability } from '../../server/queries/fillable'

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

  it('says every reason in a sentence of its own', () => {
    for (const side of ['listing', 'offer'] as const) {
      const sentences = UNFILLABLE_REASONS.map((r) => whyUnfillable(side, r))
      expect(new Set(sentences).size).toBe(sentences.length)
    }
    const sentences = UNFILLABLE_REASONS.map((r) => whyUnfillable('offer', r))
    for (const sentence of sentences) expect(sentence).toMatch(/^[A-Z].+\.$/)
  })
})
