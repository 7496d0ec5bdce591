import { useQueries } from '@tanstack/react-query'
import { useState } from 'react'
import { formatEther } from 'viem'
import type { CartResult } from '../../wallet/trading'
import { formatEth } from '../../lib/format'
import { imageAt } from '../../lib/images'
import { trpcErrorCode } from '../../lib/trpc-options'
import { useTRPC } from '../../lib/trpc-react'
import { whyUnfillable } from '../../lib/unfillable'
import { TradeStatus } from '../trade/TradeStatus'
import { TradeSubmit } from '../trade/TradeSubmit'
import { useTrade } from '../trade/use-trade'
import { TermsCheckbox } from '../ui/TermsCheckbox'

export interface CheckoutLine {
  orderHash: string
  name: string
  image: string
  collection: string
  /** Tokens wanted (an ERC-1155 listing of several; 1 otherwise). */
  units: number
}

const eth = (wei: bigint) => `${formatEth(formatEther(wei))} ETH`

/**
 * Listings bought together: each with its price and state as the server has them now (sold,
 * cancelled, expired or unfillable said plainly, and left out), the total with the fees paid out
 * of it, then one transaction. `onBought` hears which listings were bought.
 */
export function CartCheckout({
  chainId,
  lines,
  onBought,
  onRemove,
  onUnits,
  testId,
}: {
  chainId: number
  lines: CheckoutLine[]
  onBought: (orderHashes: string[]) => void
  onRemove?: (orderHash: string) => void
  /** Lets the buyer choose how many of an ERC-1155 listing of several. */
  onUnits?: (orderHash: string, units: number) => void
  testId: string
}) {
  const trpc = useTRPC()
  const trade = useTrade()
  const [accepted, setAccepted] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const [dropped, setDropped] = useState<CartResult['dropped']>([])
  const [result, setResult] = useState<CartResult | null>(null)
  const working = trade.state.phase === 'working' || trade.state.phase === 'done'
  const orders = useQueries({
    queries: lines.map((line) => ({
      ...trpc.market.order.queryOptions({ orderHash: line.orderHash }),
      // Held still from the first click to the receipt, so the lines do not change under the buyer.
      enabled: !working,
      retry: false,
    })),
  })

  const rows = lines.map((line, i) => {
    const query = orders[i]!
    const order = query.data
    if (query.isPending) return { line, state: 'Checking…', buy: null }
    if (!order)
      return {
        line,
        state: trpcErrorCode(query.error) === 'NOT_FOUND' ? 'No longer listed on Vitrine.' : 'Could not be checked.',
        buy: null,
      }
    // A voucher or an offer (a hash edited into the cart) has no place in a Seaport ETH batch.
    if (order.kind !== 'listing') return { line, state: 'Not a listing that can go in a cart.', buy: null }
    const components = order.components as {
      offerer: string
      consideration: { itemType: number; startAmount: string; recipient: string }[]
    }
    const quantity = BigInt(order.quantity)
    const left = quantity - BigInt(order.filledQuantity)
    const native = components.consideration.filter((c) => c.itemType === 0)
    const all = native.reduce((sum, c) => sum + BigInt(c.startAmount), 0n)
    const toSeller = native
      .filter((c) => c.recipient.toLowerCase() === components.offerer.toLowerCase())
      .reduce((sum, c) => sum + BigInt(c.startAmount), 0n)
    const units = left < BigInt(line.units) && left > 0n ? left : BigInt(line.units)
    if (!order.fillable)
      return {
        line,
        state: order.reason === 'filled' ? 'Sold: someone else bought it.' : whyUnfillable('listing', order.reason),
        closed: order.reason === 'filled' || order.reason === 'cancelled' || order.reason === 'expired',
        buy: null,
      }
    return {
      line,
      state: quantity > 1n ? `${units} of ${left} left, ${eth(all / quantity)} each` : 'For sale',
      buy: { units, left, price: (all * units) / quantity, fees: ((all - toSeller) * units) / quantity },
    }
  })
  const buying = rows.filter((r) => r.buy)
  const total = buying.reduce((sum, r) => sum + r.buy!.price, 0n)
  const fees = buying.reduce((sum, r) => sum + r.buy!.fees, 0n)
  const checking = rows.some((r) => r.state === 'Checking…')
  // Listings the server already knows closed are skipped like those Seaport skips: never charged.
  const closed = rows.filter((r) => 'closed' in r && r.closed)

  return (
    <div data-testid={testId}>
      <ul className="divide-y divide-jacarta-100 dark:divide-jacarta-600">
        {rows.map(({ line, state, buy }) => (
          <li key={line.orderHash} className="flex items-center gap-3 py-3" data-testid="cart-line">
            <img src={imageAt(line.image, 128)} alt="" width={48} height={48} className="h-12 w-12 rounded-lg" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-xs text-accent dark:text-accent-lighter">{line.collection}</p>
              <p className="truncate font-semibold">{line.name}</p>
              <p
                className={`text-xs ${buy ? 'text-jacarta-500 dark:text-jacarta-200' : 'text-red-700 dark:text-red-400'}`}
                data-testid="cart-line-state"
              >
                {state}
              </p>
            </div>
            {buy && onUnits && !working && buy.left > 1n && (
              <input
                type="number"
                min={1}
                max={Number(buy.left)}
                value={Number(buy.units)}
                aria-label={`How many of ${line.name}`}
                onChange={(event) =>
                  onUnits(
                    line.orderHash,
                    Math.min(Number(buy.left), Math.max(1, Math.floor(Number(event.target.value) || 1))),
                  )
                }
                className="w-16 rounded-lg border border-jacarta-100 px-2 py-1 text-sm dark:border-jacarta-600 dark:bg-jacarta-700"
              />
            )}
            {buy && <p className="font-semibold whitespace-nowrap">{eth(buy.price)}</p>}
            {onRemove && !working && (
              <button
                type="button"
                onClick={() => onRemove(line.orderHash)}
                className="rounded-full border border-jacarta-100 px-3 py-1 text-xs hover:border-accent dark:border-jacarta-600"
                aria-label={`Remove ${line.name} from the cart`}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-3 flex justify-between text-sm text-jacarta-500 dark:text-jacarta-200">
        <span>Platform fee and creator earnings, paid out of the prices</span>
        <span data-testid="cart-fees">{eth(fees)}</span>
      </p>
      <p className="mt-2 flex justify-between font-display text-lg font-semibold">
        <span>
          Total for {buying.length} {buying.length === 1 ? 'listing' : 'listings'}
        </span>
        <span data-testid="cart-total">{eth(total)}</span>
      </p>
      <p className="text-xs text-jacarta-500 dark:text-jacarta-200">
        One transaction, plus network gas. A listing sold, cancelled or expired before it is mined is skipped, and its
        ETH comes back to you.
      </p>
      {dropped.length > 0 && (
        <div className="mt-3 rounded-xl bg-amber-50 p-3 text-sm dark:bg-amber-950" data-testid="cart-dropped">
          Left out, as they would make the whole transaction fail:
          <ul className="mt-1 list-disc pl-5">
            {dropped.map((d) => (
              <li key={d.orderHash}>
                {d.name}: {d.why}
              </li>
            ))}
          </ul>
        </div>
      )}
      {!result && <TermsCheckbox checked={accepted} onChange={setAccepted} />}
      {submitted && !accepted && (
        <p className="mt-1 text-sm text-red-700 dark:text-red-400">Please accept the Terms of Service to buy.</p>
      )}
      <TradeStatus state={trade.state} chainId={chainId} />
      {result && (
        <div className="mt-3 text-sm" data-testid="cart-result">
          <p className="font-semibold">
            Bought {result.bought.length}
            {result.skipped.length + closed.length > 0 &&
              ` · skipped ${result.skipped.length + closed.length} (not charged)`}
            {result.dropped.length > 0 && ` · left out ${result.dropped.length} (not charged)`}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {result.bought.map((b) => (
              <li key={b.orderHash}>
                Bought: {b.name}
                {b.units > 1n && ` × ${b.units}`}
              </li>
            ))}
            {result.skipped.map((s) => (
              <li key={s.orderHash}>Skipped (sold, cancelled or expired before your purchase): {s.name}</li>
            ))}
            {closed.map((c) => (
              <li key={c.line.orderHash}>Skipped: {c.line.name}</li>
            ))}
          </ul>
        </div>
      )}
      {!result && (
        <TradeSubmit
          state={checking ? { phase: 'working', step: 'submitting' } : trade.state}
          label={`Buy ${buying.length} in one transaction`}
          busyLabel={checking ? 'Checking the listings…' : 'Buying…'}
          onDone={() => {}}
          onClick={() => {
            setSubmitted(true)
            if (!accepted) return
            setDropped([])
            const wanted = buying.map((r) => ({ orderHash: r.line.orderHash, units: r.buy!.units, name: r.line.name }))
            void trade.run(
              async (trading, onStep) => {
                const done = await trading.checkoutCart(chainId, wanted, onStep, setDropped)
                setResult(done)
                onBought(done.bought.map((b) => b.orderHash))
              },
              { done: 'Checkout confirmed.' },
            )
          }}
        />
      )}
    </div>
  )
}
