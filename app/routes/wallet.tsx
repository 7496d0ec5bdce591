import { createFileRoute, Link } from '@tanstack/react-router'
import { ContentPage, NamedCards, type NamedCard } from '../components/ui/Prose'
import { pageTitle } from '../lib/seo'
import { NETWORKS } from '../../chain/networks'
import { useWallet } from '../wallet/WalletProvider'

export const Route = createFileRoute('/wallet')({
  head: () => ({ meta: [{ title: pageTitle('Wallet') }] }),
  component: WalletPage,
})

const WALLETS: NamedCard[] = [
  { name: 'MetaMask', line: 'The most used browser wallet.' },
  { name: 'Rabby', line: 'Shows what each transaction will do before you sign.' },
  { name: 'Coinbase Wallet', line: 'The browser extension of Coinbase.' },
  { name: 'Any EIP-6963 wallet', line: 'Every wallet that announces itself to the page is listed.' },
]

function WalletPage() {
  return (
    <ContentPage title="Wallets" lead="Your wallet is your account: it holds your items and signs your orders.">
      <NamedCards cards={WALLETS} markClassName="rounded-xl bg-jacarta-700" />
      <h2>Connect a wallet</h2>
      <p>
        Install one of these wallets, then{' '}
        <Link to="/login" className="font-semibold text-accent underline">
          sign in
        </Link>
        . Signing in is a free signature: no transaction, no gas.
      </p>
      <AddWeth />
    </ContentPage>
  )
}

/** Offers are paid in WETH; the wallet is asked to show it (wallet_watchAsset). */
function AddWeth() {
  const wallet = useWallet()
  const weth = wallet.chainId === undefined ? undefined : NETWORKS[wallet.chainId]?.weth
  return (
    <>
      <h2>Wrapped ether (WETH)</h2>
      <p>Offers and bids are made in WETH, ether wrapped as a token, so they can be accepted without you online.</p>
      {wallet.status !== 'connected' ? (
        <p>Connect your wallet to add WETH to it.</p>
      ) : weth ? (
        <button
          type="button"
          onClick={() => void wallet.addWeth()}
          className="rounded-full bg-accent px-6 py-3 font-semibold text-white hover:bg-accent-dark"
        >
          Add WETH to your wallet
        </button>
      ) : (
        <p>WETH is not known on {wallet.chainName ?? 'this network'} yet.</p>
      )}
    </>
  )
}
