/** Accepting an offer (or the winning bid) on a token the wallet holds. */
import { erc1155Abi, type Hash } from 'viem'
import { readContract } from 'wagmi/actions'
import { ItemType } from '../../../chain/seaport'
import { describeFill, type SigningView } from '../../../chain/signing'
import { TradeError, type OnStep } from '../calls'
import { nftApprovalCalls, wethAllowanceCalls } from './approvals'
import { fillOrder, fillPart } from './buy'
import type { TradingContext } from './context'
import { review, signingContext } from './review'

/**
 * Seaport pays the holder the offered WETH and takes the fees out of it (the holder's allowance
 * covers them). Of an ERC-1155 offer for several, `units` of them (all that is left by default),
 * which the wallet must hold: Seaport's partial fill.
 */
export async function accept(
  ctx: TradingContext,
  orderHash: string,
  onStep: OnStep,
  units?: bigint,
  view?: SigningView,
): Promise<Hash> {
  const owner = ctx.account()
  const stored = await ctx.stored(orderHash, { fillable: true })
  if (stored.kind !== 'offer') throw new TradeError('Only an offer can be accepted.')
  const [wanted, ...fees] = stored.order.consideration
  if (!wanted) throw new TradeError('This offer names no token.')
  const left = stored.quantity - stored.filledQuantity
  const part = units ?? left
  if (part < 1n || part > left) throw new TradeError(`This offer is for ${left} more; accept from 1 to ${left}.`)
  await ctx.onChain(stored.chainId, onStep)
  if (wanted.itemType === ItemType.ERC1155) {
    const held = await readContract(ctx.config, {
      chainId: stored.chainId,
      address: wanted.token,
      abi: erc1155Abi,
      functionName: 'balanceOf',
      args: [owner, wanted.identifierOrCriteria],
    })
    if (held < part) {
      throw new TradeError(
        `Your wallet holds ${held} of this token, fewer than the ${part} you would sell. Nothing was sent.`,
      )
    }
  }
  await review(onStep, 'Accept the offer', [
    describeFill(stored.order, signingContext(ctx, stored.chainId, owner, view), {
      units: part,
      quantity: stored.quantity,
    }),
  ])
  const feesInAll = fees.reduce((sum, fee) => sum + fee.startAmount, 0n)
  await ctx.sendAll(stored.chainId, onStep, [
    ...(await nftApprovalCalls(
      ctx,
      { chainId: stored.chainId, contract: wanted.token, tokenId: wanted.identifierOrCriteria.toString() },
      owner,
    )),
    ...(await wethAllowanceCalls(ctx, stored.chainId, owner, (feesInAll * part) / stored.quantity)),
  ])
  const hash =
    stored.quantity > 1n ? await fillPart(ctx, stored, part, 0n, onStep) : await fillOrder(ctx, stored, 0n, onStep)
  await ctx.indexed(stored.chainId, onStep)
  return hash
}
