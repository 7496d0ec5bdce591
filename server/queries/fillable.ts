import type { OrderStatus, UnfillableReason } from '../../db/schema'

/** What every listing and offer in an answer says about whether it can be filled now. */
export interface Fillability {
  /** The block at which the indexer last read the maker's token or WETH, approval, and Seaport counter. */
  checkedBlock: number | null
  fillable: boolean
  /** Why not, when not fillable. */
  reason: UnfillableReason | null
}

/**
 * An order's fillability from its stored status and reason. An order past its end is expired
 * before the indexer marks it so. An `inactive` row without a reason was turned so before
 * reasons were kept: the side's usual cause is named until the next check stores the true one.
 */
export function fillability(
  side: 'listing' | 'offer',
  order: { status: OrderStatus; unfillable: UnfillableReason | null; checkedBlock: number | null; endsAt: Date },
  now: Date,
): Fillability {
  const { checkedBlock } = order
  const reason = reasonOf(side, order, now)
  return { checkedBlock, fillable: reason === null, reason }
}

function reasonOf(
  side: 'listing' | 'offer',
  order: { status: OrderStatus; unfillable: UnfillableReason | null; endsAt: Date },
  now: Date,
): UnfillableReason | null {
  switch (order.status) {
    case 'filled':
      return 'filled'
    case 'expired':
      return 'expired'
    case 'cancelled':
      return order.unfillable === 'counter_bumped' ? 'counter_bumped' : 'cancelled'
    default:
      if (order.endsAt.getTime() <= now.getTime()) return 'expired'
      if (order.status === 'active') return null
      return order.unfillable ?? (side === 'listing' ? 'not_owner' : 'insufficient_balance')
  }
}
