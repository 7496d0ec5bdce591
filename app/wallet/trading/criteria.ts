/**
 * Collection and trait offers: WETH for any of a collection's tokens, or of those carrying a
 * trait now (the server computes the trait's Merkle root; a token gaining it later is not
 * covered), and a holder filling one with their token and its proof.
 */
import { erc721Abi, erc1155Abi, isHex, type Address, type Hash } from 'viem'
import { readContract } from 'wagmi/actions'
import { seaportAbi } from '../../../chain/artifacts/Seaport'
import { CRITERIA_ITEM, criteriaFillArgs, criteriaOfferOrder, isCriteriaItem } from '../../../chain/criteria'
import { randomSalt } from '../../../chain/seaport'
import { describeFill, describeOrder, type KnownFee, type SigningView } from '../../../chain/signing'
import { TradeError, type OnStep } from '../calls'
import { nftApprovalCalls, wethAllowanceCalls, wethCalls } from './approvals'
import type { FeeTerms, TradingContext } from './context'
import { review, signingContext } from './review'
import { signAndSubmit } from './sign'

export interface CollectionRef {
  chainId: number
  contract: Address
  standard: 'erc721' | 'erc1155'
  slug: string
  name?: string
}

/** Offer `price` in WETH for each of `quantity` tokens of the collection (of a trait's, given one). */
export async function offerOnCollection(
  ctx: TradingContext,
  collection: CollectionRef,
  terms: { price: bigint; quantity: bigint; endsAt: Date; fees: FeeTerms[]; trait?: { type: string; value: string } },
  onStep: OnStep,
) {
  const maker = ctx.account()
  const total = terms.price * terms.quantity
  await ctx.onChain(collection.chainId, onStep)
  // The root is the server's, from the traits it indexed; it refuses any other.
  const traitName = terms.trait && `${terms.trait.type.replace(/[\\:]/g, (c) => `\\${c}`)}:${terms.trait.value}`
  const criteria = traitName
    ? BigInt((await ctx.api.collection.criteria.query({ idOrSlug: collection.slug, trait: traitName })).root)
    : 0n
  const order = criteriaOfferOrder({
    maker,
    contract: collection.contract,
    standard: collection.standard,
    criteria,
    quantity: terms.quantity,
    price: terms.price,
    fees: terms.fees.map((fee) => ({ recipient: ctx.addressOf(fee.recipient), bps: fee.bps })),
    weth: ctx.contractsOf(collection.chainId).weth,
    startTime: BigInt(Math.floor(Date.now() / 1000)) - 60n,
    endTime: BigInt(Math.floor(terms.endsAt.getTime() / 1000)),
    salt: randomSalt(),
    counter: await ctx.counterOf(collection.chainId, maker),
  })
  const view = collectionView(collection, terms.fees, terms.trait && { root: criteria, ...terms.trait })
  await review(onStep, 'Make a collection offer', [
    describeOrder(order, signingContext(ctx, collection.chainId, maker, view)),
  ])
  await ctx.sendAll(collection.chainId, onStep, [
    ...(await wethCalls(ctx, collection.chainId, maker, total)),
    ...(await wethAllowanceCalls(ctx, collection.chainId, maker, total)),
  ])
  return signAndSubmit(ctx, 'offer', collection.chainId, order, onStep, traitName)
}

/**
 * Fills a collection or trait offer with the wallet's token `tokenId` (`units` of an ERC-1155
 * one): its proof from the server, Seaport's approval for the collection, and the WETH allowance
 * for the fees Seaport takes out of what the holder receives.
 */
export async function acceptWithToken(
  ctx: TradingContext,
  orderHash: string,
  tokenId: bigint,
  onStep: OnStep,
  units = 1n,
  view?: SigningView,
): Promise<Hash> {
  const holder = ctx.account()
  const stored = await ctx.stored(orderHash, { fillable: true })
  if (stored.kind !== 'offer') throw new TradeError('Only an offer can be accepted.')
  const [wanted, ...fees] = stored.order.consideration
  if (!wanted || !isCriteriaItem(wanted.itemType)) throw new TradeError('This is not an offer for any token.')
  const left = stored.quantity - stored.filledQuantity
  if (units < 1n || units > left) throw new TradeError(`This offer wants ${left} more; give from 1 to ${left}.`)
  await ctx.onChain(stored.chainId, onStep)
  const { proof } = await ctx.api.market.criteriaProof.query({ orderHash, tokenId: tokenId.toString() })
  if (!proof.every((node) => isHex(node))) throw new TradeError('Vitrine answered with a proof that is not hex.')
  const held =
    wanted.itemType === CRITERIA_ITEM.erc1155
      ? await readContract(ctx.config, {
          chainId: stored.chainId,
          address: wanted.token,
          abi: erc1155Abi,
          functionName: 'balanceOf',
          args: [holder, tokenId],
        })
      : (await readContract(ctx.config, {
            chainId: stored.chainId,
            address: wanted.token,
            abi: erc721Abi,
            functionName: 'ownerOf',
            args: [tokenId],
          })) === holder
        ? 1n
        : 0n
  if (held < units) throw new TradeError('Your wallet does not hold this token. Nothing was sent.')
  // The words come from the order as Seaport will fill it: with this token in place of the criteria.
  const resolved = {
    ...stored.order,
    consideration: [
      { ...wanted, itemType: wanted.itemType === CRITERIA_ITEM.erc1155 ? 3 : 2, identifierOrCriteria: tokenId },
      ...fees,
    ],
  }
  await review(onStep, 'Accept the collection offer', [
    describeFill(resolved, signingContext(ctx, stored.chainId, holder, view), { units, quantity: stored.quantity }),
  ])
  const feesInAll = fees.reduce((sum, fee) => sum + fee.startAmount, 0n)
  await ctx.sendAll(stored.chainId, onStep, [
    ...(await nftApprovalCalls(
      ctx,
      { chainId: stored.chainId, contract: wanted.token, tokenId: tokenId.toString() },
      holder,
    )),
    ...(await wethAllowanceCalls(ctx, stored.chainId, holder, (feesInAll * units) / stored.quantity)),
  ])
  const hash = await ctx.send(stored.chainId, onStep, {
    address: ctx.contractsOf(stored.chainId).seaport,
    abi: seaportAbi,
    functionName: 'fulfillAdvancedOrder',
    args: criteriaFillArgs(stored, tokenId, proof as Hash[], units),
  })
  await ctx.indexed(stored.chainId, onStep)
  return hash
}

/** What the decoder is told of a collection offer: its fees, the collection's name, the trait its root stands for. */
function collectionView(
  collection: CollectionRef,
  fees: FeeTerms[],
  trait?: { root: bigint; type: string; value: string },
): SigningView {
  const ours = (contract: string) => contract.toLowerCase() === collection.contract.toLowerCase()
  return {
    // The server names the platform fee first, then the creator earnings.
    fees: fees
      .map((fee, i): KnownFee => ({ kind: i === 0 ? 'platform' : 'creator', recipient: fee.recipient, bps: fee.bps }))
      .filter((fee) => fee.bps > 0),
    names: {
      collection: (contract) => (ours(contract) ? collection.name : undefined),
      criteria: (contract, root) =>
        trait && root === trait.root && ours(contract) ? `${trait.type}: ${trait.value}` : undefined,
    },
  }
}
