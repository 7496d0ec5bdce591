import { useQuery } from '@tanstack/react-query'
import { networkName } from '../../../chain/networks'
import { CATEGORY_OPTIONS } from '../../lib/browse'
import { useSchemaForm } from '../../lib/form'
import { useTRPC } from '../../lib/trpc-react'
import { useWallet } from '../../wallet/WalletProvider'
import { TradeStatus } from '../trade/TradeStatus'
import { TradeSubmit } from '../trade/TradeSubmit'
import { useTrade } from '../trade/use-trade'
import { Field } from '../ui/Field'
import { Modal } from '../ui/Modal'
import { newCollectionForm } from '../../../server/inputs/collections'

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
  const platformFee = chains.data?.find((c) => c.id === chainId)?.platformFee
  const form = useSchemaForm({
    schema: newCollectionForm,
    onValid: ({ earnings, ...collection }) => {
      if (!platformFee) return
      void trade.run(
        async (_trading, onStep) => {
          const creating = await wallet.creating()
          const created = await creating
            .deployCollection({ ...collection, chainId, royaltyBps: earnings, platformFee }, onStep)
            .catch((error: unknown) => {
              form.fromServer(error)
              throw error
            })
          onCreated(created.slug)
        },
        { signIn: true, done: 'Your collection is deployed and ready: pick it for your item.' },
      )
    },
  })
  const { errors } = form
  const close = () => {
    trade.reset()
    form.reset()
    onClose()
  }
  return (
    <Modal open={open} onClose={close} title="New collection" testId="collection-modal">
      <form className="space-y-4" {...form.props}>
        <p className="text-sm text-jacarta-500 dark:text-jacarta-200">
          Deployed from your wallet on {networkName(chainId) ?? `chain ${chainId}`}; you pay the gas and own the
          contract.
        </p>
        <Field name="name" label="Name" required maxLength={60} error={errors.name} />
        <Field name="symbol" label="Symbol" required maxLength={11} error={errors.symbol} />
        <Field name="description" label="Description" multiline maxLength={2000} error={errors.description} />
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
