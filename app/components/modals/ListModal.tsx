import { useId, useState } from 'react'
import { formatEther } from 'viem'
import { parseBidAmount } from '../../lib/amount'
import { formatEth } from '../../lib/format'
import type { TokenRef } from '../../wallet/trading'
import { FeeLines, feeOf, type ItemFee } from '../trade/FeeLines'
import { TradeStatus } from '../trade/TradeStatus'
import { TradeSubmit } from '../trade/TradeSubmit'
import { useTrade } from '../trade/use-trade'
import { Modal } from '../ui/Modal'

const DAY = 86_400_000
const DURATIONS = [
  { days: 1, label: '1 day' },
  { days: 3, label: '3 days' },
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
] as const

/**
 * Sell a token: at a fixed price (a Seaport order the owner signs, with the fees as
 * consideration items) or by timed auction (a reserve price; bids are WETH offers and the
 * highest can be accepted when it ends). Seaport's approval is asked for once per collection.
 */
export function ListModal({
  open,
  onClose,
  item,
}: {
  open: boolean
  onClose: () => void
  /** `held`: an ERC-1155 token, of which the seller holds this many (they list some, priced per token). */
  item: { name: string; nftId: number; token: TokenRef; fees: ItemFee[]; held?: bigint }
}) {
  const id = useId()
  const [kind, setKind] = useState<'fixed' | 'auction'>('fixed')
  const [amount, setAmount] = useState('')
  const [days, setDays] = useState<number>(7)
  const [count, setCount] = useState(1)
  const editions = item.held !== undefined
  const quantity = BigInt(editions ? count : 1)
  const [submitted, setSubmitted] = useState(false)
  const trade = useTrade()
  const parsed = parseBidAmount(amount, 'The price')
  const error = 'error' in parsed ? parsed.error : null
  const price = 'wei' in parsed ? parsed.wei : 0n
  const proceeds = (price - item.fees.reduce((sum, fee) => sum + feeOf(price, fee.bps), 0n)) * quantity
  const close = () => {
    trade.reset()
    onClose()
  }

  return (
    <Modal open={open} onClose={close} title={`Sell ${item.name}`} testId="list-modal">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setSubmitted(true)
          if (!('wei' in parsed)) return
          const endsAt = new Date(Date.now() + days * DAY)
          void trade.run(
            (trading, onStep) =>
              kind === 'fixed'
                ? trading.list(
                    editions ? { ...item.token, quantity } : item.token,
                    parsed.wei,
                    endsAt,
                    item.fees,
                    onStep,
                  )
                : trading.startAuction({ ...item.token, nftId: item.nftId }, parsed.wei, endsAt, onStep),
            {
              signIn: true,
              done:
                kind === 'fixed'
                  ? 'Listed. Buyers can now buy it at your price.'
                  : 'Your auction is running. Accept the highest bid when it ends.',
            },
          )
        }}
      >
        {/* ERC-1155 tokens are sold at a fixed price per token, any number of them at a time. */}
        <fieldset className="flex gap-2" disabled={trade.busy} hidden={editions}>
          <legend className="sr-only">How to sell</legend>
          {(['fixed', 'auction'] as const).map((option) => (
            <label
              key={option}
              className="flex-1 cursor-pointer rounded-xl border border-jacarta-100 p-3 text-center text-sm font-semibold has-checked:border-accent has-checked:bg-accent/10 dark:border-jacarta-600"
            >
              <input
                type="radio"
                name={`${id}-kind`}
                value={option}
                checked={kind === option}
                onChange={() => setKind(option)}
                className="sr-only"
              />
              {option === 'fixed' ? 'Fixed price' : 'Timed auction'}
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${id}-price`} className="mt-4 block text-sm font-semibold">
          {editions ? 'Price per token (ETH)' : kind === 'fixed' ? 'Price (ETH)' : 'Reserve price (ETH)'}
        </label>
        <input
          id={`${id}-price`}
          inputMode="decimal"
          placeholder="0.5"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={submitted && error !== null}
          aria-describedby={`${id}-price-error`}
          className="mt-1 h-12 w-full rounded-xl border border-jacarta-100 px-4 dark:border-jacarta-600 dark:bg-jacarta-700"
        />
        <p id={`${id}-price-error`} className="mt-1 min-h-5 text-sm text-red-700 dark:text-red-400">
          {submitted && error}
        </p>
        {editions && (
          <>
            <label htmlFor={`${id}-count`} className="mt-2 block text-sm font-semibold">
              How many (you hold {item.held!.toString()})
            </label>
            <input
              id={`${id}-count`}
              type="number"
              min={1}
              max={Number(item.held)}
              value={count}
              onChange={(e) =>
                setCount(Math.min(Number(item.held), Math.max(1, Math.floor(Number(e.target.value) || 1))))
              }
              className="mt-1 h-12 w-full rounded-xl border border-jacarta-100 px-4 dark:border-jacarta-600 dark:bg-jacarta-700"
            />
          </>
        )}
        <label htmlFor={`${id}-duration`} className="mt-2 block text-sm font-semibold">
          {kind === 'fixed' ? 'Listing expires after' : 'Auction ends after'}
        </label>
        <select
          id={`${id}-duration`}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
          className="mt-1 h-12 w-full rounded-xl border border-jacarta-100 px-4 dark:border-jacarta-600 dark:bg-jacarta-700"
        >
          {DURATIONS.map((d) => (
            <option key={d.days} value={d.days}>
              {d.label}
            </option>
          ))}
        </select>
        {price > 0n && (
          <>
            <FeeLines price={price * quantity} fees={item.fees} currency="ETH" />
            <p className="mt-2 flex justify-between text-sm font-semibold" data-testid="list-proceeds">
              <span>You receive{kind === 'auction' ? ' at the reserve' : ''}</span>
              <span>{formatEth(formatEther(proceeds))} ETH</span>
            </p>
          </>
        )}
        <TradeStatus state={trade.state} chainId={item.token.chainId} />
        <TradeSubmit
          state={trade.state}
          label={kind === 'fixed' ? 'Complete listing' : 'Start auction'}
          busyLabel="Working…"
          onDone={close}
        />
      </form>
    </Modal>
  )
}
