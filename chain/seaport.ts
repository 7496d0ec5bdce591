/**
 * Seaport 1.6 orders as Vitrine makes them: the EIP-712 types the maker signs, the two order
 * shapes (a listing sells one ERC-721, or several of an ERC-1155 token, for ETH; an offer bids
 * WETH for them), and the fee split.
 * Pure functions, shared by the browser (build, sign, fill) and the server (validate, store).
 */
import { hashStruct, zeroAddress, zeroHash, type Address, type Hex } from 'viem'

export const ItemType = { NATIVE: 0, ERC20: 1, ERC721: 2, ERC1155: 3 } as const
/** FULL_OPEN: no partial fills, anyone may fill. */
export const FULL_OPEN = 0
/** PARTIAL_OPEN: anyone may fill, any fraction of it (an ERC-1155 listing of several). */
export const PARTIAL_OPEN = 1

export const SEAPORT_ORDER_TYPES = {
  OrderComponents: [
    { name: 'offerer', type: 'address' },
    { name: 'zone', type: 'address' },
    { name: 'offer', type: 'OfferItem[]' },
    { name: 'consideration', type: 'ConsiderationItem[]' },
    { name: 'orderType', type: 'uint8' },
    { name: 'startTime', type: 'uint256' },
    { name: 'endTime', type: 'uint256' },
    { name: 'zoneHash', type: 'bytes32' },
    { name: 'salt', type: 'uint256' },
    { name: 'conduitKey', type: 'bytes32' },
    { name: 'counter', type: 'uint256' },
  ],
  OfferItem: [
    { name: 'itemType', type: 'uint8' },
    { name: 'token', type: 'address' },
    { name: 'identifierOrCriteria', type: 'uint256' },
    { name: 'startAmount', type: 'uint256' },
    { name: 'endAmount', type: 'uint256' },
  ],
  ConsiderationItem: [
    { name: 'itemType', type: 'uint8' },
    { name: 'token', type: 'address' },
    { name: 'identifierOrCriteria', type: 'uint256' },
    { name: 'startAmount', type: 'uint256' },
    { name: 'endAmount', type: 'uint256' },
    { name: 'recipient', type: 'address' },
  ],
} as const

export interface OfferItem {
  itemType: number
  token: Address
  identifierOrCriteria: bigint
  startAmount: bigint
  endAmount: bigint
}

export interface ConsiderationItem extends OfferItem {
  recipient: Address
}

/** What the maker signs. */
export interface OrderComponents {
  offerer: Address
  zone: Address
  offer: OfferItem[]
  consideration: ConsiderationItem[]
  orderType: number
  startTime: bigint
  endTime: bigint
  zoneHash: Hex
  salt: bigint
  conduitKey: Hex
  counter: bigint
}

export const seaportDomain = (chainId: number, seaport: Address) =>
  ({ name: 'Seaport', version: '1.6', chainId, verifyingContract: seaport }) as const

/** The typed data a wallet signs (`signTypedData`). */
export const orderTypedData = (chainId: number, seaport: Address, order: OrderComponents) => ({
  domain: seaportDomain(chainId, seaport),
  types: SEAPORT_ORDER_TYPES,
  primaryType: 'OrderComponents' as const,
  message: order,
})

/** Seaport's order hash: the EIP-712 struct hash of the components (what `getOrderHash` returns). */
export const orderHash = (order: OrderComponents): Hex =>
  hashStruct({ data: order, primaryType: 'OrderComponents', types: SEAPORT_ORDER_TYPES })

/** A fee taken from the sale price: the platform's and the creator's earnings. */
export interface Fee {
  recipient: Address
  bps: number
}

export const feeAmount = (price: bigint, bps: number): bigint => (price * BigInt(bps)) / 10_000n

/** The amounts a sale at `price` pays out: the seller gets what the fees leave. */
export function splitPrice(price: bigint, fees: Fee[]): { seller: bigint; fees: bigint[] } {
  const amounts = fees.map((fee) => feeAmount(price, fee.bps))
  return { seller: price - amounts.reduce((sum, amount) => sum + amount, 0n), fees: amounts }
}

export interface Token {
  contract: Address
  tokenId: bigint
  /** ERC-1155 tokens: how many the order is for (a listing of several may be bought in part). */
  quantity?: bigint
}

interface OrderTerms {
  maker: Address
  token: Token
  price: bigint
  fees: Fee[]
  startTime: bigint
  endTime: bigint
  salt: bigint
  counter: bigint
}

const common = (terms: OrderTerms) => ({
  offerer: terms.maker,
  zone: zeroAddress,
  orderType: terms.token.quantity === undefined ? FULL_OPEN : PARTIAL_OPEN,
  startTime: terms.startTime,
  endTime: terms.endTime,
  zoneHash: zeroHash,
  salt: terms.salt,
  conduitKey: zeroHash,
  counter: terms.counter,
})

const nftItem = (token: Token): OfferItem => ({
  itemType: token.quantity === undefined ? ItemType.ERC721 : ItemType.ERC1155,
  token: token.contract,
  identifierOrCriteria: token.tokenId,
  startAmount: token.quantity ?? 1n,
  endAmount: token.quantity ?? 1n,
})

/** A consideration item paying `amount` of ETH or an ERC-20 to `recipient`. */
export const payment = (itemType: number, token: Address, amount: bigint, recipient: Address): ConsiderationItem => ({
  itemType,
  token,
  identifierOrCriteria: 0n,
  startAmount: amount,
  endAmount: amount,
  recipient,
})

/**
 * A listing: the maker's token for `price` in ETH, of which the fees go to their recipients. An
 * ERC-1155 listing of `quantity` sells each at `price`: every amount is a multiple of the
 * quantity, so any number of them can be bought (Seaport's fractions must come out exact).
 */
export function listingOrder(terms: OrderTerms): OrderComponents {
  const units = terms.token.quantity ?? 1n
  const unit = splitPrice(terms.price, terms.fees)
  const split = { seller: unit.seller * units, fees: unit.fees.map((fee) => fee * units) }
  return {
    ...common(terms),
    offer: [nftItem(terms.token)],
    consideration: [
      payment(ItemType.NATIVE, zeroAddress, split.seller, terms.maker),
      ...terms.fees.map((fee, i) => payment(ItemType.NATIVE, zeroAddress, split.fees[i]!, fee.recipient)),
    ].filter((item) => item.startAmount > 0n),
  }
}

/**
 * An offer: `price` in WETH for the token; the holder who accepts receives it minus the fees. An
 * ERC-1155 offer for `quantity` bids `price` for each: as for a listing, every amount is a
 * multiple of the quantity, so a holder may accept any number of them.
 */
export function offerOrder(terms: OrderTerms & { weth: Address }): OrderComponents {
  const units = terms.token.quantity ?? 1n
  const split = splitPrice(terms.price, terms.fees)
  return {
    ...common(terms),
    offer: [
      {
        itemType: ItemType.ERC20,
        token: terms.weth,
        identifierOrCriteria: 0n,
        startAmount: terms.price * units,
        endAmount: terms.price * units,
      },
    ],
    consideration: [
      { ...nftItem(terms.token), recipient: terms.maker },
      ...terms.fees.map((fee, i) => payment(ItemType.ERC20, terms.weth, split.fees[i]! * units, fee.recipient)),
    ].filter((item) => item.startAmount > 0n),
  }
}

/** `units` of an ERC-1155 order for `quantity`, as fulfillAdvancedOrder takes them (a fraction). */
export const partOf = (units: bigint, quantity: bigint) => ({ numerator: units, denominator: quantity })

/** What `fulfillOrder` takes: the components without the counter, plus the consideration count. */
export function orderParameters(order: OrderComponents) {
  const { counter: _counter, ...rest } = order
  return { ...rest, totalOriginalConsiderationItems: BigInt(order.consideration.length) }
}

/** A random 256-bit salt (two orders with the same terms still differ). */
export function randomSalt(): bigint {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return BigInt(`0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`)
}

/** Orders travel as JSON: bigints as decimal strings. */
export type OrderJson = ReturnType<typeof orderToJson>

export function orderToJson(order: OrderComponents) {
  const item = (i: OfferItem) => ({
    ...i,
    identifierOrCriteria: i.identifierOrCriteria.toString(),
    startAmount: i.startAmount.toString(),
    endAmount: i.endAmount.toString(),
  })
  return {
    ...order,
    offer: order.offer.map(item),
    consideration: order.consideration.map((c) => ({ ...item(c), recipient: c.recipient })),
    startTime: order.startTime.toString(),
    endTime: order.endTime.toString(),
    salt: order.salt.toString(),
    counter: order.counter.toString(),
  }
}

export function orderFromJson(json: OrderJson): OrderComponents {
  const item = (i: OrderJson['offer'][number]) => ({
    ...i,
    token: i.token as Address,
    identifierOrCriteria: BigInt(i.identifierOrCriteria),
    startAmount: BigInt(i.startAmount),
    endAmount: BigInt(i.endAmount),
  })
  return {
    ...json,
    offerer: json.offerer as Address,
    zone: json.zone as Address,
    zoneHash: json.zoneHash as Hex,
    conduitKey: json.conduitKey as Hex,
    offer: json.offer.map(item),
    consideration: json.consideration.map((c) => ({ ...item(c), recipient: c.recipient as Address })),
    startTime: BigInt(json.startTime),
    endTime: BigInt(json.endTime),
    salt: BigInt(json.salt),
    counter: BigInt(json.counter),
  }
}
