/**
 * The lowest price an order may ask. Dust orders (0 or 99 wei) would set a collection's floor,
 * and their fees round down to nothing, so the platform and the creator would sell for free.
 */
import { formatEther } from 'viem'
import { feeAmount } from '../../chain/seaport'
import type { Env } from '../platform/env'
import { refuse } from '../../db/errors'

/** Fees as a message names them: "the platform fee of 2.5% and the creator earnings of 5%". */
export const feeWords = (fees: { label: string; bps: number }[]) =>
  fees.map((fee) => `${fee.label} of ${fee.bps / 100}%`).join(' and ')

/**
 * Refuses `price` (named `field` in the message) below the configured minimum, or so small that a
 * fee with a non-zero rate would round to zero wei, or with fees that add up to all of it.
 */
export function checkPrice(
  env: Pick<Env, 'minPriceWei'>,
  field: string,
  price: bigint,
  fees: { label: string; bps: number }[],
) {
  if (price < env.minPriceWei) {
    refuse(
      `${field}: the price of ${formatEther(price)} ETH is below the minimum of ${formatEther(env.minPriceWei)} ETH (${env.minPriceWei} wei)`,
    )
  }
  // Fees of the whole price or more (an EIP-2981 royalty may ask 100%) leave a seller nothing, and
  // make a holder who accepts an offer pay more in fees than the offer brings.
  const bps = fees.reduce((sum, fee) => sum + fee.bps, 0)
  if (bps >= 10_000) {
    refuse(`${field}: ${feeWords(fees)} would take the whole price; this token cannot be traded here`)
  }
  for (const fee of fees) {
    if (fee.bps > 0 && feeAmount(price, fee.bps) === 0n) {
      refuse(`${field}: at ${price} wei, ${fee.label} of ${fee.bps / 100}% rounds to zero; ask more`)
    }
  }
}
