import { createFileRoute, Link } from '@tanstack/react-router'
import { cardClass, ContentPage } from '../components/ui/Prose'
import { pageTitle } from '../lib/seo'

export const Route = createFileRoute('/wallet')({
  head: () => ({ meta: [{ title: pageTitle('Wallet') }] }),
  component: WalletPage,
})

const WALLETS: [string, string][] = [
  ['MetaMask', 'The most used browser wallet.'],
  ['Rabby', 'Shows what each transaction will do before you sign.'],
  ['Coinbase Wallet', 'The browser extension of Coinbase.'],
  ['Any EIP-6963 wallet', 'Every wallet that announces itself to the page is listed.'],
]

function WalletPage() {
  return (
    <ContentPage title="Wallets" lead="Your wallet is your account: it holds your items and signs your orders.">
      <ul className="grid gap-4 sm:grid-cols-2">
        {WALLETS.map(([name, line]) => (
          <li key={name} className={`${cardClass} flex items-center gap-4`}>
            <span
              aria-hidden="true"
              className="grid h-12 w-12 shrink-0 place-items-center rounded-xl bg-jacarta-700 font-display text-lg font-bold text-white"
            >
              {name.charAt(0)}
            </span>
            <span>
              <span className="block font-semibold">{name}</span>
              <span className="text-sm text-jacarta-500 dark:text-jacarta-200">{line}</span>
            </span>
          </li>
        ))}
      </ul>
      <h2>Connect a wallet</h2>
      <p>
        Install one of these wallets, then{' '}
        <Link to="/login" className="font-semibold text-accent underline">
          sign in
        </Link>
        . Signing in is a free signature: no transaction, no gas.
      </p>
    </ContentPage>
  )
}
