import { lazy, Suspense, useState } from 'react'
import { useWallet } from '../../wallet/WalletProvider'
import { Icon } from '../icons'

// Loaded when needed: most visitors never open either.
const WalletMissingModal = lazy(() =>
  import('../modals/WalletMissingModal').then((m) => ({ default: m.WalletMissingModal })),
)
const WalletPickerModal = lazy(() => import('./WalletPickerModal').then((m) => ({ default: m.WalletPickerModal })))

const pill =
  'inline-flex h-10 items-center gap-2 rounded-full border border-jacarta-100 px-4 text-sm font-semibold hover:border-accent hover:bg-accent hover:text-white dark:border-transparent dark:bg-white/15'

/**
 * The header's wallet control: 'Ongoing...' while initializing, a wallet icon that
 * explains how to get a wallet when none is installed, a connect button, 'Connecting...', and
 * nothing once connected (the account menu takes over).
 */
export function WalletButton({ label = 'Connect wallet', mobile = false }: { label?: string; mobile?: boolean }) {
  const wallet = useWallet()
  const [missing, setMissing] = useState(false)
  const [picking, setPicking] = useState(false)

  switch (wallet.status) {
    case 'initializing':
    case 'connecting':
      return (
        <span className={pill} role="status" data-testid="wallet-control">
          {wallet.status === 'initializing' ? 'Ongoing...' : 'Connecting...'}
        </span>
      )
    case 'unavailable':
      return (
        <>
          {mobile && <p className="mb-2 text-center text-sm">MetaMask not available :</p>}
          <button
            type="button"
            className={mobile ? pill : `${pill} w-10 justify-center px-0`}
            aria-label="No wallet found: how to get one"
            onClick={() => setMissing(true)}
            data-testid="wallet-control"
          >
            <Icon name="wallet" className="h-4 w-4" />
            {mobile && <span>Get a wallet</span>}
          </button>
          {missing && (
            <Suspense fallback={null}>
              <WalletMissingModal open onClose={() => setMissing(false)} />
            </Suspense>
          )}
        </>
      )
    case 'notConnected':
      return (
        <>
          <button
            type="button"
            className={pill}
            onClick={() => (wallet.wallets.length > 1 ? setPicking(true) : void wallet.connect())}
            data-testid="wallet-control"
          >
            <Icon name="wallet" className="h-4 w-4" />
            <span>{label}</span>
          </button>
          {picking && (
            <Suspense fallback={null}>
              <WalletPickerModal
                open
                wallets={wallet.wallets}
                onClose={() => setPicking(false)}
                onPick={(picked) => {
                  setPicking(false)
                  void wallet.connect(picked.id)
                }}
              />
            </Suspense>
          )}
        </>
      )
    case 'connected':
      return null
  }
}
