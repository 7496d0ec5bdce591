import { marketplaceContracts } from '../../../chain/marketplace'
import { useWallet } from '../../wallet/WalletProvider'
import { TradeStatus } from './TradeStatus'
import { useTrade } from './use-trade'

/**
 * 'Cancel all' on the visitor's own profile: Seaport's incrementCounter voids every order the
 * wallet signed on the current network, on chain, so none can be filled afterwards.
 */
export function CancelAllOrders({ address }: { address: string }) {
  const wallet = useWallet()
  const trade = useTrade()
  const chainId = wallet.chainId
  if (wallet.status !== 'connected' || wallet.address?.toLowerCase() !== address.toLowerCase()) return null
  if (chainId === undefined || !marketplaceContracts(chainId) || wallet.unsupportedChain) return null
  return (
    <div className="mt-6 max-w-xl">
      <button
        type="button"
        disabled={trade.busy}
        onClick={() =>
          void trade.run((trading, onStep) => trading.cancelAll(chainId, onStep), {
            done: `Every listing and offer you signed on ${wallet.chainName ?? 'this network'} is cancelled.`,
          })
        }
        className="rounded-full border border-jacarta-200 px-5 py-2 text-sm font-semibold hover:border-accent disabled:opacity-50 dark:border-jacarta-600"
      >
        Cancel all my listings and offers on {wallet.chainName ?? 'this network'}
      </button>
      <TradeStatus state={trade.state} chainId={chainId} />
    </div>
  )
}
