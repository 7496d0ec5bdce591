import { useWallet } from '../../wallet/WalletProvider'
import { Icon } from '../icons'

/** Wallet problems and hints, said once, politely, where they do not cover the page. */
export function WalletNotice() {
  const { notice, dismissNotice } = useWallet()
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {notice && (
        <p
          role="status"
          data-testid="wallet-notice"
          className="pointer-events-auto flex max-w-lg items-start gap-3 rounded-2xl bg-jacarta-800 px-5 py-3 text-sm text-white shadow-xl"
        >
          <span>{notice}</span>
          <button type="button" onClick={dismissNotice} aria-label="Dismiss" className="shrink-0">
            <Icon name="close" className="h-4 w-4" />
          </button>
        </p>
      )}
    </div>
  )
}
