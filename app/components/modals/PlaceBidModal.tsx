import { useState } from 'react'
import { formatEther } from 'viem'
import { formatEth } from '../../lib/format'
import { useSchemaForm } from '../../lib/form'
import type { TokenRef } from '../../wallet/trading'
import { FeeLines, type ItemFee } from '../trade/FeeLines'
import { signingView } from '../trade/signing-view'
import { TradeStatus } from '../trade/TradeStatus'
import { TradeSubmit } from '../trade/TradeSubmit'
import { useTrade } from '../trade/use-trade'
import { DialogField } from '../ui/DialogField'
import { Modal } from '../ui/Modal'
import { TermsCheckbox } from '../ui/TermsCheckbox'
import { bidForm, ethPriceSchema } from '../../../server/inputs/trading'

/** The bid field starts at 0.05 ETH. */
export const DEFAULT_BID = '0.05'
const OFFER_DAYS = 7
const DAY = 86_400_000

export interface BidTarget {
  name: string
  collection?: string
  token: TokenRef
  fees: ItemFee[]
  /** An ERC-1155 token: the offer names how many, at a price per token. */
  editions?: boolean
  /** A running auction: bids must meet the reserve and beat the highest bid. */
  auction?: { endsAt: string; reserveWei: string }
  highestBidWei?: string
}

/**
 * An offer, or a bid on an auction: a WETH order the wallet signs. Missing WETH is wrapped from
 * ETH and Seaport approved to spend it, each with the visitor's confirmation in the wallet.
 */
export function PlaceBidModal({ open, onClose, target }: { open: boolean; onClose: () => void; target: BidTarget }) {
  const [amount, setAmount] = useState(DEFAULT_BID)
  const [count, setCount] = useState('1')
  const [accepted, setAccepted] = useState(false)
  const trade = useTrade()
  const auction = target.auction
  const schema = bidForm(
    auction && {
      reserveWei: BigInt(auction.reserveWei),
      highestBidWei: target.highestBidWei === undefined ? undefined : BigInt(target.highestBidWei),
    },
    target.editions,
  )
  const form = useSchemaForm({
    schema,
    // The server names a refused bid by the order's fields.
    serverFields: { 'order.offer': 'amount', 'order.offerer': 'amount' },
    onValid: ({ amount: wei, quantity }) => {
      const token = quantity === undefined ? target.token : { ...target.token, quantity }
      // A bid stays valid a week past the auction's end, so the seller can accept it then.
      const endsAt = () => new Date((auction ? Date.parse(auction.endsAt) : Date.now()) + OFFER_DAYS * DAY)
      void trade.run(
        (trading, onStep) =>
          trading
            .offer(
              token,
              wei,
              endsAt(),
              target.fees,
              onStep,
              signingView({
                ...target.token,
                name: target.name,
                collection: target.collection,
                fees: target.fees,
                price: wei * (quantity ?? 1n),
              }),
            )
            .catch((error: unknown) => {
              form.fromServer(error)
              throw error
            }),
        {
          signIn: true,
          done: auction
            ? 'Your bid is in. If it is the highest when the auction ends, the seller can accept it.'
            : target.editions
              ? 'Your offer is live. Any holder can accept it, all or part, until it expires in 7 days.'
              : 'Your offer is live. The owner can accept it until it expires in 7 days.',
        },
      )
    },
  })
  // The amount is checked as it is typed, once it differs from the suggested one.
  const live = schema.shape.amount.safeParse(amount)
  const amountError = form.errors.amount ?? (amount !== DEFAULT_BID ? live.error?.issues[0]?.message : undefined)
  const fees = ethPriceSchema().safeParse(amount)
  const units = (target.editions && schema.shape.quantity.safeParse(count).data) || 1n
  const close = () => {
    trade.reset()
    form.reset()
    onClose()
  }

  return (
    <Modal open={open} onClose={close} title="Place a bid" testId="bid-modal">
      <form {...form.props}>
        <p className="text-sm text-jacarta-500 dark:text-jacarta-200">
          Your {target.auction ? 'bid' : 'offer'} on{' '}
          <strong className="text-jacarta-700 dark:text-white">{target.name}</strong>, in WETH (wrapped ETH). Any ETH
          still to wrap is wrapped first, with your confirmation.
        </p>
        <DialogField
          first
          name="amount"
          label={target.editions ? 'Price per token (WETH)' : 'Amount (WETH)'}
          inputMode="decimal"
          value={amount}
          onChange={setAmount}
          error={amountError}
        />
        {target.editions && (
          <DialogField
            name="quantity"
            label="How many"
            type="number"
            min={1}
            value={count}
            onChange={setCount}
            error={form.errors.quantity}
          />
        )}
        {fees.success && (
          <>
            <p className="mt-2 text-xs text-jacarta-500 dark:text-jacarta-200">If accepted, paid out of it:</p>
            {units > 1n && (
              <p className="mt-1 text-sm" data-testid="bid-total">
                {formatEth(formatEther(fees.data * units))} WETH for {units.toString()}
              </p>
            )}
            <FeeLines price={fees.data * units} fees={target.fees} currency="WETH" />
          </>
        )}
        <TermsCheckbox name="terms" checked={accepted} onChange={setAccepted} error={form.errors.terms} />
        <TradeStatus state={trade.state} chainId={target.token.chainId} />
        <TradeSubmit state={trade.state} label="Place Bid" busyLabel="Placing…" onDone={close} />
      </form>
    </Modal>
  )
}
