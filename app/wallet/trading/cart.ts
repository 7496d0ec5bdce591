/**
 * Checkout of a cart or a sweep: every listing in one Seaport `fulfillAvailableAdvancedOrders`.
 * Refused in words before anything is simulated (empty, an own listing, more than the wallet
 * holds); simulated, and an order that would revert the whole batch dropped and said so before the
 * wallet is asked; after the receipt, Seaport's logs say which were bought and which skipped.
 */
import type { Address } from 'viem'
import { getBalance, getPublicClient, getTransactionReceipt } from 'wagmi/actions'
import { seaportAbi } from '../../../chain/artifacts/Seaport'
import { cartFill, cartOutcome, cartRefusal, planCart, type CartOrder } from '../../../chain/cart'
import { describeFill, type KnownFee } from '../../../chain/signing'
import { TradeError, type OnStep } from '../calls'
import type { TradingContext } from './context'
import { review, signingContext } from './review'
import { tradeErrorMessage } from './errors'

export interface CartLine {
  orderHash: string
  /** Tokens wanted (an ERC-1155 listing of several; 1 otherwise). */
  units: bigint
  name: string
}

export interface CartResult {
  hash: `0x${string}`
  bought: { orderHash: string; name: string; units: bigint }[]
  /** Sold, cancelled or expired before the transaction: Seaport skipped them and returned their ETH. */
  skipped: { orderHash: string; name: string }[]
  /** Left out before the wallet was asked: they would have made the whole transaction fail. */
  dropped: { orderHash: string; name: string; why: string }[]
}

/** `onDropped` hears, before the wallet is asked, which listings were left out and why. */
export async function checkoutCart(
  ctx: TradingContext,
  chainId: number,
  lines: CartLine[],
  onStep: OnStep,
  onDropped: (dropped: CartResult['dropped']) => void = () => {},
): Promise<CartResult> {
  const buyer = ctx.account()
  if (lines.length === 0) throw new TradeError(cartRefusal(buyer, 0n, [])!)
  // One batched request for all of them (the tRPC client batches concurrent queries).
  const stored = await Promise.all(lines.map((line) => ctx.stored(line.orderHash, { fillable: false })))
  const orders: CartOrder[] = stored.map((order, i) => {
    const line = lines[i]!
    if (order.kind !== 'listing' || order.chainId !== chainId)
      throw new TradeError(`${line.name} is not a listing on this network: remove it from the cart. Nothing was sent.`)
    // Never more than is left (a fraction above one would revert the batch); a listing already
    // bought out stays in at its whole quantity: Seaport skips it, and its ETH comes back.
    const left = order.quantity - order.filledQuantity
    const cap = left > 0n ? left : order.quantity
    const units = line.units < 1n ? 1n : line.units > cap ? cap : line.units
    return { order: order.order, signature: order.signature, units, quantity: order.quantity }
  })
  const nameOf = (order: CartOrder) => lines[orders.indexOf(order)]!.name
  const hashOf = (order: CartOrder) => lines[orders.indexOf(order)]!.orderHash
  const { value: balance } = await getBalance(ctx.config, { address: buyer, chainId })
  const refusal = cartRefusal(
    buyer,
    balance,
    orders,
    lines.map((l) => l.name),
  )
  if (refusal) throw new TradeError(refusal)

  await ctx.onChain(chainId, onStep)
  const client = getPublicClient(ctx.config, { chainId })
  if (!client) throw new TradeError('Vitrine does not trade on this network.')
  const seaport = ctx.contractsOf(chainId).seaport
  const plan = await planCart(client, seaport, buyer, orders)
  const dropped = plan.dropped.map((d) => ({
    orderHash: hashOf(d.order),
    name: nameOf(d.order),
    why: tradeErrorMessage(d.error),
  }))
  if (dropped.length) onDropped(dropped)
  if (plan.orders.length === 0) throw new TradeError('None of the cart can be bought now. Nothing was sent.')

  await review(onStep, `Buy ${plan.orders.length} item${plan.orders.length === 1 ? '' : 's'}`, [
    ...(await cartWords(ctx, chainId, buyer, plan.orders)),
  ])
  const { args, value } = cartFill(plan.orders)
  const hash = await ctx.send(chainId, onStep, {
    address: seaport,
    abi: seaportAbi,
    functionName: 'fulfillAvailableAdvancedOrders',
    args,
    value,
  })
  const receipt = await getTransactionReceipt(ctx.config, { hash, chainId })
  const outcome = cartOutcome(seaport, plan.orders, receipt.logs)
  await ctx.indexed(chainId, onStep)
  return {
    hash,
    bought: outcome.flatMap((o, i) =>
      o.bought ? [{ orderHash: o.orderHash, name: nameOf(plan.orders[i]!), units: o.units }] : [],
    ),
    skipped: outcome.flatMap((o, i) => (o.bought ? [] : [{ orderHash: o.orderHash, name: nameOf(plan.orders[i]!) }])),
    dropped,
  }
}

/**
 * The words of each fill, from the orders about to be sent; the fees and names are those the
 * server states for each token (one batched request), so a payment to anyone else is warned about.
 */
async function cartWords(ctx: TradingContext, chainId: number, buyer: Address, orders: CartOrder[]) {
  const tokens = orders.map((o) => o.order.offer[0]!)
  const details = await Promise.all(
    tokens.map((t) =>
      ctx.api.nft.byToken
        .query({ chainId, contract: t.token, tokenId: t.identifierOrCriteria.toString() })
        .catch(() => null),
    ),
  )
  return orders.map((o, i) => {
    const detail = details[i]
    const token = tokens[i]!
    const known = (detail?.fees ?? [])
      .filter((fee) => fee.bps > 0)
      .map((fee): KnownFee => ({
        kind: fee.label.includes('platform') ? 'platform' : 'creator',
        recipient: fee.recipient,
        bps: fee.bps,
      }))
    const same = (contract: string, id: bigint) =>
      contract.toLowerCase() === token.token.toLowerCase() && id === token.identifierOrCriteria
    const context = signingContext(ctx, chainId, buyer, {
      fees: known,
      names: { token: (contract, id) => (detail && same(contract, id) ? detail.name : undefined) },
    })
    return describeFill(o.order, context, { units: o.units, quantity: o.quantity })
  })
}
