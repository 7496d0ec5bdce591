/**
 * The fees a signed order must carry as consideration items: the platform fee and the creator
 * earnings, each to its recipient, per token of an order for several. A listing's buyer pays
 * whatever its items add up to (its price), so it must pay at least the fees; an offer's fees are
 * paid by the holder who accepts it, so they must be exactly the fees.
 */
import { formatEther, type Address } from 'viem'
import { feeAmount, type ConsiderationItem } from '../../chain/seaport'
import { refuse } from '../../db/errors'
import { checksum } from '../queries/serialize'
import { feeWords } from './price-floor'
import type { FeeTerm } from './royalties'

/** What the required fees come to per recipient (one address may be owed two of them). */
function dueByRecipient(required: FeeTerm[], price: bigint) {
  const due = new Map<Address, { amount: bigint; fees: FeeTerm[] }>()
  for (const fee of required) {
    const amount = feeAmount(price, fee.bps)
    if (amount === 0n) continue
    const recipient = fee.recipient.toLowerCase() as Address
    const entry = due.get(recipient) ?? { amount: 0n, fees: [] }
    due.set(recipient, { amount: entry.amount + amount, fees: [...entry.fees, fee] })
  }
  return due
}

/**
 * Every required fee must be paid to its recipient in full (`paid` sums a recipient's items per
 * token). An address owed two fees (a royalty receiver that is also the platform) is owed both.
 */
export function checkFees(required: FeeTerm[], price: bigint, paid: (recipient: Address) => bigint) {
  for (const [recipient, due] of dueByRecipient(required, price)) {
    if (paid(recipient) < due.amount) {
      refuse(
        `order.consideration: ${feeWords(due.fees)} (${formatEther(due.amount)}) to ${checksum(recipient)} ${due.fees.length > 1 ? 'are' : 'is'} missing`,
      )
    }
  }
}

/**
 * An offer's fees are paid by the holder who accepts it, out of the WETH it offers: they must be
 * exactly the required fees. Any more (a fee above its rate, or WETH to anyone else, the bidder
 * included) would take from the holder what the offer's price says they receive.
 */
export function checkOfferFees(required: FeeTerm[], price: bigint, quantity: bigint, fees: ConsiderationItem[]) {
  const due = dueByRecipient(required, price)
  const perToken = (recipient: Address) =>
    fees.filter((c) => c.recipient === recipient).reduce((sum, c) => sum + c.startAmount, 0n) / quantity
  checkFees(required, price, perToken)
  for (const recipient of new Set(fees.map((c) => c.recipient))) {
    const owed = due.get(recipient)?.amount ?? 0n
    const paid = perToken(recipient)
    if (paid > owed) {
      refuse(
        owed === 0n
          ? `order.consideration: pays ${formatEther(paid)} WETH per token to ${checksum(recipient)}, who is owed no fee; the holder who accepts an offer pays only the platform fee and the creator earnings`
          : `order.consideration: pays ${formatEther(paid)} WETH per token to ${checksum(recipient)}, more than the ${formatEther(owed)} of ${feeWords(due.get(recipient)!.fees)}`,
      )
    }
  }
}
