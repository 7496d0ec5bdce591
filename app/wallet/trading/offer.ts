/** Offers and bids: WETH for a token (several of an ERC-1155), signed by the buyer, stored by the server. */
import { offerOrder } from '../../../chain/seaport'
import type { OnStep } from '../calls'
import { ensureWeth, ensureWethAllowance } from './approvals'
import type { FeeTerms, TokenRef, TradingContext } from './context'
import { orderTerms, signAndSubmit } from './sign'

/**
 * Offer (or bid) `price` in WETH, per token for several of an ERC-1155: wraps the missing ETH and
 * lets Seaport spend the total first when needed.
 */
export async function offer(
  ctx: TradingContext,
  token: TokenRef,
  price: bigint,
  endsAt: Date,
  fees: FeeTerms[],
  onStep: OnStep,
) {
  const maker = ctx.account()
  const total = price * (token.quantity ?? 1n)
  await ctx.onChain(token.chainId, onStep)
  await ensureWeth(ctx, token.chainId, maker, total, onStep)
  await ensureWethAllowance(ctx, token.chainId, maker, total, onStep)
  const order = offerOrder({
    ...(await orderTerms(ctx, token, maker, price, endsAt, fees)),
    weth: ctx.contractsOf(token.chainId).weth,
  })
  return signAndSubmit(ctx, 'offer', token.chainId, order, onStep)
}
