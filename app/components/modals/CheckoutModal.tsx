import { useQuery } from '@tanstack/react-query'
import { formatEther } from 'viem'
import { useState } from 'react'
import { formatEth, formatUsd } from '../../lib/format'
import { useTRPC } from '../../lib/trpc-react'
import { Modal } from '../ui/Modal'
import { TermsCheckbox } from '../ui/TermsCheckbox'

export interface CheckoutItem {
  name: string
  image: string
  collection: string
  priceWei: string
  creatorEarningsBps: number
}

/** Buy-now checkout: price, creator earnings and total; the terms must be accepted to go on. */
export function CheckoutModal({ open, onClose, item }: { open: boolean; onClose: () => void; item: CheckoutItem }) {
  const [accepted, setAccepted] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const trpc = useTRPC()
  const usd = useQuery({ ...trpc.site.ethUsd.queryOptions(), staleTime: 60_000, enabled: open })
  const price = BigInt(item.priceWei)
  const earnings = (price * BigInt(item.creatorEarningsBps)) / 10_000n
  return (
    <Modal open={open} onClose={onClose} title="Complete checkout" testId="checkout-modal">
      <div className="flex items-center gap-4 border-y border-jacarta-100 py-4 dark:border-jacarta-600">
        <img src={item.image} alt="" width={64} height={64} className="h-16 w-16 rounded-xl" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm text-accent dark:text-accent-lighter">{item.collection}</p>
          <p className="truncate font-display font-semibold">{item.name}</p>
          <p className="text-xs text-jacarta-500 dark:text-jacarta-200">
            Creator earnings: {item.creatorEarningsBps / 100}% ({formatEth(formatEther(earnings))} ETH, paid from the
            price)
          </p>
        </div>
        <p className="font-semibold whitespace-nowrap">{formatEth(formatEther(price))} ETH</p>
      </div>
      <p className="mt-4 flex justify-between font-display text-lg font-semibold">
        <span>Total</span>
        <span data-testid="checkout-total">{formatEth(formatEther(price))} ETH</span>
      </p>
      <p className="text-right text-sm text-jacarta-500 dark:text-jacarta-200" data-testid="checkout-fiat">
        {usd.data
          ? `≈ ${formatUsd(price, usd.data)}`
          : usd.isPending
            ? 'Fetching the USD price…'
            : 'USD price unavailable right now'}
      </p>
      <TermsCheckbox checked={accepted} onChange={setAccepted} />
      {notice && (
        <p role="status" className="mt-4 rounded-xl bg-accent/10 p-3 text-sm">
          {notice}
        </p>
      )}
      <button
        type="button"
        disabled={!accepted}
        onClick={() =>
          setNotice('Buying settles on chain from your wallet. Connect a wallet to buy: nothing was bought.')
        }
        className="mt-6 w-full rounded-full bg-accent py-3 font-semibold text-white hover:bg-accent-dark disabled:cursor-not-allowed disabled:opacity-50"
      >
        Confirm Checkout
      </button>
    </Modal>
  )
}
