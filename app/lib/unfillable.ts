import type { UnfillableReason } from '../../db/schema/market'

/** Why a listing or offer cannot be filled, in words a buyer or holder can act on. */
export function whyUnfillable(side: 'listing' | 'offer', reason: UnfillableReason | null): string {
  const maker = side === 'listing' ? 'The seller' : 'The bidder'
  switch (reason) {
    case 'not_owner':
      return 'The seller no longer holds this token, so it cannot be bought from them.'
    case 'not_approved':
      return 'The seller has withdrawn Seaport’s permission to transfer this token, so it cannot be bought until they give it again.'
    case 'insufficient_balance':
      return 'The bidder no longer holds enough WETH to pay this offer.'
    case 'insufficient_allowance':
      return 'The bidder no longer lets Seaport spend enough of their WETH to pay this offer.'
    case 'counter_bumped':
      return `${maker} cancelled all their orders at once, this one included.`
    case 'cancelled':
      return `${maker} cancelled this ${side}.`
    case 'expired':
      return `This ${side} has expired.`
    case 'filled':
      return `This ${side} has already been filled.`
    case 'flagged':
      return 'This marketplace flagged this token stolen: it cannot be bought, sold or accepted here.'
    default:
      return `This ${side} cannot be filled right now.`
  }
}
