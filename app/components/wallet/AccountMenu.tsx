import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { NETWORKS } from '../../../chain/networks'
import { shortenAddress } from '../../lib/format'
import { formatBalance } from '../../wallet/format'
import { useWallet } from '../../wallet/WalletProvider'
import { Icon } from '../icons'

const item =
  'block w-full rounded-xl px-4 py-2 text-left text-sm font-medium hover:bg-jacarta-50 dark:hover:bg-jacarta-600'

/**
 * The account menu (SPEC.md §4): the shortened address or 'Not connected', the balance in ETH,
 * the network (with a switch when it is unsupported), sign in, profile links and sign out.
 */
export function AccountMenu() {
  const wallet = useWallet()
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const connected = wallet.status === 'connected' && wallet.address
  const signedIn = wallet.session.status === 'authenticated'

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false)
    const onClick = (event: MouseEvent) => !root.current?.contains(event.target as Node) && setOpen(false)
    document.addEventListener('keydown', onKey)
    document.addEventListener('click', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('click', onClick)
    }
  }, [open])

  const close = () => setOpen(false)
  const profile = connected ? { to: '/user/$address', params: { address: wallet.address! } } : { to: '/login' }
  const edit = connected ? { to: '/profile/$address', params: { address: wallet.address! } } : { to: '/login' }
  const fallbackChain = wallet.supportedChainIds[0]

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
                {wallet.balance === undefined ? '…' : `${formatBalance(wallet.balance)} ETH`}
              </p>
              <div className="mt-3 text-sm">
                {wallet.unsupportedChain ? (
                  <div role="alert" className="rounded-xl bg-red/10 p-3">
                    <p className="font-semibold">
                      Unsupported network{wallet.chainName ? ` (${wallet.chainName})` : ''}
                    </p>
                    {fallbackChain !== undefined && (
                      <button
                        type="button"
                        disabled={wallet.busy === 'switching'}
                        className="mt-2 rounded-full bg-accent px-4 py-1.5 font-semibold text-white"
                        onClick={() => void wallet.switchChain(fallbackChain)}
                      >
                        Switch to {NETWORKS[fallbackChain]?.chain.name}
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
                          {NETWORKS[id]?.chain.name ?? id}
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
      )}
    </div>
  )
}
