/**
 * Seaport bulk orders: many orders signed with one EIP-712 signature of a `BulkOrder`, a perfect
 * binary tree of order components (padded with empty orders). Each order then carries the one
 * ECDSA signature (64 or 65 bytes), its 3-byte index in the tree and the sibling hashes on the
 * way to the root (its Merkle proof), which is how Seaport 1.6 checks it on chain.
 * Pure functions, shared by the browser (build and sign) and the server (verify).
 */
import {
  compactSignatureToSignature,
  concat,
  encodeAbiParameters,
  domainSeparator,
  keccak256,
  numberToHex,
  parseCompactSignature,
  parseSignature,
  recoverAddress,
  serializeSignature,
  size,
  slice,
  toHex,
  zeroAddress,
  zeroHash,
  type Address,
  type Hex,
} from 'viem'
import { SEAPORT_ORDER_TYPES, orderHash, seaportDomain, type OrderComponents } from './seaport'

/** Seaport knows a type hash for heights 1 to 24 (up to 2^24 orders under one signature). */
export const BULK_MAX_HEIGHT = 24

/** The tree's height for `count` orders: at least 1 (a lone order still gets a sibling). */
export function bulkHeight(count: number): number {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('a bulk order needs at least one order')
  const height = Math.max(1, Math.ceil(Math.log2(count)))
  if (height > BULK_MAX_HEIGHT) throw new RangeError(`a bulk order holds at most 2^${BULK_MAX_HEIGHT} orders`)
  return height
}

/** The empty order that fills the tree's unused leaves (every field zero, no items). */
export const EMPTY_ORDER: OrderComponents = {
  offerer: zeroAddress,
  zone: zeroAddress,
  offer: [],
  consideration: [],
  orderType: 0,
  startTime: 0n,
  endTime: 0n,
  zoneHash: zeroHash,
  salt: 0n,
  conduitKey: zeroHash,
  counter: 0n,
}

export const bulkOrderTypes = (height: number) => ({
  BulkOrder: [{ name: 'tree', type: `OrderComponents${'[2]'.repeat(height)}` }],
  ...SEAPORT_ORDER_TYPES,
})

/** EIP-712's encodeType for `BulkOrder` of a height: the primary type, then the others by name. */
function bulkTypeString(height: number): string {
  const struct = (name: keyof typeof SEAPORT_ORDER_TYPES) =>
    `${name}(${SEAPORT_ORDER_TYPES[name].map((f) => `${f.type} ${f.name}`).join(',')})`
  return (
    `BulkOrder(OrderComponents${'[2]'.repeat(height)} tree)` +
    struct('ConsiderationItem') +
    struct('OfferItem') +
    struct('OrderComponents')
  )
}

export const bulkOrderTypeHash = (height: number): Hex => keccak256(toHex(bulkTypeString(height)))

const hashPair = (left: Hex, right: Hex): Hex => keccak256(concat([left, right]))

/** The tree's levels, leaves (order hashes, padded to 2^height) first, the root last. */
function levels(orders: OrderComponents[]): Hex[][] {
  const height = bulkHeight(orders.length)
  const empty = orderHash(EMPTY_ORDER)
  const leaves = Array.from({ length: 2 ** height }, (_, i) => (orders[i] ? orderHash(orders[i]) : empty))
  const all = [leaves]
  while (all.at(-1)!.length > 1) {
    const below = all.at(-1)!
    all.push(Array.from({ length: below.length / 2 }, (_, i) => hashPair(below[2 * i]!, below[2 * i + 1]!)))
  }
  return all
}

/** The orders as the nested pairs the wallet signs: `tree` of `BulkOrder`. */
function nest(orders: OrderComponents[], height: number): unknown {
  let layer: unknown[] = Array.from({ length: 2 ** height }, (_, i) => orders[i] ?? EMPTY_ORDER)
  while (layer.length > 2) layer = Array.from({ length: layer.length / 2 }, (_, i) => [layer[2 * i], layer[2 * i + 1]])
  return layer
}

/**
 * What the wallet signs once for all `orders` (`eth_signTypedData_v4`), and how to turn that one
 * signature into each order's own bulk signature, in the orders' order.
 */
export function bulkListing(chainId: number, seaport: Address, orders: OrderComponents[]) {
  const height = bulkHeight(orders.length)
  const tree = levels(orders)
  return {
    height,
    typedData: {
      domain: seaportDomain(chainId, seaport),
      types: bulkOrderTypes(height),
      primaryType: 'BulkOrder' as const,
      message: { tree: nest(orders, height) as OrderComponents[][] },
    },
    /** The sibling hashes from leaf `index` up to (not including) the root. */
    proof: (index: number): Hex[] => tree.slice(0, -1).map((level, depth) => level[(index >> depth) ^ 1]!),
    signatures(signature: Hex): Hex[] {
      return orders.map((_, index) => bulkSignature(signature, index, this.proof(index)))
    },
  }
}

/** One order's bulk signature: the wallet's signature, its 3-byte index, then its proof. */
export function bulkSignature(signature: Hex, index: number, proof: Hex[]): Hex {
  return concat([signature, numberToHex(index, { size: 3 }), ...proof])
}

export type ParsedBulkSignature =
  { ok: true; signature: Hex; index: number; proof: Hex[]; height: number } | { ok: false; problem: string }

/**
 * Splits a bulk signature as Seaport does: 64 (EIP-2098) or 65 bytes of ECDSA signature, 3 bytes
 * of index, 32 bytes per level of a tree 1 to 24 high. Null when its length is not a bulk one at
 * all (a plain or smart-wallet signature). An index past the tree's leaves is refused: Seaport
 * would ignore its high bits, so two different signatures would stand for one order.
 */
export function parseBulkSignature(bulk: Hex): ParsedBulkSignature | null {
  const length = size(bulk)
  if (length < 67) return null
  const ecdsaLength = (length - 67) % 32 === 0 ? 64 : (length - 68) % 32 === 0 ? 65 : 0
  if (!ecdsaLength) return null
  const height = (length - ecdsaLength - 3) / 32
  if (height < 1 || height > BULK_MAX_HEIGHT) {
    return {
      ok: false,
      problem: `a bulk signature's tree is 1 to ${BULK_MAX_HEIGHT} levels high; this one is ${height}`,
    }
  }
  const index = Number.parseInt(slice(bulk, ecdsaLength, ecdsaLength + 3).slice(2), 16)
  if (index >= 2 ** height) {
    return { ok: false, problem: `index ${index} is past the ${2 ** height} orders of its tree` }
  }
  const proof = Array.from({ length: height }, (_, i) =>
    slice(bulk, ecdsaLength + 3 + 32 * i, ecdsaLength + 3 + 32 * (i + 1)),
  )
  return { ok: true, signature: slice(bulk, 0, ecdsaLength), index, proof, height }
}

/** The root of the tree an order's proof leads to from its place `index`. */
export function bulkRoot(order: OrderComponents, index: number, proof: Hex[]): Hex {
  return proof.reduce(
    (node, sibling, depth) => ((index >> depth) & 1 ? hashPair(sibling, node) : hashPair(node, sibling)),
    orderHash(order),
  )
}

/**
 * The EIP-712 digest the wallet signed if `order` sits at `index` of a bulk order with this
 * `proof`: what the signature's ECDSA part must recover the offerer from.
 */
export function bulkOrderDigest(
  chainId: number,
  seaport: Address,
  order: OrderComponents,
  index: number,
  proof: Hex[],
): Hex {
  const structHash = keccak256(
    encodeAbiParameters(
      [{ type: 'bytes32' }, { type: 'bytes32' }],
      [bulkOrderTypeHash(proof.length), bulkRoot(order, index, proof)],
    ),
  )
  const separator = domainSeparator({ domain: seaportDomain(chainId, seaport) })
  return keccak256(concat(['0x1901', separator, structHash]))
}

/**
 * A 64-byte (EIP-2098 compact) or 65-byte ECDSA signature as 65 bytes with v 27 or 28, the form
 * Seaport's ecrecover takes (it accepts both lengths, in a bulk signature too); null when neither.
 */
export function fullEcdsaSignature(signature: Hex): Hex | null {
  try {
    if (size(signature) === 64) return serializeSignature(compactSignatureToSignature(parseCompactSignature(signature)))
    if (size(signature) === 65) return serializeSignature(parseSignature(signature))
  } catch {
    // not r, s and v
  }
  return null
}

/**
 * Who signed `order` with this bulk signature (null when it is not one, or recovers no one), and
 * the signature with its ECDSA part made 65 bytes. A forged proof, a wrong index or another
 * order's proof leads to another root, so to another digest and another (random) signer.
 */
export async function recoverBulkSigner(chainId: number, seaport: Address, order: OrderComponents, bulk: Hex) {
  const parsed = parseBulkSignature(bulk)
  if (!parsed?.ok) return null
  const ecdsa = fullEcdsaSignature(parsed.signature)
  if (!ecdsa) return null
  const hash = bulkOrderDigest(chainId, seaport, order, parsed.index, parsed.proof)
  const signer = await recoverAddress({ hash, signature: ecdsa }).catch(() => null)
  return signer && { signer, signature: bulkSignature(ecdsa, parsed.index, parsed.proof) }
}
