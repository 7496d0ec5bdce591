import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { Logo } from '../components/Logo'
import { WalletMissingModal } from '../components/modals/WalletMissingModal'
import { ThemeToggle } from '../components/ThemeToggle'
import { authErrorMessage } from '../lib/auth-errors'
import { shortenAddress } from '../lib/format'
import { pageTitle } from '../lib/seo'
import { safeCallbackPath } from '../wallet/auth-client'
import { useWallet } from '../wallet/WalletProvider'
import { strictSearch } from '../lib/search-params'

interface LoginSearch {
  error?: string
  code?: string
  callbackUrl?: string
}

const text = (value: unknown) => (typeof value === 'string' && value.length <= 2_000 ? value : undefined)

export const Route = createFileRoute('/login')({
  validateSearch: strictSearch<LoginSearch>((raw) => ({
    error: text(raw.error),
    code: text(raw.code),
    callbackUrl: text(raw.callbackUrl),
  })),
  head: () => ({ meta: [{ title: pageTitle('Login') }] }),
  component: LoginPage,
})

const button =
  'mt-4 flex w-full items-center justify-center gap-3 rounded-full bg-accent py-4 font-semibold text-white hover:bg-accent-dark disabled:opacity-70'

/** /login renders without the shared layout. Connect, sign a message, done. */
function LoginPage() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  const wallet = useWallet()
  const [missing, setMissing] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const problem = failure ?? authErrorMessage(search.error, search.code)
  const signedIn = wallet.session.status === 'authenticated' ? wallet.session.address : undefined
  const destination = (address: string) => safeCallbackPath(search.callbackUrl, `/user/${address}`)

  // Connect (unless connected), then sign: the message needs the connected address.
  const start = async (walletId?: string) => {
    setFailure(null)
    const account =
      wallet.status === 'connected' && wallet.address && wallet.chainId !== undefined
        ? { address: wallet.address, chainId: wallet.chainId }
        : await wallet.connect(walletId)
    if (!account) return
    const result = await wallet.signIn(destination(account.address), account)
    if (result.ok) await navigate({ href: destination(account.address) })
    else if (result.error) setFailure(authErrorMessage(result.error, result.code ?? undefined))
  }

  return (
    <main id="main" className="grid min-h-screen lg:grid-cols-2">
      <div className="hidden bg-gradient-to-br from-accent to-pink-500 lg:block" aria-hidden="true" />
      <div className="flex flex-col px-6 py-8 sm:px-12">
        <div className="flex items-center justify-between">
          <Link to="/" aria-label="Vitrine home">
            <Logo />
          </Link>
          <ThemeToggle />
        </div>
        <div className="my-auto max-w-md py-16">
          <h1 className="font-display text-4xl font-bold">Sign in</h1>
          <p className="mt-4 text-jacarta-500 dark:text-jacarta-200">
            Choose a wallet to sign in with. You sign a short message: no password, no transaction, no gas.
          </p>
          {problem && (
            <p role="alert" className="mt-6 rounded-xl bg-red/10 p-4 text-sm" data-testid="login-error">
              {problem}
            </p>
          )}
          {signedIn ? (
            <div className="mt-8" data-testid="signed-in">
              <p>You are signed in as {shortenAddress(signedIn)}.</p>
              <Link to={destination(signedIn)} className={button}>
                Continue
              </Link>
            </div>
          ) : (
            <div className="mt-6" data-testid="login-buttons">
              <LoginButtons wallet={wallet} onStart={start} onMissing={() => setMissing(true)} />
            </div>
          )}
          <p className="mt-8 text-sm text-jacarta-500 dark:text-jacarta-200">
            New to wallets?{' '}
            <Link to="/wallet" className="font-semibold text-accent underline">
              Learn how they work
            </Link>
            .
          </p>
        </div>
      </div>
      <WalletMissingModal open={missing} onClose={() => setMissing(false)} />
    </main>
  )
}

/** Button texts: 'Sign in with Metamask', 'Metamask initializing', 'Metamask connecting', 'unavailable'. */
function LoginButtons({
  wallet,
  onStart,
  onMissing,
}: {
  wallet: ReturnType<typeof useWallet>
  onStart: (walletId?: string) => void
  onMissing: () => void
}) {
  const waiting =
    wallet.status === 'initializing'
      ? 'Metamask initializing'
      : wallet.status === 'connecting' || wallet.busy === 'signing'
        ? 'Metamask connecting'
        : null
  if (waiting) {
    return (
      <button type="button" disabled className={button}>
        {waiting}
      </button>
    )
  }
  if (wallet.status === 'unavailable') {
    return (
      <button type="button" onClick={onMissing} className={button}>
        unavailable
      </button>
    )
  }
  if (wallet.status === 'connected') {
    return (
      <button type="button" onClick={() => onStart()} className={button}>
        Sign in as {shortenAddress(wallet.address ?? '')}
      </button>
    )
  }
  return (
    <>
      {wallet.wallets.map((w) => (
        <button key={w.id} type="button" onClick={() => onStart(w.id)} className={button}>
          {w.icon && <img src={w.icon} alt="" width={24} height={24} className="h-6 w-6 rounded" />}
          Sign in with {w.name === 'MetaMask' ? 'Metamask' : w.name}
        </button>
      ))}
    </>
  )
}
