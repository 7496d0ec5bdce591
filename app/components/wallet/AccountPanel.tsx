import { Link } from '@tanstack/react-router'
import { networkName } from '../../../chain/networks'
import { formatEther } from 'viem'
import { formatBalance, shortenAddress } from '../../lib/format'
import { useWallet } from '../../wallet/WalletProvider'
import { Icon } from '../icons'

const item =
  'block w-full rounded-xl px-4 py-2 text-left text-sm font-medium hover:bg-jacarta-50 dark:hover:bg-jacarta-600'

/** The account menu's contents; see AccountMenu. */
export default function AccountPanel({ onClose: close }: { onClose: () => void }) {
  const wallet = useWallet()
  const connected = wallet.status === 'connected' && wallet.address
  const signedIn = wallet.session.status === 'authenticated'
  const profile = connected ? { to: '/user/$address', params: { address: wallet.address! } } : { to: '/login' }
  const edit = connected ? { to: '/profile/$address', params: { address: wallet.address! } } : { to: '/login' }
  const fallbackChain = wallet.supportedChainIds[0]
  return (
    <div
      id="account-menu"
      data-testid="account-menu"
      className="absolute right-0 z-20 mt-2 w-72 rounded-2xl bg-white p-4 shadow-xl dark:bg-jacarta-800"
    >
      <p className="font-mono text-sm break-all" data-testid="account-address">
        {connected ? shortenAddress(wallet.address!) : 'Not connected'}
      </p>
      {connected && (
        <>
          <p className="mt-2 flex items-center gap-1 text-lg font-bold" data-testid="account-balance">
            <Icon name="eth" className="h-4 w-4" />
            {wallet.balance === undefined ? '…' : `${formatBalance(formatEther(wallet.balance))} ETH`}
          </p>
          <div className="mt-3 text-sm">
            {wallet.unsupportedChain ? (
              <div role="alert" className="rounded-xl bg-red/10 p-3">
                <p className="font-semibold">Unsupported network{wallet.chainName ? ` (${wallet.chainName})` : ''}</p>
                {fallbackChain !== undefined && (
                  <button
                    type="button"
                    disabled={wallet.busy === 'switching'}
                    className="mt-2 rounded-full bg-accent px-4 py-1.5 font-semibold text-white"
                    onClick={() => void wallet.switchChain(fallbackChain)}
                  >
                    Switch to {networkName(fallbackChain)}
                  </button>
                )}
              </div>
            ) : (
              <label className="flex items-center justify-between gap-2">
                <span className="text-jacarta-500 dark:text-jacarta-200">Network</span>
                <select
                  value={wallet.chainId}
                  disabled={wallet.busy === 'switching'}
                  onChange={(event) => void wallet.switchChain(Number(event.target.value))}
                  className="rounded-lg border border-jacarta-100 bg-transparent px-2 py-1 dark:border-jacarta-600"
                  data-testid="network-select"
                >
                  {wallet.supportedChainIds.map((id) => (
                    <option key={id} value={id} className="text-jacarta-700">
                      {networkName(id) ?? id}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
          {!signedIn && (
            <button
              type="button"
              disabled={wallet.busy === 'signing'}
              onClick={() => void wallet.signIn(location.pathname)}
              className="mt-3 w-full rounded-full bg-accent py-2 text-sm font-semibold text-white hover:bg-accent-dark"
            >
              {wallet.busy === 'signing' ? 'Check your wallet…' : 'Sign in'}
            </button>
          )}
        </>
      )}
      <nav className="mt-3 border-t border-jacarta-100 pt-3 dark:border-jacarta-600" aria-label="Account">
        <Link {...profile} onClick={close} className={item}>
          My Profile
        </Link>
        <Link {...edit} onClick={close} className={item}>
          Edit Profile
        </Link>
        {(connected || signedIn) && (
          <button
            type="button"
            className={item}
            onClick={() => {
              close()
              void wallet.signOut()
            }}
          >
            Sign out
          </button>
        )}
      </nav>
    </div>
  )
}
