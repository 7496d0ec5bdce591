import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import type { Hash } from 'viem'
import type { SigningSummary } from '../../../chain/signing'
import { useWallet } from '../../wallet/WalletProvider'
import type { OnStep, TradeStep, Trading } from '../../wallet/trading'

/** A reason already in words (no wallet, sign-in refused), shown as it is. */
class Stop extends Error {}
const NO_WALLET =
  'No wallet is connected: install a browser wallet such as MetaMask, or unlock yours, and try again. Nothing was sent.'

/** What the wallet gives and gets, shown from the moment it is known to the trade's end. */
interface Shown {
  summary?: SigningSummary
}

export type TradeState =
  | { phase: 'idle' }
  | ({
      phase: 'working'
      step: TradeStep | 'connecting' | 'signing-in'
      hash?: Hash
      /** A summary with warnings waits for this: go on (true) or stop. */
      confirm?: (go: boolean) => void
    } & Shown)
  | ({ phase: 'done'; hash?: Hash; message: string } & Shown)
  | ({ phase: 'failed'; message: string } & Shown)

const STOPPED = 'You stopped before your wallet was asked. Nothing was signed or sent.'

/**
 * Runs one trading action with the visitor's wallet: connects it (and signs in, for actions the
 * server records) when needed, reports each step, refreshes the page's data when done, and turns
 * any failure into a sentence.
 */
export function useTrade() {
  const wallet = useWallet()
  const router = useRouter()
  const queryClient = useQueryClient()
  const [state, setState] = useState<TradeState>({ phase: 'idle' })

  async function run(
    action: (trading: Trading, onStep: OnStep) => Promise<unknown>,
    { signIn = false, done }: { signIn?: boolean; done: string },
  ): Promise<boolean> {
    let hash: Hash | undefined
    let summary: SigningSummary | undefined
    try {
      let address = wallet.address
      if (wallet.status !== 'connected' || !address) {
        if (wallet.status === 'unavailable') throw new Stop(NO_WALLET)
        setState({ phase: 'working', step: 'connecting' })
        const connected = await wallet.connect()
        if (!connected) throw new Stop(NO_WALLET)
        address = connected.address
      }
      if (signIn && wallet.session.address?.toLowerCase() !== address.toLowerCase()) {
        setState({ phase: 'working', step: 'signing-in' })
        const result = await wallet.signIn()
        if (!result.ok) throw new Stop(result.error ?? 'Sign in with your wallet to go on. Nothing was sent.')
      }
      const trading = await wallet.trading()
      await action(trading, (step, detail) => {
        hash = detail?.hash ?? hash
        summary = detail?.summary ?? summary
        // Words the decoder cannot vouch for wait for the visitor; the rest go straight to the wallet.
        if (step === 'reviewing' && summary?.warnings.length) {
          const shown = summary
          return new Promise<void>((resolve, reject) =>
            setState({
              phase: 'working',
              step,
              hash,
              summary: shown,
              confirm: (go) => (go ? resolve() : reject(new Stop(STOPPED))),
            }),
          )
        }
        setState({ phase: 'working', step, hash, summary })
      })
      setState({ phase: 'done', hash, message: done, summary })
      await queryClient.invalidateQueries()
      await router.invalidate()
      return true
    } catch (error) {
      // Trades run in the browser only: the Worker's bundle leaves the trading code out.
      const message =
        error instanceof Stop || import.meta.env.SSR
          ? (error as Error).message
          : (await import('../../wallet/trading')).tradeErrorMessage(error)
      setState({ phase: 'failed', message, summary })
      return false
    }
  }

  return { state, run, reset: () => setState({ phase: 'idle' }), busy: state.phase === 'working' }
}
