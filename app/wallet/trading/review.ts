/**
 * Readable signing in the trading flow: each operation builds its order (or reads the one it will
 * fill), decodes it with chain/signing.ts and shows the words before the wallet is asked; a
 * summary with warnings waits for the visitor to confirm it.
 */
import type { Address } from 'viem'
import { summarize, type OrderSummary, type SigningContext, type SigningView } from '../../../chain/signing'
import type { OnStep } from '../calls'
import type { TradingContext } from './context'

/** What the decoder needs besides the view the dialog gives: the signer, the network's WETH, the time. */
export function signingContext(
  ctx: TradingContext,
  chainId: number,
  signer: Address,
  view: SigningView = { fees: [] },
): SigningContext {
  return { ...view, signer, weth: ctx.contractsOf(chainId).weth, now: BigInt(Math.floor(Date.now() / 1000)) }
}

/** Shows the summary of `orders`; resolves when the trade may go on (at once unless it warns). */
export async function review(onStep: OnStep, action: string, orders: OrderSummary[]) {
  await onStep('reviewing', { summary: summarize(action, orders) })
}
