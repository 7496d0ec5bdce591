import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { networkName } from '../../../chain/networks'
import { CATEGORY_OPTIONS } from '../../lib/browse'
import { useTRPC } from '../../lib/trpc-react'
import { useWallet } from '../../wallet/WalletProvider'
import { TradeStatus } from '../trade/TradeStatus'
import { TradeSubmit } from '../trade/TradeSubmit'
import { useTrade } from '../trade/use-trade'
import { Field } from '../ui/Field'
import { Modal } from '../ui/Modal'

const MAX_EARNINGS_PERCENT = 10

/**
 * A new collection: Vitrine's ERC-721 contract (OpenZeppelin 5, EIP-2981 creator earnings)
 * deployed from the creator's wallet on the chosen network, then registered with Vitrine.
 */
export function NewCollectionModal({
  open,
  onClose,
  chainId,
  onCreated,
}: {
  open: boolean
  onClose: () => void
  chainId: number
  onCreated: (slug: string) => void
}) {
  const trpc = useTRPC()
  const wallet = useWallet()
  const trade = useTrade()
  const chains = useQuery({ ...trpc.chain.list.queryOptions(), enabled: open })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const close = () => {
    trade.reset()
    setErrors({})
    onClose()
  }
  return (
    <Modal open={open} onClose={close} title="New collection" testId="collection-modal">
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          const form = new FormData(event.currentTarget)
          const text = (name: string) => String(form.get(name) ?? '').trim()
          const earnings = Number(text('earnings'))
          const problems: Record<string, string> = {}
          if (!text('name')) problems.name = 'Give the collection a name.'
          if (!/^[A-Za-z0-9]{1,11}$/.test(text('symbol'))) problems.symbol = 'Use 1 to 11 letters or digits.'
          if (!Number.isFinite(earnings) || earnings < 0 || earnings > MAX_EARNINGS_PERCENT) {
            problems.earnings = `Between 0 and ${MAX_EARNINGS_PERCENT}%.`
          }
          setErrors(problems)
          const platformFee = chains.data?.find((c) => c.id === chainId)?.platformFee
          if (Object.keys(problems).length || !platformFee) return
          void trade.run(
            async (_trading, onStep) => {
              const created = await (
                await wallet.creating()
              ).deployCollection(
                {
                  chainId,
                  name: text('name'),
                  symbol: text('symbol').toUpperCase(),
                  description: text('description'),
                  category: text('category'),
                  royaltyBps: Math.round(earnings * 100),
                  platformFee,
                },
                onStep,
              )
              onCreated(created.slug)
            },
            { signIn: true, done: 'Your collection is deployed and ready: pick it for your item.' },
          )
        }}
      >
        <p className="text-sm text-jacarta-500 dark:text-jacarta-200">
          Deployed from your wallet on {networkName(chainId) ?? `chain ${chainId}`}; you pay the gas and own the
          contract.
        </p>
        <Field name="name" label="Name" required maxLength={60} error={errors.name} />
        <Field name="symbol" label="Symbol" required maxLength={11} error={errors.symbol} />
        <Field name="description" label="Description" multiline maxLength={2000} />
        <label className="block text-sm font-semibold">
          Category
          <select
            name="category"
            className="mt-1 h-11 w-full rounded-xl border border-jacarta-100 px-3 dark:border-jacarta-600 dark:bg-jacarta-700"
          >
            {CATEGORY_OPTIONS.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <Field name="earnings" label="Creator earnings (%)" type="number" defaultValue="5" error={errors.earnings} />
        <TradeStatus state={trade.state} chainId={chainId} />
        <TradeSubmit state={trade.state} label="Create collection" busyLabel="Deploying…" onDone={close} />
      </form>
    </Modal>
  )
}
