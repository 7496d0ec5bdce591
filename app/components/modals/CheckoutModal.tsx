import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatEther } from 'viem'
import { formatEth, formatUsd } from '../../lib/format'
import { imageAt } from '../../lib/images'
import { useTRPC } from '../../lib/trpc-react'
import { FeeLines, type ItemFee } from '../trade/FeeLines'
import { signingView } from '../trade/signing-view'
import { TradeStatus } from '../trade/TradeStatus'
import { TradeSubmit } from '../trade/TradeSubmit'
import { useTrade } from '../trade/use-trade'
import { Modal } from '../ui/Modal'
import { TermsCheckbox } from '../ui/TermsCheckbox'

export interface CheckoutItem {
  name: string
  image: string
  collection: string
  chainId: number
  priceWei: string
  orderHash: string
  /** The token the page shows: the summary names it only if the order holds it. */
  contract: string
  tokenId: string
  fees: ItemFee[]
  /** Tokens left in the listing: more than one (an ERC-1155 listing), and the buyer picks how many. */
  remaining?: number
}

/**
 * Buy now: price, the fees paid out of it, total in ETH and US dollars; the terms must be
 * accepted; the fill is simulated in the wallet before it is sent, then followed to confirmation.
 */
export function CheckoutModal({ open, onClose, item }: { open: boolean; onClose: () => void; item: CheckoutItem }) {
  const [accepted, setAccepted] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const trpc = useTRPC()
  const trade = useTrade()
  const usd = useQuery({ ...trpc.site.ethUsd.queryOptions(), staleTime: 60_000, enabled: open })
  const [units, setUnits] = useState(1)
  const several = (item.remaining ?? 1) > 1
  const price = BigInt(item.priceWei) * BigInt(several ? units : 1)
  const close = () => {
    trade.reset()
    onClose()
  }
  return (
    <Modal open={open} onClose={close} title="Complete checkout" testId="checkout-modal">
      <div className="flex items-center gap-4 border-y border-jacarta-100 py-4 dark:border-jacarta-600">
        <img src={imageAt(item.image, 128)} alt="" width={64} height={64} className="h-16 w-16 rounded-xl" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm text-accent dark:text-accent-lighter">{item.collection}</p>
          <p className="truncate font-display font-semibold">{item.name}</p>
        </div>
        <p className="font-semibold whitespace-nowrap">{formatEth(formatEther(price))} ETH</p>
      </div>
      {several && (
        <label className="mt-3 flex items-center justify-between gap-4 text-sm">
          <span>
            How many (of {item.remaining}, {formatEth(formatEther(BigInt(item.priceWei)))} ETH each)
          </span>
          <input
            type="number"
            min={1}
            max={item.remaining}
            value={units}
            onChange={(event) =>
              setUnits(Math.min(item.remaining!, Math.max(1, Math.floor(Number(event.target.value) || 1))))
            }
            className="w-24 rounded-lg border border-jacarta-100 px-3 py-1.5 dark:border-jacarta-600 dark:bg-jacarta-700"
          />
        </label>
      )}
      <p className="mt-3 text-xs text-jacarta-500 dark:text-jacarta-200">Paid to others out of the price:</p>
      <FeeLines price={price} fees={item.fees} currency="ETH" />
      <p className="mt-4 flex justify-between font-display text-lg font-semibold">
        <span>Total</span>
        <span data-testid="checkout-total">{formatEth(formatEther(price))} ETH</span>
      </p>
      <p className="text-right text-sm text-jacarta-500 dark:text-jacarta-200" data-testid="checkout-fiat">
        {usd.data
          ? `≈ ${formatUsd(price, usd.data)} (plus network gas)`
          : usd.isPending
            ? 'Fetching the USD price…'
            : 'USD price unavailable right now'}
      </p>
      <TermsCheckbox checked={accepted} onChange={setAccepted} />
      {submitted && !accepted && (
        <p className="mt-1 text-sm text-red-700 dark:text-red-400">Please accept the Terms of Service to buy.</p>
      )}
      <TradeStatus state={trade.state} chainId={item.chainId} />
      <TradeSubmit
        state={trade.state}
        label="Confirm Checkout"
        busyLabel="Buying…"
        onDone={close}
        onClick={() => {
          setSubmitted(true)
          if (!accepted) return
          void trade.run(
            (trading, onStep) =>
              trading.buy(
                item.orderHash,
                onStep,
                several ? BigInt(units) : undefined,
                signingView({ ...item, name: item.name, collection: item.collection, price }),
              ),
            {
              done: `Purchase complete: ${item.name} is yours.`,
            },
          )
        }}
      />
    </Modal>
  )
}
