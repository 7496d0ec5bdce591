import { useId, useState } from 'react'
import { formatEther } from 'viem'
import { useSchemaForm } from '../../lib/form'
import { formatEth } from '../../lib/format'
import type { TokenRef } from '../../wallet/trading'
import { FeeLines, feeOf, type ItemFee } from '../trade/FeeLines'
import { signingView } from '../trade/signing-view'
import { TradeStatus } from '../trade/TradeStatus'
import { TradeSubmit } from '../trade/TradeSubmit'
import { useTrade } from '../trade/use-trade'
import { DialogField, dialogControl } from '../ui/DialogField'
import { Modal } from '../ui/Modal'
import { LISTING_DAYS, listingForm } from '../../../server/inputs/trading'

const DAY = 86_400_000

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
  item: { name: string; collection?: string; nftId: number; token: TokenRef; fees: ItemFee[]; held?: bigint }
}) {
  const id = useId()
  const [kind, setKind] = useState<'fixed' | 'auction'>('fixed')
  const [amount, setAmount] = useState('')
  const [count, setCount] = useState('1')
  const editions = item.held !== undefined
  const trade = useTrade()
  const schema = listingForm(item.held)
  // What the seller would receive, worked out as they type.
  const price = schema.shape.price.safeParse(amount).data ?? 0n
  const quantity = (editions && schema.shape.quantity.safeParse(count).data) || 1n
  const proceeds = (price - item.fees.reduce((sum, fee) => sum + feeOf(price, fee.bps), 0n)) * quantity
  const form = useSchemaForm({
    schema,
    // The server names a refused price by the order's field, or the auction's.
    serverFields: { 'order.consideration': 'price', reserveWei: 'price' },
    onValid: (listing) => {
      const endsAt = () => new Date(Date.now() + listing.days * DAY)
      void trade.run(
        (trading, onStep) =>
          (kind === 'fixed'
            ? trading.list(
                listing.quantity === undefined ? item.token : { ...item.token, quantity: listing.quantity },
                listing.price,
                endsAt(),
                item.fees,
                onStep,
                // The decoder reads the order itself; these are only what it checks it against.
                signingView({
                  ...item.token,
                  name: item.name,
                  collection: item.collection,
                  fees: item.fees,
                  price: listing.price * (listing.quantity ?? 1n),
                }),
              )
            : trading.startAuction(
                { ...item.token, nftId: item.nftId },
                listing.price,
                endsAt(),
                onStep,
                signingView({ ...item.token, name: item.name, collection: item.collection, fees: item.fees }),
              )
          ).catch((error: unknown) => {
            form.fromServer(error)
            throw error
          }),
        {
          signIn: true,
          done:
            kind === 'fixed'
              ? 'Listed. Buyers can now buy it at your price.'
              : 'Your auction is running. Accept the highest bid when it ends.',
        },
      )
    },
  })
  const close = () => {
    trade.reset()
    form.reset()
    onClose()
  }

  return (
    <Modal open={open} onClose={close} title={`Sell ${item.name}`} testId="list-modal">
      <form {...form.props}>
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
        <DialogField
          first
          name="price"
          label={editions ? 'Price per token (ETH)' : kind === 'fixed' ? 'Price (ETH)' : 'Reserve price (ETH)'}
          inputMode="decimal"
          placeholder="0.5"
          value={amount}
          onChange={setAmount}
          error={form.errors.price}
        />
        {editions && (
          <DialogField
            name="quantity"
            label={`How many (you hold ${item.held!.toString()})`}
            type="number"
            min={1}
            max={item.held!.toString()}
            value={count}
            onChange={setCount}
            error={form.errors.quantity}
          />
        )}
        <label htmlFor={`${id}-duration`} className="mt-2 block text-sm font-semibold">
          {kind === 'fixed' ? 'Listing expires after' : 'Auction ends after'}
        </label>
        <select id={`${id}-duration`} name="days" defaultValue={7} className={dialogControl}>
          {LISTING_DAYS.map((days) => (
            <option key={days} value={days}>
              {days === 1 ? '1 day' : `${days} days`}
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
