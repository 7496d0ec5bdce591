import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { RouterOutputs } from '../../../server/trpc/root'
import { cart } from '../../lib/cart'
import { useTRPC } from '../../lib/trpc-react'
import { useWallet } from '../../wallet/WalletProvider'
import { Modal } from '../ui/Modal'
import { CartCheckout } from './CartCheckout'

const MAX_COUNT = 50
const ETH_TEXT = /^\d{1,9}(\.\d{1,18})?$/

/** The sweep: how many and the most to pay; the server answers the cheapest that fit, bought in one transaction. */
export default function SweepPanel({
  collection,
  name,
  chainId,
  onClose,
}: {
  collection: string
  name: string
  chainId: number
  onClose: () => void
}) {
  const trpc = useTRPC()
  const wallet = useWallet()
  const [count, setCount] = useState('5')
  const [maxTotal, setMaxTotal] = useState('1')
  const [problem, setProblem] = useState<string | null>(null)
  const [searching, setSearching] = useState(false)
  const queryClient = useQueryClient()
  // The answer is kept as it was shown: the buyer confirms what they saw, and whatever changed
  // since is skipped at checkout, not swapped in under them.
  const [answer, setAnswer] = useState<RouterOutputs['collection']['sweep'] | null>(null)
  const buyer = wallet.status === 'connected' ? wallet.address?.toLowerCase() : undefined

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const n = Number(count)
    if (!Number.isInteger(n) || n < 1 || n > MAX_COUNT)
      return setProblem(`How many: a whole number from 1 to ${MAX_COUNT}.`)
    if (!ETH_TEXT.test(maxTotal.trim()) || Number(maxTotal) <= 0)
      return setProblem('Maximum total: an amount of ETH such as 1.25.')
    setProblem(null)
    setSearching(true)
    try {
      const input = { idOrSlug: collection, count: n, maxTotal: maxTotal.trim(), ...(buyer ? { buyer } : {}) }
      setAnswer(await queryClient.fetchQuery({ ...trpc.collection.sweep.queryOptions(input), staleTime: 0 }))
    } catch (error) {
      setAnswer(null)
      setProblem(error instanceof Error ? error.message : 'The sweep could not be found. Try again.')
    } finally {
      setSearching(false)
    }
  }

  const field = 'mt-1 w-full rounded-lg border border-jacarta-100 px-3 py-2 dark:border-jacarta-600 dark:bg-jacarta-700'
  return (
    <Modal open onClose={onClose} title="Sweep the cheapest" testId="sweep-panel">
      <form onSubmit={(event) => void submit(event)} className="grid grid-cols-2 gap-3 text-sm" noValidate>
        <label>
          How many
          <input
            name="count"
            inputMode="numeric"
            value={count}
            onChange={(e) => setCount(e.target.value)}
            className={field}
          />
        </label>
        <label>
          Maximum total (ETH)
          <input
            name="maxTotal"
            inputMode="decimal"
            value={maxTotal}
            onChange={(e) => setMaxTotal(e.target.value)}
            className={field}
          />
        </label>
        <button
          type="submit"
          disabled={searching}
          className="col-span-2 rounded-full border border-accent py-2 font-semibold text-accent hover:bg-accent hover:text-white dark:text-white"
        >
          Find the cheapest
        </button>
      </form>
      {problem && (
        <p className="mt-2 text-sm text-red-700 dark:text-red-400" role="alert">
          {problem}
        </p>
      )}
      {answer?.message && (
        <p className="mt-3 text-sm" data-testid="sweep-message">
          {answer.message}
        </p>
      )}
      {answer && answer.items.length > 0 && (
        <CartCheckout
          key={answer.items.map((i) => i.orderHash).join()}
          chainId={chainId}
          testId="sweep-checkout"
          lines={answer.items.map((item) => ({
            orderHash: item.orderHash,
            name: item.name,
            image: item.image,
            collection: name,
            units: Number(item.units),
          }))}
          // What a sweep bought leaves the cart too, if it was there.
          onBought={(hashes) => cart.remove(chainId, hashes)}
        />
      )}
    </Modal>
  )
}
