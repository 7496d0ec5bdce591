/** Offers and bids: WETH for a token (several of an ERC-1155), signed by the buyer, stored by the server. */
import { offerOrder } from '../../../chain/seaport'
import { describeOrder, type SigningView } from '../../../chain/signing'
import type { OnStep } from '../calls'
import { wethAllowanceCalls, wethCalls } from './approvals'
import type { FeeTerms, TokenRef, TradingContext } from './context'
import { review, signingContext } from './review'
import { orderTerms, signAndSubmit } from './sign'

/**
 * Offer (or bid) `price` in WETH, per token for several of an ERC-1155: the order is shown in
 * words, then the missing ETH is wrapped and Seaport allowed to spend the total (one batch where
 * the wallet can), then that order is signed.
 */
export async function offer(
  ctx: TradingContext,
  token: TokenRef,
  price: bigint,
  endsAt: Date,
  fees: FeeTerms[],
  onStep: OnStep,
  view?: SigningView,
) {
  const maker = ctx.account()
  const total = price * (token.quantity ?? 1n)
  await ctx.onChain(token.chainId, onStep)
  const order = offerOrder({
    ...(await orderTerms(ctx, token, maker, price, endsAt, fees)),
    weth: ctx.contractsOf(token.chainId).weth,
  })
  const words = describeOrder(order, signingContext(ctx, token.chainId, maker, view))
  await review(onStep, 'Make an offer', [words])
  await ctx.sendAll(token.chainId, onStep, [
    ...(await wethCalls(ctx, token.chainId, maker, total)),
    ...(await wethAllowanceCalls(ctx, token.chainId, maker, total)),
  ])
  return signAndSubmit(ctx, 'offer', token.chainId, order, onStep)
}
