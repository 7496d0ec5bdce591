import { formatEther } from 'viem'
import { formatEth, sentenceCase } from '../../lib/format'

export interface ItemFee {
  label: string
  recipient: string
  bps: number
  /** Said instead of a fee that is absent (a collection without EIP-2981 pays no creator earnings). */
  note?: string | null
}

export const feeOf = (price: bigint, bps: number) => (price * BigInt(bps)) / 10_000n

/** The fees taken from a price, line by line (they are consideration items of the order). */
export function FeeLines({ price, fees, currency }: { price: bigint; fees: ItemFee[]; currency: string }) {
  return (
    <ul className="mt-2 space-y-1 text-sm text-jacarta-500 dark:text-jacarta-200">
      {fees
        .filter((fee) => fee.bps > 0)
        .map((fee) => (
          <li key={fee.label} className="flex justify-between gap-4">
            <span>
              {sentenceCase(fee.label)} ({fee.bps / 100}%)
            </span>
            <span>
              {formatEth(formatEther(feeOf(price, fee.bps)))} {currency}
            </span>
          </li>
        ))}
      {fees
        .filter((fee) => fee.bps === 0 && fee.note)
        .map((fee) => (
          <li key={fee.label} data-testid="fee-note">
            {fee.note}
          </li>
        ))}
    </ul>
  )
}
