import { useQueries } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { formatEther, getAddress } from 'viem'
import { formatEth } from '../../lib/format'
import { useTRPC } from '../../lib/trpc-react'
import type { RouterOutputs } from '../../../server/trpc/root'
import { TradeStatus } from '../trade/TradeStatus'
import { TradeSubmit } from '../trade/TradeSubmit'
import { useTrade } from '../trade/use-trade'
import { dialogControl } from '../ui/DialogField'
import { Modal } from '../ui/Modal'
import { LISTING_DAYS, ethPriceSchema } from '../../../server/inputs/trading'

const DAY = 86_400_000

/** An item of the seller's Owned tab: `quantity` is how many they hold. */
export interface OwnedItem {
  id: number
  name: string
  chainId: number
  contract: string
  tokenId: string
  quantity?: string | undefined
}

type Result = RouterOutputs['market']['submitListings'][number]

const price = ethPriceSchema()

/**
 * List several owned items at once: a price for all (editable per item), a quantity of each
 * ERC-1155 token, one duration; Seaport's approval per collection that lacks it, then ONE
 * signature of all the orders (a Seaport bulk order), then what became of each item.
 */
export function BulkListModal({ open, onClose, items }: { open: boolean; onClose: () => void; items: OwnedItem[] }) {
  const id = useId()
  const trpc = useTRPC()
  const trade = useTrade()
  const [all, setAll] = useState('')
  const [prices, setPrices] = useState<Record<number, string>>({})
  const [counts, setCounts] = useState<Record<number, string>>({})
  const [days, setDays] = useState(7)
  const [results, setResults] = useState<Result[] | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  // Each item's fees and standard, as its own page has them.
  const details = useQueries({ queries: items.map((item) => trpc.nft.byId.queryOptions({ id: item.id })) })
  const ready = details.every((d) => d.data)

  const priceText = (item: OwnedItem) => prices[item.id] ?? all
  const held = (item: OwnedItem) => BigInt(item.quantity ?? '1')
  const countText = (item: OwnedItem) => counts[item.id] ?? '1'
  const rows = items.map((item, i) => {
    const detail = details[i]?.data
    const editions = detail?.standard === 'erc1155'
    const wei = price.safeParse(priceText(item))
    const count = /^\d{1,9}$/.test(countText(item)) ? BigInt(countText(item)) : 0n
    const quantityError = editions && (count < 1n || count > held(item)) ? `1 to ${held(item)}` : undefined
    return { item, detail, editions, wei, count, quantityError }
  })
  const valid = ready && rows.every((r) => r.wei.success && !r.quantityError)

  const submit = () => {
    setProblem(null)
    if (!valid) {
      setProblem('Give every item a price above 0 ETH (and a quantity you hold).')
      return
    }
    void trade.run(
      async (trading, onStep) => {
        const answer = await trading.listMany(
          rows.map((r) => ({
            token: {
              chainId: r.item.chainId,
              contract: getAddress(r.item.contract),
              tokenId: r.item.tokenId,
              ...(r.editions ? { quantity: r.count } : {}),
            },
            price: r.wei.data!,
            fees: r.detail!.fees,
            name: r.item.name,
          })),
          new Date(Date.now() + days * DAY),
          onStep,
        )
        setResults(answer)
      },
      { signIn: true, done: 'Signed once. Each item’s result is below.' },
    )
  }
  const close = () => {
    trade.reset()
    setResults(null)
    onClose()
  }
  const resultOf = (index: number) => results?.[index]

  return (
    <Modal open={open} onClose={close} title={`List ${items.length} items`} testId="bulk-list-modal">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <label htmlFor={`${id}-all`} className="block text-sm font-semibold">
          Price for all (ETH)
        </label>
        <input
          id={`${id}-all`}
          inputMode="decimal"
          placeholder="0.5"
          value={all}
          onChange={(e) => {
            setAll(e.target.value)
            setPrices({})
          }}
          className={dialogControl}
        />
        <label htmlFor={`${id}-days`} className="mt-3 block text-sm font-semibold">
          Listings expire after
        </label>
        <select
          id={`${id}-days`}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
          className={dialogControl}
        >
          {LISTING_DAYS.map((d) => (
            <option key={d} value={d}>
              {d === 1 ? '1 day' : `${d} days`}
            </option>
          ))}
        </select>
        <fieldset className="mt-4" disabled={trade.busy || results !== null}>
          <legend className="text-sm font-semibold">Each item</legend>
          <ul className="mt-2 max-h-72 space-y-3 overflow-y-auto pr-1" data-testid="bulk-list-items">
            {rows.map(({ item, editions, wei, quantityError }) => (
              <li key={item.id} className="rounded-xl border border-jacarta-100 p-3 dark:border-jacarta-600">
                <p className="truncate text-sm font-semibold">{item.name}</p>
                <div className="mt-1 flex flex-wrap gap-2">
                  <label className="min-w-0 flex-1 text-xs">
                    {editions ? 'Price per token (ETH)' : 'Price (ETH)'}
                    <input
                      inputMode="decimal"
                      value={priceText(item)}
                      onChange={(e) => setPrices((p) => ({ ...p, [item.id]: e.target.value }))}
                      aria-invalid={priceText(item) !== '' && !wei.success}
                      aria-label={`Price of ${item.name} (ETH)`}
                      className="mt-1 h-10 w-full rounded-lg border border-jacarta-100 px-3 text-sm dark:border-jacarta-600 dark:bg-jacarta-700"
                    />
                  </label>
                  {editions && (
                    <label className="w-28 text-xs">
                      How many (of {held(item).toString()})
                      <input
                        type="number"
                        min={1}
                        max={held(item).toString()}
                        value={countText(item)}
                        onChange={(e) => setCounts((c) => ({ ...c, [item.id]: e.target.value }))}
                        aria-invalid={!!quantityError}
                        aria-label={`How many of ${item.name}`}
                        className="mt-1 h-10 w-full rounded-lg border border-jacarta-100 px-3 text-sm dark:border-jacarta-600 dark:bg-jacarta-700"
                      />
                    </label>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </fieldset>
        {/* What the one signature lists, in plain words, before the wallet asks. */}
        <section aria-labelledby={`${id}-summary`} className="mt-4">
          <h3 id={`${id}-summary`} className="text-sm font-semibold">
            {results ? 'Result' : 'You will sign once to list'}
          </h3>
          <ul className="mt-1 space-y-1 text-sm" data-testid="bulk-list-summary">
            {rows.map(({ item, editions, wei, count }, index) => {
              const result = resultOf(index)
              return (
                <li key={item.id} className="flex justify-between gap-3" data-testid="bulk-list-line">
                  <span className="min-w-0 truncate">
                    {item.name}
                    {editions ? ` × ${count}` : ''}
                  </span>
                  <span className="shrink-0 text-right">
                    {result ? (
                      result.status === 'listed' ? (
                        <span className="font-semibold text-green-700 dark:text-green-400">Listed</span>
                      ) : (
                        <span className="text-red-700 dark:text-red-400">Not listed: {result.message}</span>
                      )
                    ) : wei.success ? (
                      `${formatEth(formatEther(wei.data))} ETH${editions ? ' each' : ''}`
                    ) : (
                      'no price yet'
                    )}
                  </span>
                </li>
              )
            })}
          </ul>
        </section>
        {!ready && <p className="mt-2 text-sm">Reading each item’s fees…</p>}
        <p role="alert" className="mt-2 min-h-5 text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
        <TradeStatus state={trade.state} chainId={items[0]?.chainId ?? 0} />
        <TradeSubmit
          state={trade.state}
          label={`Sign once to list ${items.length}`}
          busyLabel="Working…"
          onDone={close}
        />
      </form>
    </Modal>
  )
}
