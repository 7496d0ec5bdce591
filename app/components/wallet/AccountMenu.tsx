import { lazy, Suspense, useCallback, useRef, useState } from 'react'
import { shortenAddress } from '../../lib/format'
import { useDismiss } from '../../lib/use-dismiss'
import { useWallet } from '../../wallet/WalletProvider'
import { Icon } from '../icons'

// The panel loads when first opened: most visitors never open it.
const AccountPanel = lazy(() => import('./AccountPanel'))

/**
 * The account menu: the shortened address or 'Not connected', the balance in ETH,
 * the network (with a switch when it is unsupported), sign in, profile links and sign out.
 */
export function AccountMenu() {
  const wallet = useWallet()
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const connected = wallet.status === 'connected' && wallet.address

  const close = useCallback(() => setOpen(false), [])
  const opener = useCallback(() => root.current?.querySelector<HTMLButtonElement>('[data-testid="account-button"]'), [])
  useDismiss(open, root, close, opener)

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        className="inline-flex h-10 items-center gap-2 rounded-full border border-jacarta-100 px-3 text-sm font-semibold hover:border-accent dark:border-transparent dark:bg-white/15"
        aria-expanded={open}
        aria-controls="account-menu"
        aria-label={connected ? `Account ${wallet.address}` : 'Account: not connected'}
        onClick={() => setOpen((v) => !v)}
        data-testid="account-button"
      >
        <Icon name="user" className="h-4 w-4" />
        {connected && <span className="hidden 2xl:inline">{shortenAddress(wallet.address!)}</span>}
        {connected && wallet.unsupportedChain && <span className="h-2 w-2 rounded-full bg-red" aria-hidden="true" />}
      </button>
      {open && (
        <Suspense fallback={null}>
          <AccountPanel onClose={close} />
        </Suspense>
      )}
    </div>
  )
}
