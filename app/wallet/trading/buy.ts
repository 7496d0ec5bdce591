/** Buying: a lazy mint redeemed from its voucher, a listing filled, or part of an ERC-1155 listing. */
import { zeroAddress, zeroHash, type Hash } from 'viem'
import { seaportAbi } from '../../../chain/artifacts/Seaport'
import { vitrineCollectionAbi } from '../../../chain/artifacts/VitrineCollection'
import { ItemType, orderParameters, partOf, type OrderComponents } from '../../../chain/seaport'
import { describeFill, describeMint, type SigningView } from '../../../chain/signing'
import type { OnStep } from '../calls'
import type { StoredOrder, TradingContext } from './context'
import { review, signingContext } from './review'

type SeaportOrder = Extract<StoredOrder, { kind: 'listing' | 'offer' }>

/** Fills a whole order, paying `value` in ETH. */
export const fillOrder = (ctx: TradingContext, stored: SeaportOrder, value: bigint, onStep: OnStep) =>
  ctx.send(stored.chainId, onStep, {
    address: ctx.contractsOf(stored.chainId).seaport,
    abi: seaportAbi,
    functionName: 'fulfillOrder',
    args: [{ parameters: orderParameters(stored.order), signature: stored.signature }, zeroHash],
    value,
  })

/**
 * Fills `units` of a partial order for `quantity` (an ERC-1155 order of several): each unit is a
 * `quantity`th of every amount, of `value` too.
 */
export const fillPart = (ctx: TradingContext, stored: SeaportOrder, units: bigint, value: bigint, onStep: OnStep) =>
  ctx.send(stored.chainId, onStep, {
    address: ctx.contractsOf(stored.chainId).seaport,
    abi: seaportAbi,
    functionName: 'fulfillAdvancedOrder',
    args: [
      {
        parameters: orderParameters(stored.order),
        ...partOf(units, stored.quantity),
        signature: stored.signature,
        extraData: '0x',
      },
      [],
      zeroHash,
      zeroAddress,
    ],
    value: (value * units) / stored.quantity,
  })

/** The ETH a listing asks for in all: its native consideration items. */
const ethPrice = (order: OrderComponents) =>
  order.consideration.reduce((sum, c) => sum + (c.itemType === ItemType.NATIVE ? c.startAmount : 0n), 0n)

/**
 * Buy now: the exact price in ETH, simulated first; a lazy mint is minted to the buyer. Of an
 * ERC-1155 listing of several, `units` of them (all that is left by default): Seaport's partial fill.
 */
export async function buy(
  ctx: TradingContext,
  orderHash: string,
  onStep: OnStep,
  units?: bigint,
  view?: SigningView,
): Promise<Hash> {
  const stored = await ctx.stored(orderHash, { fillable: true })
  await ctx.onChain(stored.chainId, onStep)
  const words = signingContext(ctx, stored.chainId, ctx.account(), view)
  let hash: Hash
  if (stored.kind === 'voucher') {
    await review(onStep, 'Buy', [
      describeMint(stored.collection, stored.voucher.tokenId, stored.voucher.minPrice, words),
    ])
    hash = await ctx.send(stored.chainId, onStep, {
      address: stored.collection,
      abi: vitrineCollectionAbi,
      functionName: 'redeem',
      args: [stored.voucher, stored.signature],
      value: stored.voucher.minPrice,
    })
  } else {
    const value = ethPrice(stored.order)
    const part = units ?? stored.quantity - stored.filledQuantity
    await review(onStep, 'Buy', [describeFill(stored.order, words, { units: part, quantity: stored.quantity })])
    hash =
      stored.quantity > 1n
        ? await fillPart(ctx, stored, part, value, onStep)
        : await fillOrder(ctx, stored, value, onStep)
  }
  await ctx.indexed(stored.chainId, onStep)
  return hash
}
