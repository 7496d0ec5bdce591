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
 * An open order on a token this marketplace flagged stolen is `flagged`, whatever the chain says.
 */
export function fillability(
  side: 'listing' | 'offer',
  order: { status: OrderStatus; unfillable: UnfillableReason | null; checkedBlock: number | null; endsAt: Date },
  now: Date,
  flagged = false,
): Fillability {
  const reason = reasonOf(side, order, now)
  const answer = { checkedBlock: order.checkedBlock, fillable: reason === null, reason }
  return flagged ? withFlag(answer) : answer
}

/** Reasons an order is closed for good: a flag on its token does not change them. */
const CLOSED: readonly (UnfillableReason | null)[] = ['filled', 'cancelled', 'counter_bumped', 'expired']

/** What an order says once its token is flagged stolen: `flagged`, unless it is closed for good. */
export function withFlag<T extends Fillability>(order: T): T {
  return CLOSED.includes(order.reason) ? order : { ...order, fillable: false, reason: 'flagged' }
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
