import { NETWORKS } from '../../../chain/networks'
import { SigningSummary } from './SigningSummary'
import type { TradeState } from './use-trade'

const STEP_TEXT = {
  connecting: 'Connect your wallet to go on…',
  'signing-in': 'Sign in with your wallet (a free signature)…',
  reviewing: 'Read what you give and get above; your wallet asks next.',
  batching: 'Confirm in your wallet: the steps before signing go as one batch, all or none…',
  switching: 'Switching your wallet to the right network…',
  approving: 'Approve in your wallet: Seaport may then transfer it for you. This is needed once.',
  wrapping: 'Confirm in your wallet: wrapping ETH into WETH for the offer…',
  signing: 'Sign the order in your wallet. Signing is free and sends nothing.',
  submitting: 'Checking and saving it on Vitrine…',
  confirming: 'Transaction sent. Waiting for it to be confirmed…',
  indexing: 'Confirmed. Updating Vitrine…',
  deploying: 'Confirm in your wallet: deploying your collection contract (you pay the gas)…',
  minting: 'Confirm in your wallet: minting your item (you pay the gas)…',
} as const

/** Where a trade is at: each wallet step in words, the transaction and its link, or what went wrong. */
export function TradeStatus({ state, chainId }: { state: TradeState; chainId: number }) {
  if (state.phase === 'idle') return null
  const explorer = NETWORKS[chainId]?.explorer
  const hash = state.phase === 'working' || state.phase === 'done' ? state.hash : undefined
  const tone =
    state.phase === 'failed'
      ? 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200'
      : state.phase === 'done'
        ? 'bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-200'
        : 'bg-accent/10'
  return (
    <div data-testid="trade-status" aria-live="polite" className={`mt-4 rounded-xl p-3 text-sm ${tone}`}>
      {state.summary && (
        <SigningSummary summary={state.summary} onConfirm={state.phase === 'working' ? state.confirm : undefined} />
      )}
      <p data-phase={state.phase}>{state.phase === 'working' ? STEP_TEXT[state.step] : state.message}</p>
      {hash && (
        <p className="mt-1 truncate font-mono text-xs">
          Transaction{' '}
          {explorer ? (
            <a href={`${explorer}/tx/${hash}`} target="_blank" rel="noreferrer" className="underline">
              {hash}
            </a>
          ) : (
            <span data-testid="tx-hash">{hash}</span>
          )}
        </p>
      )}
    </div>
  )
}
