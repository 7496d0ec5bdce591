import { createFileRoute, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { Logo } from '../components/Logo'
import { WalletMissingModal } from '../components/modals/WalletMissingModal'
import { ThemeToggle } from '../components/ThemeToggle'
import { pageTitle } from '../lib/seo'

export const Route = createFileRoute('/login')({
  head: () => ({ meta: [{ title: pageTitle('Login') }] }),
  component: LoginPage,
})

/** SPEC.md §2: /login renders without the shared layout. */
function LoginPage() {
  const [missing, setMissing] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
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
          <button
            type="button"
            onClick={() => {
              const hasWallet = typeof window !== 'undefined' && 'ethereum' in window
              if (!hasWallet) setMissing(true)
              else setNotice('Wallet sign-in (Sign-In with Ethereum) is not enabled on this deployment yet.')
            }}
            className="mt-10 w-full rounded-full bg-accent py-4 font-semibold text-white hover:bg-accent-dark"
          >
            Sign in with Metamask
          </button>
          {notice && (
            <p role="status" className="mt-4 rounded-xl bg-accent/10 p-4 text-sm">
              {notice}
            </p>
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
