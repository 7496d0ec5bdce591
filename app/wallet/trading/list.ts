/** Selling: a fixed-price listing (a signed Seaport order), or a timed auction whose bids are offers. */
import { formatEther, getAddress } from 'viem'
import { listingOrder } from '../../../chain/seaport'
import { describeOrder, type SigningView } from '../../../chain/signing'
import type { OnStep } from '../calls'
import { ensureNftApproval, nftApprovalCalls } from './approvals'
import type { FeeTerms, TokenRef, TradingContext } from './context'
import { review, signingContext } from './review'
import { orderTerms, signAndSubmit } from './sign'

/**
 * List for sale at a fixed price (per token, for several of an ERC-1155): the order is built and
 * shown in words first, then Seaport's approval (once per collection), then that order is signed.
 */
export async function list(
  ctx: TradingContext,
  token: TokenRef,
  price: bigint,
  endsAt: Date,
  fees: FeeTerms[],
  onStep: OnStep,
  view?: SigningView,
) {
  const maker = ctx.account()
  await ctx.onChain(token.chainId, onStep)
  const order = listingOrder(await orderTerms(ctx, token, maker, price, endsAt, fees))
  await review(onStep, 'List for sale', [describeOrder(order, signingContext(ctx, token.chainId, maker, view))])
  await ctx.sendAll(token.chainId, onStep, await nftApprovalCalls(ctx, token, maker))
  return signAndSubmit(ctx, 'listing', token.chainId, order, onStep)
}

/** A timed auction: approval now (so the highest bid can be accepted at the end), then the announcement. */
export async function startAuction(
  ctx: TradingContext,
  token: TokenRef & { nftId: number },
  reserve: bigint,
  endsAt: Date,
  onStep: OnStep,
  view?: SigningView,
) {
  const owner = ctx.account()
  await ctx.onChain(token.chainId, onStep)
  const name =
    view?.names?.token?.(token.contract, BigInt(token.tokenId)) ?? `${getAddress(token.contract)} #${token.tokenId}`
  // No order is signed yet: each bid is a WETH offer, read like any other when accepted.
  await review(onStep, 'Start an auction', [
    {
      give: `nothing yet (${name} moves only when you accept a bid)`,
      get: `bids in WETH of at least ${formatEther(reserve)} ETH`,
      warnings: [],
    },
  ])
  await ensureNftApproval(ctx, token, owner, onStep)
  onStep('submitting')
  return ctx.api.market.startAuction.mutate({ nftId: token.nftId, reserveWei: reserve.toString(), endsAt })
}
