/**
 * Accepting collection and trait offers: WETH for `quantity` of any token of a collection (a
 * Seaport criteria item with criteria 0), or of any token carrying a trait (criteria: the Merkle
 * root of the ids that carry it now, computed here from the indexed traits). Checked as an offer
 * on one token is (fees, times, signature, counter, WETH), and besides: the criteria are ones
 * this server computed, and the quantity is one the collection or trait can give.
 */
import { formatEther, type Address } from 'viem'
import { CRITERIA_ITEM, isCriteriaItem } from '../../chain/criteria'
import { FULL_OPEN, ItemType, PARTIAL_OPEN, orderHash, orderToJson } from '../../chain/seaport'
import { refuse } from '../../db/errors'
import { recordCriteriaOffer } from '../../db/market'
import { splitTrait } from '../inputs/trait-syntax'
import { criteriaCollection, criteriaCollectionOf, traitCriteria } from '../queries/criteria-offers'
import { checksum } from '../queries/serialize'
import type { SubmitOrderInput } from './order-input'
import { checkOfferFees } from './order-fees'
import {
  checkCommonTerms,
  checkCounter,
  checkSignature,
  checkWethCovers,
  ensureNew,
  submitOffer,
  tradingSetup,
  type Context,
} from './orders'
import { checkPrice } from './price-floor'
import { requiredFees } from './royalties'

/** The trait a trait offer names, `Type:Value`. */
function parseTrait(text: string) {
  const split = splitTrait(text)
  if (!split || !split.type.trim() || !split.rest.trim()) refuse('trait: write it as Type:Value, like Background:Blue')
  return { type: split!.type.trim(), value: split!.rest.trim() }
}

export async function submitCriteriaOffer({ db, env, now = new Date() }: Context, input: SubmitOrderInput) {
  const { contracts, client } = tradingSetup(env, input.chainId)
  const { order } = input
  const [bid, more] = order.offer
  if (more || !bid || bid.itemType !== ItemType.ERC20 || bid.token !== contracts.weth.toLowerCase()) {
    refuse(`order.offer: an offer bids WETH (${contracts.weth}) only`)
  }
  const [wanted, ...fees] = order.consideration
  const quantity = wanted!.startAmount
  if (wanted!.recipient !== order.offerer || quantity < 1n) {
    refuse('order.consideration[0]: the tokens wanted must go to the offerer, at least one of them')
  }
  checkCommonTerms(order, now, quantity > 1n || order.orderType === PARTIAL_OPEN ? PARTIAL_OPEN : FULL_OPEN)
  const collection = await criteriaCollection(db, input.chainId, wanted!.token)
  if (!collection)
    return refuse(`order.consideration[0]: ${checksum(wanted!.token)} is not a collection on Vitrine`, 'not_found')
  if (collection.indexStatus === 'paused')
    refuse(`order: the indexing of ${collection.name} is paused; it takes no orders`)
  const itemType = CRITERIA_ITEM[collection.standard]
  if (wanted!.itemType !== itemType) {
    refuse(
      `order.consideration[0].itemType: ${collection.name} is ${collection.standard === 'erc1155' ? 'ERC-1155' : 'ERC-721'}: an offer for any of its tokens has itemType ${itemType}`,
    )
  }

  // The tokens the offer may be filled with: all of the collection's, or those carrying the trait now.
  const criteria = wanted!.identifierOrCriteria
  let covered = {
    tokenIds: null as string[] | null,
    count: collection.tokens,
    trait: null as { type: string; value: string } | null,
  }
  if (input.trait === undefined) {
    if (criteria !== 0n) {
      refuse(
        'order.consideration[0].identifierOrCriteria: a Merkle root needs `trait` naming the trait it covers; 0 makes an offer for any token of the collection',
      )
    }
  } else {
    const trait = parseTrait(input.trait)
    const found = await traitCriteria(db, collection.id, trait.type, trait.value)
    if (!found.root) refuse(`trait: no token of ${collection.name} carries ${trait.type}: ${trait.value}`)
    if (criteria !== BigInt(found.root!)) {
      refuse(
        `order.consideration[0].identifierOrCriteria: is not the Merkle root of the ${found.tokenIds.length} tokens carrying ${trait.type}: ${trait.value} now (${found.root}); ask GET /api/v1/collections/${collection.slug}/criteria again and sign that`,
      )
    }
    covered = { tokenIds: found.tokenIds, count: found.tokenIds.length, trait }
  }
  if (covered.count === 0) refuse(`order.consideration[0]: ${collection.name} has no tokens on chain yet`)
  // An ERC-721 token can be given once: no more can be bought than the tokens there are.
  if (collection.standard === 'erc721' && quantity > BigInt(covered.count)) {
    refuse(
      `order.consideration[0].startAmount: asks for ${quantity} tokens, but ${covered.trait ? `only ${covered.count} carry ${covered.trait.type}: ${covered.trait.value}` : `${collection.name} holds only ${covered.count}`}`,
    )
  }
  if (fees.some((c) => c.itemType !== ItemType.ERC20 || c.token !== bid!.token)) {
    refuse('order.consideration: fees of an offer are paid in WETH')
  }
  if ([bid!, ...fees].some((item) => item.startAmount % quantity !== 0n)) {
    refuse(
      `order: every WETH amount must be a multiple of the quantity (${quantity}), so that each token's share is exact`,
    )
  }
  const price = bid!.startAmount / quantity
  // The creator earnings of a token it covers: an EIP-2981 collection may set them per token.
  const someToken = covered.tokenIds?.[0] ?? collection.someTokenId ?? '0'
  const required = await requiredFees(env, { ...collection, tokenId: someToken })
  checkPrice(env, 'order.offer', price, required)
  checkOfferFees(required, price, quantity, fees)
  const hash = orderHash(order)
  await ensureNew(db, hash)
  const signature = await checkSignature(env, input, contracts.seaport)
  await checkCounter(env, input, contracts.seaport)
  await checkWethCovers(client, contracts, order.offerer as Address, bid!.startAmount)

  const { id } = await recordCriteriaOffer(
    db,
    {
      collectionId: collection.id,
      trait: covered.trait,
      criteriaRoot: criteria === 0n ? '0' : `0x${criteria.toString(16).padStart(64, '0')}`,
      tokenIds: covered.tokenIds,
      maker: order.offerer,
      priceWei: price,
      quantity,
      startsAt: new Date(Number(order.startTime) * 1000),
      endsAt: new Date(Number(order.endTime) * 1000),
      orderHash: hash,
      orderJson: JSON.stringify(orderToJson(order)),
      signature,
      counter: order.counter,
    },
    now,
  )
  return { id, orderHash: hash, nftId: null, collectionId: collection.id, price: formatEther(price) }
}

/** An offer of any kind: on one token, or (a criteria item first) on any token of a collection or trait. */
export const submitAnyOffer = (context: Context, input: SubmitOrderInput) =>
  isCriteriaItem(input.order.consideration[0]!.itemType)
    ? submitCriteriaOffer(context, input)
    : submitOffer(context, input)

/**
 * The fees a collection offer on it must carry: the platform fee and the creator earnings (an
 * EIP-2981 collection's, as its first token reports them). Undefined: no such collection.
 */
export async function collectionOfferFees({ db, env }: Context, idOrSlug: string) {
  const collection = await criteriaCollectionOf(db, idOrSlug)
  if (!collection) return undefined
  const fees = await requiredFees(env, { ...collection, tokenId: collection.someTokenId ?? '0' })
  return fees.map((fee) => ({ ...fee, recipient: checksum(fee.recipient) }))
}
