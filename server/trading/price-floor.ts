/**
 * The lowest price an order may ask. Dust orders (0 or 99 wei) would set a collection's floor,
 * and their fees round down to nothing, so the platform and the creator would sell for free.
 */
import { formatEther } from 'viem'
import { feeAmount } from '../../chain/seaport'
import type { Env } from '../platform/env'
import { refuse } from '../../db/errors'

/**
 * Refuses `price` (named `field` in the message) below the configured minimum, or so small that a
 * fee with a non-zero rate would round to zero wei.
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
  for (const fee of fees) {
    if (fee.bps > 0 && feeAmount(price, fee.bps) === 0n) {
      refuse(`${field}: at ${price} wei, ${fee.label} of ${fee.bps / 100}% rounds to zero; ask more`)
    }
  }
}
