/**
 * Buying many listings in one transaction: Seaport 1.6 `fulfillAvailableAdvancedOrders` with its
 * fulfillments, and what its `OrderFulfilled` logs say was bought. Pure functions, shared by the
 * browser (cart and sweep checkout), the tests and the gas bench.
 */
import {
  formatEther,
  parseEventLogs,
  zeroAddress,
  zeroHash,
  type Address,
  type Hex,
  type Log,
  type PublicClient,
} from 'viem'
import { seaportAbi } from './artifacts/Seaport'
import { ItemType, orderHash, orderParameters, type OrderComponents } from './seaport'

/** One listing in the cart: `units` of an order for `quantity` tokens (an ERC-721 listing: 1 of 1). */
export interface CartOrder {
  order: OrderComponents
  signature: Hex
  units: bigint
  quantity: bigint
}

interface FulfillmentComponent {
  orderIndex: bigint
  itemIndex: bigint
}

/** The ETH `units` of an order cost: each native consideration item's share of them (exact: amounts are multiples). */
export function cartOrderValue({ order, units, quantity }: CartOrder): bigint {
  const all = order.consideration.reduce((sum, c) => sum + (c.itemType === ItemType.NATIVE ? c.startAmount : 0n), 0n)
  return (all * units) / quantity
}

/**
 * Fulfillments: each offered token moves on its own (tokens of different orders never aggregate),
 * and the ETH owed to one recipient is paid in one transfer across all orders. Seaport skips the
 * items of an order it could not fill (sold, cancelled, expired), and returns their ETH.
 */
export function cartFulfillments(orders: CartOrder[]) {
  const offer: FulfillmentComponent[][] = []
  const byRecipient = new Map<string, FulfillmentComponent[]>()
  const consideration: FulfillmentComponent[][] = []
  orders.forEach(({ order }, o) => {
    order.offer.forEach((_, i) => offer.push([{ orderIndex: BigInt(o), itemIndex: BigInt(i) }]))
    order.consideration.forEach((item, i) => {
      const component = { orderIndex: BigInt(o), itemIndex: BigInt(i) }
      // Only fungible payments aggregate, and only with the same token to the same recipient.
      if (item.itemType !== ItemType.NATIVE && item.itemType !== ItemType.ERC20) {
        consideration.push([component])
        return
      }
      const key = `${item.itemType}:${item.token.toLowerCase()}:${item.recipient.toLowerCase()}`
      const group = byRecipient.get(key)
      if (group) group.push(component)
      else {
        const created = [component]
        byRecipient.set(key, created)
        consideration.push(created)
      }
    })
  })
  return { offer, consideration }
}

/** The arguments of `fulfillAvailableAdvancedOrders` for the cart (the buyer receives), and the ETH to send. */
export function cartFill(orders: CartOrder[]) {
  const { offer, consideration } = cartFulfillments(orders)
  const advanced = orders.map(({ order, signature, units, quantity }) => ({
    parameters: orderParameters(order),
    numerator: units,
    denominator: quantity,
    signature,
    extraData: '0x' as Hex,
  }))
  return {
    args: [advanced, [], offer, consideration, zeroHash, zeroAddress, BigInt(orders.length)] as const,
    value: orders.reduce((sum, o) => sum + cartOrderValue(o), 0n),
  }
}

/** Which of the cart's orders a transaction filled, and how many tokens of each, from Seaport's logs. */
export function cartOutcome(seaport: Address, orders: CartOrder[], logs: Log[]) {
  const filled = new Map<string, bigint>()
  for (const log of parseEventLogs({ abi: seaportAbi, eventName: 'OrderFulfilled', logs })) {
    if (log.address.toLowerCase() !== seaport.toLowerCase()) continue
    const units = log.args.offer.reduce((sum, item) => sum + item.amount, 0n)
    filled.set(log.args.orderHash.toLowerCase(), (filled.get(log.args.orderHash.toLowerCase()) ?? 0n) + units)
  }
  return orders.map((o) => {
    const hash = orderHash(o.order).toLowerCase()
    const units = filled.get(hash) ?? 0n
    return { orderHash: hash, bought: units > 0n, units }
  })
}

/** What simulating reads: a viem public client, or anything with its `simulateContract`. */
type Simulator = Pick<PublicClient, 'simulateContract'>

/** Which orders Seaport would fill (the others are skipped, their ETH returned); throws if the batch reverts. */
export async function simulateCart(client: Simulator, seaport: Address, buyer: Address, orders: CartOrder[]) {
  const { args, value } = cartFill(orders)
  const { result } = await client.simulateContract({
    address: seaport,
    abi: seaportAbi,
    functionName: 'fulfillAvailableAdvancedOrders',
    args,
    value,
    account: buyer,
  })
  return result[0]
}

/**
 * The cart as it can be sent: an order Seaport would skip (sold, cancelled, expired) stays, and is
 * not charged; an order that would revert the whole batch (its maker no longer holds the token or
 * withdrew Seaport's approval) is found by simulating each alone, and dropped with its error.
 */
export async function planCart(client: Simulator, seaport: Address, buyer: Address, orders: CartOrder[]) {
  try {
    return {
      orders,
      dropped: [] as { order: CartOrder; error: unknown }[],
      available: await simulateCart(client, seaport, buyer, orders),
    }
  } catch {
    // Only when the batch fails: one simulation per order.
  }
  const kept: CartOrder[] = []
  const dropped: { order: CartOrder; error: unknown }[] = []
  for (const order of orders) {
    try {
      await simulateCart(client, seaport, buyer, [order])
      kept.push(order)
    } catch (error) {
      dropped.push({ order, error })
    }
  }
  const available = kept.length ? await simulateCart(client, seaport, buyer, kept) : []
  return { orders: kept, dropped, available }
}

/** What stops a cart before anything is simulated or sent, in words; null when it may go on. */
export function cartRefusal(buyer: Address, balance: bigint, orders: CartOrder[], names: string[] = []): string | null {
  if (orders.length === 0) return 'Your cart is empty: add a listed item first. Nothing was sent.'
  const own = orders.findIndex((o) => o.order.offerer.toLowerCase() === buyer.toLowerCase())
  if (own >= 0)
    return `${names[own] ?? 'One item'} is your own listing: remove it from the cart (cancel it on its page instead). Nothing was sent.`
  const total = orders.reduce((sum, o) => sum + cartOrderValue(o), 0n)
  if (total > balance)
    return `The cart costs ${formatEther(total)} ETH and your wallet holds ${formatEther(balance)} ETH: remove items or add ETH. Nothing was sent.`
  return null
}
