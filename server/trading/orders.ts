/**
 * Accepting signed Seaport orders. A listing or offer is stored only when the server has
 * checked everything a buyer would otherwise discover by a failed transaction: the shape
 * (one ERC-721, or N of one ERC-1155 token, against ETH; or WETH against them), the platform fee and creator earnings
 * as consideration items, the times, the maker's Seaport counter, the signature (EOA, one
 * Seaport bulk signature of many orders, or EIP-1271 / EIP-6492 smart wallet), and on chain the
 * ownership and approval (listings) or the WETH balance and allowance (offers).
 */
import { and, eq } from 'drizzle-orm'
import {
  erc20Abi,
  erc1155Abi,
  erc721Abi,
  formatEther,
  hashTypedData,
  recoverTypedDataAddress,
  zeroAddress,
  zeroHash,
  type Address,
  type Hex,
} from 'viem'
import { seaportAbi } from '../../chain/artifacts/Seaport'
import { fullEcdsaSignature, parseBulkSignature, recoverBulkSigner } from '../../chain/bulk-orders'
import { marketplaceContracts } from '../../chain/marketplace'
import {
  FULL_OPEN,
  ItemType,
  PARTIAL_OPEN,
  orderHash,
  orderToJson,
  orderTypedData,
  type OrderComponents,
} from '../../chain/seaport'
import type { Database } from '../../db/client'
import { collections, criteriaOffers, listings, nfts, offers } from '../../db/schema'
import type { Env } from '../platform/env'
import { refuse } from '../../db/errors'
import { refuseIfFlagged } from '../queries/flagged'
import { checksum } from '../queries/serialize'
import { checkAuctionBid } from './auctions'
import { chainClient, unlessUnavailable } from '../platform/clients'
import { checkPrice } from './price-floor'
import { recordOrder } from '../../db/market'
import type { SubmitOrderInput } from './order-input'
import { checkFees, checkOfferFees } from './order-fees'
import { requiredFees } from './royalties'

/** Orders may run at most this long (and must run at least a minute). */
const MAX_DURATION_S = 180n * 86_400n
const CLOCK_SKEW_S = 300n

export interface Context {
  db: Database
  env: Env
  now?: Date
}

export function tradingSetup(env: Env, chainId: number) {
  const contracts = marketplaceContracts(chainId)
  const client = chainClient(env, chainId)
  if (!contracts || !client) return refuse(`chainId: Vitrine does not trade on chain ${chainId}`)
  return { contracts, client }
}

export function checkCommonTerms(order: OrderComponents, now: Date, orderType = FULL_OPEN) {
  if (order.orderType !== orderType || order.zone !== zeroAddress || order.zoneHash !== zeroHash) {
    refuse(
      orderType === FULL_OPEN
        ? 'order: must be a full, open order (orderType 0) without a zone'
        : 'order: an ERC-1155 order must be a partial, open order (orderType 1) without a zone',
    )
  }
  if (order.conduitKey !== zeroHash) refuse('order.conduitKey: must be zero (approvals go to Seaport itself)')
  const t = BigInt(Math.floor(now.getTime() / 1000))
  if (order.endTime <= t + 60n) refuse('order.endTime: the order has expired or ends within a minute')
  if (order.startTime > t + CLOCK_SKEW_S) refuse('order.startTime: must not be in the future')
  if (order.endTime - t > MAX_DURATION_S) refuse('order.endTime: orders may run for at most 180 days')
  for (const item of [...order.offer, ...order.consideration]) {
    if (item.startAmount !== item.endAmount) refuse('order: amounts must not change over time (no Dutch auctions)')
  }
  // Seaport refuses to move ETH or an ERC-20 whose identifier is not 0: such an order could be
  // shown at any price (a floor, a top offer) and never filled.
  for (const [side, items] of [
    ['offer', order.offer],
    ['consideration', order.consideration],
  ] as const) {
    items.forEach((item, i) => {
      const payment = item.itemType === ItemType.NATIVE || item.itemType === ItemType.ERC20
      if (payment && item.identifierOrCriteria !== 0n) {
        refuse(
          `order.${side}[${i}].identifierOrCriteria: must be 0 for ETH or WETH (Seaport will not move it otherwise)`,
        )
      }
    })
  }
}

async function findToken(db: Database, chainId: number, contract: Address, tokenId: bigint) {
  const [row] = await db
    .select({
      nft: nfts,
      creator: collections.creator,
      creatorFeeBps: collections.creatorFeeBps,
      royaltySource: collections.royaltySource,
      standard: collections.standard,
      indexStatus: collections.indexStatus,
    })
    .from(nfts)
    .innerJoin(collections, eq(collections.id, nfts.collectionId))
    .where(and(eq(nfts.chainId, chainId), eq(nfts.contract, contract), eq(nfts.tokenId, tokenId.toString())))
  if (!row) return refuse(`order: token ${tokenId} of ${checksum(contract)} is not on Vitrine`, 'not_found')
  // Its owners are no longer followed: an order on it could show a seller who no longer holds it.
  if (row.indexStatus === 'paused') refuse(`order: the indexing of ${checksum(contract)} is paused; it takes no orders`)
  await refuseIfFlagged(db, row.nft.flaggedBy, `order: token ${tokenId} of ${checksum(contract)}`)
  return row
}

type FoundToken = Awaited<ReturnType<typeof findToken>>
export const royaltyTerms = (token: FoundToken) => ({
  chainId: token.nft.chainId,
  contract: token.nft.contract,
  tokenId: token.nft.tokenId,
  creator: token.creator,
  creatorFeeBps: token.creatorFeeBps,
  royaltySource: token.royaltySource,
})

/** The signature to store: the offerer's ECDSA signature in the form Seaport accepts, or a smart wallet's as given. */
export async function checkSignature(env: Env, input: SubmitOrderInput, seaport: Address): Promise<Hex> {
  const typed = orderTypedData(input.chainId, seaport, input.order)
  const signature = input.signature as Hex
  const ecdsa = fullEcdsaSignature(signature)
  const signer = ecdsa && (await recoverTypedDataAddress({ ...typed, signature: ecdsa }).catch(() => null))
  if (ecdsa && signer?.toLowerCase() === input.order.offerer) return ecdsa
  // One signature of many orders (Seaport's bulk order): this order's index and proof lead to what was signed.
  const bulk = parseBulkSignature(signature)
  const bulkSigner = bulk?.ok ? await recoverBulkSigner(input.chainId, seaport, input.order, signature) : null
  if (bulkSigner?.signer.toLowerCase() === input.order.offerer) return bulkSigner.signature
  // Not the offerer's key: maybe a smart-contract wallet (EIP-1271, or EIP-6492 when undeployed).
  const client = chainClient(env, input.chainId)!
  const valid = await client
    .verifyHash({ address: input.order.offerer, hash: hashTypedData(typed), signature })
    .catch(unlessUnavailable(false))
  if (valid) return signature
  if (bulk && !bulk.ok) return refuse(`signature: ${bulk.problem}`)
  if (bulk) {
    return refuse(
      "signature: not the offerer's bulk signature of this order (its index and proof do not lead from this order to what order.offerer signed)",
    )
  }
  return refuse(
    signer
      ? 'signature: not signed by order.offerer'
      : "signature: is not a 64- or 65-byte ECDSA signature, nor a Seaport bulk signature (nor one the offerer's wallet contract accepts)",
  )
}

export async function checkCounter(env: Env, input: SubmitOrderInput, seaport: Address) {
  const counter = await chainClient(env, input.chainId)!.readContract({
    address: seaport,
    abi: seaportAbi,
    functionName: 'getCounter',
    args: [input.order.offerer],
  })
  if (counter !== input.order.counter) {
    refuse(`order.counter: is ${input.order.counter}, but the offerer's Seaport counter is ${counter}`)
  }
}

export async function ensureNew(db: Database, hash: string) {
  const [listing] = await db.select({ id: listings.id }).from(listings).where(eq(listings.orderHash, hash))
  const [offer] = await db.select({ id: offers.id }).from(offers).where(eq(offers.orderHash, hash))
  const [forAny] = await db
    .select({ id: criteriaOffers.id })
    .from(criteriaOffers)
    .where(eq(criteriaOffers.orderHash, hash))
  if (listing || offer || forAny) refuse('order: this order was already submitted', 'conflict')
}

/**
 * A listing: one ERC-721, or N of one ERC-1155 token (a partial order: any number of them may be
 * bought, each at an Nth of every amount), offered for ETH; the seller is paid first, then the fees.
 */
export async function submitListing({ db, env, now = new Date() }: Context, input: SubmitOrderInput) {
  if (input.trait !== undefined) refuse('trait: only an offer for any token with a trait names one')
  const { contracts, client } = tradingSetup(env, input.chainId)
  const { order } = input
  const [item, more] = order.offer
  const editions = item?.itemType === ItemType.ERC1155
  checkCommonTerms(order, now, editions ? PARTIAL_OPEN : FULL_OPEN)
  if (
    more ||
    !item ||
    !(editions ? item.startAmount > 0n : item.itemType === ItemType.ERC721 && item.startAmount === 1n)
  ) {
    refuse('order.offer: a listing offers exactly one ERC-721 token, or a number of one ERC-1155 token')
  }
  const token = await findToken(db, input.chainId, item!.token, item!.identifierOrCriteria)
  if ((token.standard === 'erc1155') !== editions) {
    refuse(
      `order.offer: this collection is ${token.standard === 'erc1155' ? 'ERC-1155' : 'ERC-721'}; the item type says otherwise`,
    )
  }
  const quantity = item!.startAmount
  if (order.consideration.some((c) => c.itemType !== ItemType.NATIVE || c.token !== zeroAddress)) {
    refuse('order.consideration: a listing is paid in ETH only')
  }
  if (order.consideration[0]!.recipient !== order.offerer) {
    refuse('order.consideration: the first item must pay the seller')
  }
  if (order.consideration.some((c) => c.startAmount % quantity !== 0n)) {
    refuse(
      `order.consideration: every amount must be a multiple of the quantity (${quantity}), so that any part can be bought`,
    )
  }
  // Per token: an ERC-1155 listing's price and fees are those of one, times the quantity.
  const price = order.consideration.reduce((sum, c) => sum + c.startAmount, 0n) / quantity
  const paid = (recipient: Address) =>
    order.consideration.filter((c) => c.recipient === recipient).reduce((sum, c) => sum + c.startAmount, 0n) / quantity
  const fees = await requiredFees(env, royaltyTerms(token))
  checkPrice(env, 'order.consideration', price, fees)
  checkFees(fees, price, paid)
  const hash = orderHash(order)
  await ensureNew(db, hash)
  const signature = await checkSignature(env, input, contracts.seaport)
  await checkCounter(env, input, contracts.seaport)

  // How many the offerer holds: an ERC-1155 balance, or 1 or 0 of an ERC-721.
  const [held, approved] = await Promise.all([
    editions
      ? client.readContract({
          address: item!.token,
          abi: erc1155Abi,
          functionName: 'balanceOf',
          args: [order.offerer, item!.identifierOrCriteria],
        })
      : client
          .readContract({
            address: item!.token,
            abi: erc721Abi,
            functionName: 'ownerOf',
            args: [item!.identifierOrCriteria],
          })
          .then((owner) => (owner.toLowerCase() === order.offerer ? 1n : 0n)),
    client.readContract({
      address: item!.token,
      abi: erc721Abi,
      functionName: 'isApprovedForAll',
      args: [order.offerer, contracts.seaport],
    }),
  ])
  if (held < quantity)
    refuse(
      editions ? `order.offerer: holds fewer than ${quantity} of this token` : 'order.offerer: does not own this token',
    )
  if (!approved)
    refuse('order.offerer: has not approved Seaport to transfer tokens of this collection (setApprovalForAll)')

  return storeOrder(
    db,
    now,
    'listing',
    token.nft,
    { ...input, signature },
    hash,
    price,
    quantity,
    editions ? held : undefined,
  )
}

/**
 * An offer: WETH for one ERC-721, or for N of one ERC-1155 token (a partial order: a holder may
 * accept any number of them, each for an Nth of every amount). The fees come out of the WETH the
 * holder receives.
 */
export async function submitOffer({ db, env, now = new Date() }: Context, input: SubmitOrderInput) {
  if (input.trait !== undefined) refuse('trait: only an offer for any token with a trait (a criteria item) names one')
  const { contracts, client } = tradingSetup(env, input.chainId)
  const { order } = input
  const [bid, more] = order.offer
  if (more || !bid || bid.itemType !== ItemType.ERC20 || bid.token !== contracts.weth.toLowerCase()) {
    refuse(`order.offer: an offer bids WETH (${contracts.weth}) only`)
  }
  const [wanted, ...fees] = order.consideration
  const editions = wanted!.itemType === ItemType.ERC1155
  if (
    !(editions ? wanted!.startAmount > 0n : wanted!.itemType === ItemType.ERC721 && wanted!.startAmount === 1n) ||
    wanted!.recipient !== order.offerer
  ) {
    refuse(
      'order.consideration: the first item must be the ERC-721 token, or a number of one ERC-1155 token, to the offerer',
    )
  }
  checkCommonTerms(order, now, editions ? PARTIAL_OPEN : FULL_OPEN)
  const token = await findToken(db, input.chainId, wanted!.token, wanted!.identifierOrCriteria)
  if ((token.standard === 'erc1155') !== editions) {
    refuse(
      `order.consideration: this collection is ${token.standard === 'erc1155' ? 'ERC-1155' : 'ERC-721'}; the item type says otherwise`,
    )
  }
  if (fees.some((c) => c.itemType !== ItemType.ERC20 || c.token !== bid!.token)) {
    refuse('order.consideration: fees of an offer are paid in WETH')
  }
  const quantity = wanted!.startAmount
  if ([bid!, ...fees].some((item) => item.startAmount % quantity !== 0n)) {
    refuse(
      `order: every WETH amount must be a multiple of the quantity (${quantity}), so that any part can be accepted`,
    )
  }
  // Per token: an ERC-1155 offer's price and fees are those of one, times the quantity.
  const total = bid!.startAmount
  const price = total / quantity
  const required = await requiredFees(env, royaltyTerms(token))
  checkPrice(env, 'order.offer', price, required)
  checkOfferFees(required, price, quantity, fees)
  if (!editions) await checkAuctionBid(db, token.nft.id, price, order.endTime, now)
  const hash = orderHash(order)
  await ensureNew(db, hash)
  const signature = await checkSignature(env, input, contracts.seaport)
  await checkCounter(env, input, contracts.seaport)

  await checkWethCovers(client, contracts, order.offerer, total)

  // An ERC-1155 token has many holders, any of whom may accept: the offer is to none in particular.
  const nft = editions ? { ...token.nft, owner: null } : token.nft
  return storeOrder(db, now, 'offer', nft, { ...input, signature }, hash, price, quantity)
}

/** The offerer must hold the WETH offered and let Seaport spend it. */
export async function checkWethCovers(
  client: ReturnType<typeof tradingSetup>['client'],
  contracts: ReturnType<typeof tradingSetup>['contracts'],
  offerer: Address,
  total: bigint,
) {
  const [balance, allowance] = await Promise.all([
    client.readContract({ address: contracts.weth, abi: erc20Abi, functionName: 'balanceOf', args: [offerer] }),
    client.readContract({
      address: contracts.weth,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [offerer, contracts.seaport],
    }),
  ])
  if (balance < total)
    refuse(`order.offerer: holds ${formatEther(balance)} WETH, less than the ${formatEther(total)} offered`)
  if (allowance < total) refuse('order.offerer: has not allowed Seaport to spend the WETH offered (approve)')
}

/** Stores a checked order (listing or offer) through the market module: one transaction. */
async function storeOrder(
  db: Database,
  now: Date,
  side: 'listing' | 'offer',
  nft: { id: number; collectionId: number; owner: string | null },
  input: SubmitOrderInput,
  hash: string,
  price: bigint,
  quantity = 1n,
  held?: bigint,
) {
  const { order } = input
  const { id } = await recordOrder(
    db,
    {
      side,
      nft,
      maker: order.offerer,
      priceWei: price,
      startsAt: new Date(Number(order.startTime) * 1000),
      endsAt: new Date(Number(order.endTime) * 1000),
      orderHash: hash,
      orderJson: JSON.stringify(orderToJson(order)),
      signature: input.signature,
      counter: order.counter,
      quantity,
      held,
    },
    now,
  )
  return { id, orderHash: hash, nftId: nft.id }
}
