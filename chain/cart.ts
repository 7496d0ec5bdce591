/**
 * Buying many listings in one transaction: Seaport 1.6 `fulfillAvailableAdvancedOrders` with its
 * fulfillments, and what its `OrderFulfilled` logs say was bought. Pure functions, shared by the
 * browser (cart and sweep checkout), the tests and the gas bench.
 */
import { parseEventLogs, zeroAddress, zeroHash, type Address, type Hex, type Log } from 'viem'
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
