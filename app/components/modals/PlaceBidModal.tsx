import { useId, useState } from 'react'
import { parseBidAmount } from '../../lib/amount'
import { Modal } from '../ui/Modal'
import { TermsCheckbox } from '../ui/TermsCheckbox'

/** SPEC.md §9: the bid field starts at 0.05 ETH. */
export const DEFAULT_BID = '0.05'

export function PlaceBidModal({ open, onClose, itemName }: { open: boolean; onClose: () => void; itemName: string }) {
  const id = useId()
  const [amount, setAmount] = useState(DEFAULT_BID)
  const [accepted, setAccepted] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const parsed = parseBidAmount(amount)
  const error = 'error' in parsed ? parsed.error : null
  const [notice, setNotice] = useState<string | null>(null)

  return (
    <Modal open={open} onClose={onClose} title="Place a bid" testId="bid-modal">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setSubmitted(true)
          if (error || !accepted) return
          setNotice('Bids are WETH offers signed with your wallet. Connect a wallet to place one: nothing was sent.')
        }}
      >
        <p className="text-sm text-jacarta-500 dark:text-jacarta-200">
          Your bid on <strong className="text-jacarta-700 dark:text-white">{itemName}</strong>, in WETH.
        </p>
        <label htmlFor={`${id}-amount`} className="mt-4 block text-sm font-semibold">
          Amount (WETH)
        </label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={submitted && error !== null}
          aria-describedby={`${id}-amount-error`}
          className="mt-1 h-12 w-full rounded-xl border border-jacarta-100 px-4 dark:border-jacarta-600 dark:bg-jacarta-700"
        />
        <p id={`${id}-amount-error`} className="mt-1 min-h-5 text-sm text-red-700 dark:text-red-400">
          {(submitted || amount !== DEFAULT_BID) && error}
        </p>
        <TermsCheckbox checked={accepted} onChange={setAccepted} />
        {submitted && !accepted && (
          <p className="mt-1 text-sm text-red-700 dark:text-red-400">Please accept the Terms of Service to bid.</p>
        )}
        {notice && (
          <p role="status" className="mt-4 rounded-xl bg-accent/10 p-3 text-sm">
            {notice}
          </p>
        )}
        <button
          type="submit"
          className="mt-6 w-full rounded-full bg-accent py-3 font-semibold text-white hover:bg-accent-dark"
        >
          Place Bid
        </button>
      </form>
    </Modal>
  )
}
