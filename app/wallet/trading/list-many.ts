/**
 * Listing many items with one signature: Seaport's approval once per collection that lacks it,
 * then one EIP-712 `BulkOrder` over all the listings (chain/bulk-orders.ts), then the server
 * checks and stores each order on its own and says, per order, listed or why not.
 */
import type { Hex } from 'viem'
import { signTypedData } from 'wagmi/actions'
import { bulkListing } from '../../../chain/bulk-orders'
import { listingOrder, orderToJson } from '../../../chain/seaport'
import { describeOrder, type KnownFee } from '../../../chain/signing'
import { TradeError, type OnStep } from '../calls'
import { ensureNftApproval } from './approvals'
import type { FeeTerms, TokenRef, TradingContext } from './context'
import { review, signingContext } from './review'
import { orderTerms } from './sign'

export interface ManyListing {
  token: TokenRef
  /** Per token, for an ERC-1155 listing of several. */
  price: bigint
  fees: FeeTerms[]
  /** What the item is called, for the words shown before signing (only for the token the order holds). */
  name?: string
}

export async function listMany(ctx: TradingContext, listings: ManyListing[], endsAt: Date, onStep: OnStep) {
  const chainId = listings[0]?.token.chainId
  if (chainId === undefined) throw new TradeError('Choose at least one item to list.')
  if (listings.some((l) => l.token.chainId !== chainId)) {
    throw new TradeError('List the items of one network at a time.')
  }
  const maker = ctx.account()
  await ctx.onChain(chainId, onStep)
  const orders = []
  for (const l of listings) orders.push(listingOrder(await orderTerms(ctx, l.token, maker, l.price, endsAt, l.fees)))
  // The words come from the orders about to be signed; the fees each item's page states are the known ones.
  const known = listings.flatMap((l) =>
    l.fees
      .map((fee, i): KnownFee => ({ kind: i === 0 ? 'platform' : 'creator', recipient: fee.recipient, bps: fee.bps }))
      .filter((fee) => fee.bps > 0),
  )
  const names = new Map(listings.map((l) => [`${l.token.contract.toLowerCase()}:${l.token.tokenId}`, l.name]))
  const context = signingContext(ctx, chainId, maker, {
    fees: known,
    names: { token: (contract, id) => names.get(`${contract.toLowerCase()}:${id}`) },
  })
  await review(
    onStep,
    `List ${orders.length} item${orders.length === 1 ? '' : 's'}`,
    orders.map((order) => describeOrder(order, context)),
  )
  // One approval per collection that lacks it, in the order the items were chosen.
  const approved = new Set<string>()
  for (const { token } of listings) {
    const collection = token.contract.toLowerCase()
    if (approved.has(collection)) continue
    await ensureNftApproval(ctx, token, maker, onStep)
    approved.add(collection)
  }
  const bulk = bulkListing(chainId, ctx.contractsOf(chainId).seaport, orders)
  onStep('signing')
  const signature: Hex = await signTypedData(ctx.config, bulk.typedData)
  const signatures = bulk.signatures(signature)
  onStep('submitting')
  return ctx.api.market.submitListings.mutate({
    chainId,
    orders: orders.map((order, i) => ({ order: orderToJson(order), signature: signatures[i]! })),
  })
}
