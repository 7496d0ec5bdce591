import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatEther } from 'viem'
import { collectionOfferForm, COLLECTION_OFFER_DAYS, ethPriceSchema } from '../../../server/inputs/trading'
import { traitFilter, splitTrait } from '../../../server/inputs/trait-syntax'
import { formatEth } from '../../lib/format'
import { useSchemaForm } from '../../lib/form'
import { useTRPC } from '../../lib/trpc-react'
import type { CollectionRef } from '../../wallet/trading/criteria'
import { FeeLines } from '../trade/FeeLines'
import { TradeStatus } from '../trade/TradeStatus'
import { TradeSubmit } from '../trade/TradeSubmit'
import { useTrade } from '../trade/use-trade'
import { DialogField } from '../ui/DialogField'
import { Modal } from '../ui/Modal'
import { Select } from '../ui/Select'
import { TermsCheckbox } from '../ui/TermsCheckbox'

const DAY = 86_400_000

/**
 * A collection offer: WETH for each of a number of any of the collection's tokens, or of those
 * carrying one trait now. Missing WETH is wrapped and Seaport allowed to spend it first.
 */
export function CollectionOfferModal({
  open,
  onClose,
  collection,
}: {
  open: boolean
  onClose: () => void
  collection: CollectionRef & { name: string; items: number }
}) {
  const trpc = useTRPC()
  const [price, setPrice] = useState('')
  const [count, setCount] = useState('1')
  const [trait, setTrait] = useState<string | undefined>()
  const [days, setDays] = useState<number>(7)
  const [accepted, setAccepted] = useState(false)
  const trade = useTrade()
  const fees = useQuery({ ...trpc.collection.offerFees.queryOptions({ idOrSlug: collection.slug }), enabled: open })
  const traits = useQuery({ ...trpc.collection.traits.queryOptions({ idOrSlug: collection.slug }), enabled: open })
  const chosen = traits.data?.data.find((t) => traitFilter(t.type, t.value) === trait)
  // An ERC-721 token is given once: no more are wanted than there are.
  const most = collection.standard === 'erc721' ? (chosen?.count ?? collection.items) : undefined
  const schema = collectionOfferForm(most)
  const form = useSchemaForm({
    schema,
    serverFields: { 'order.offer': 'price', 'order.offerer': 'price', 'order.consideration': 'quantity' },
    onValid: (values) => {
      const named = values.trait ? splitTrait(values.trait) : null
      void trade.run(
        (trading, onStep) =>
          trading
            .offerOnCollection(
              collection,
              {
                price: values.price,
                quantity: values.quantity,
                endsAt: new Date(Date.now() + values.days * DAY),
                fees: fees.data ?? [],
                ...(named ? { trait: { type: named.type, value: named.rest } } : {}),
              },
              onStep,
            )
            .catch((error: unknown) => {
              form.fromServer(error)
              throw error
            }),
        {
          signIn: true,
          done: `Your collection offer is live. Holders can accept it until it expires in ${values.days} day${values.days === 1 ? '' : 's'}.`,
        },
      )
    },
  })
  const each = ethPriceSchema().safeParse(price)
  const units = schema.shape.quantity.safeParse(count).data ?? 1n
  const close = () => {
    trade.reset()
    form.reset()
    onClose()
  }
  return (
    <Modal open={open} onClose={close} title="Make a collection offer" testId="collection-offer-modal">
      <form {...form.props}>
        <p className="text-sm text-jacarta-500 dark:text-jacarta-200">
          An offer in WETH for any item of{' '}
          <strong className="text-jacarta-700 dark:text-white">{collection.name}</strong>, or of those with one trait.
          Any holder may accept it with their item, once for each item you want.
        </p>
        <DialogField
          first
          name="price"
          label="Price per item (WETH)"
          inputMode="decimal"
          placeholder="0.1"
          value={price}
          onChange={setPrice}
          error={form.errors.price}
        />
        <DialogField
          name="quantity"
          label="How many items"
          type="number"
          min={1}
          {...(most === undefined ? {} : { max: most })}
          value={count}
          onChange={setCount}
          error={form.errors.quantity}
        />
        {(traits.data?.data.length ?? 0) > 0 && (
          <div className="mt-2">
            <Select
              label="Items"
              name="trait"
              anyLabel="Any item of the collection"
              value={trait}
              options={(traits.data?.data ?? []).map((t) => ({
                value: traitFilter(t.type, t.value),
                label: `${t.type}: ${t.value} (${t.count})`,
              }))}
              onChange={setTrait}
              error={form.errors.trait}
            />
          </div>
        )}
        {chosen && (
          <p className="mt-2 text-sm" data-testid="trait-offer-scope">
            Covers the {chosen.count} items with {chosen.type}: {chosen.value} now. An item that gains this trait later
            is not covered.
          </p>
        )}
        <div className="mt-2">
          <Select
            label="Expires in"
            name="days"
            value={days}
            options={COLLECTION_OFFER_DAYS.map((d) => ({ value: d, label: `${d} day${d === 1 ? '' : 's'}` }))}
            onChange={(value) => setDays(value ?? 7)}
            error={form.errors.days}
          />
        </div>
        {each.success && (
          <>
            <p className="mt-2 text-sm" data-testid="collection-offer-total">
              {formatEth(formatEther(each.data * units))} WETH in all for {units.toString()}; each holder who accepts
              receives {formatEth(formatEther(each.data))} WETH less:
            </p>
            <FeeLines price={each.data} fees={fees.data ?? []} currency="WETH" />
          </>
        )}
        <TermsCheckbox name="terms" checked={accepted} onChange={setAccepted} error={form.errors.terms} />
        <TradeStatus state={trade.state} chainId={collection.chainId} />
        <TradeSubmit state={trade.state} label="Make offer" busyLabel="Making the offer…" onDone={close} />
      </form>
    </Modal>
  )
}
