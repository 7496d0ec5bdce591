/**
 * Seaport criteria items: an offer for any token of a collection (criteria 0) or for any of a
 * list of token ids (criteria: the Merkle root of the list). The tree is the one Seaport's own
 * criteria resolution checks and seaport-js builds: each leaf is the keccak256 of the id as a
 * 32-byte word, leaves sorted, each pair hashed in sorted order, an odd node carried up as it is.
 * Pure functions, shared by the browser (make, accept) and the server (check, serve proofs).
 */
import { concat, keccak256, maxUint256, numberToHex, zeroAddress, zeroHash, type Hex } from 'viem'
import {
  ItemType,
  PARTIAL_OPEN,
  FULL_OPEN,
  feeAmount,
  orderParameters,
  payment,
  type Fee,
  type OrderComponents,
} from './seaport'

export const CRITERIA_ITEM = { erc721: 4, erc1155: 5 } as const
export const isCriteriaItem = (itemType: number) =>
  itemType === CRITERIA_ITEM.erc721 || itemType === CRITERIA_ITEM.erc1155

const leaf = (id: bigint): Hex => keccak256(numberToHex(id, { size: 32 }))
const pairHash = (a: Hex, b: Hex): Hex => (a < b ? keccak256(concat([a, b])) : keccak256(concat([b, a])))

/** The tree's layers, leaves first (hex compares as bytes: every node is 32 lowercase bytes). */
function layers(ids: readonly bigint[]): Hex[][] {
  const levels: Hex[][] = [ids.map(leaf).sort()]
  while (levels.at(-1)!.length > 1) {
    const below = levels.at(-1)!
    const above: Hex[] = []
    for (let i = 0; i < below.length; i += 2)
      above.push(i + 1 < below.length ? pairHash(below[i]!, below[i + 1]!) : below[i]!)
    levels.push(above)
  }
  return levels
}

/** A Merkle tree over token ids, as Seaport resolves criteria against it. */
export class CriteriaTree {
  private readonly levels: Hex[][]

  constructor(ids: readonly bigint[]) {
    if (!ids.length) throw new Error('a criteria tree needs at least one token id')
    if (new Set(ids).size !== ids.length) throw new Error('token ids of a criteria tree must differ')
    this.levels = layers(ids)
  }

  get root(): Hex {
    return this.levels.at(-1)![0]!
  }

  /** How many ids it holds. */
  get size(): number {
    return this.levels[0]!.length
  }

  /** The proof that `id` is in the tree, or null when it is not. */
  proof(id: bigint): Hex[] | null {
    if (id < 0n || id > maxUint256) return null // not a token id at all
    let index = this.levels[0]!.indexOf(leaf(id))
    if (index < 0) return null
    const proof: Hex[] = []
    for (const level of this.levels.slice(0, -1)) {
      const sibling = index % 2 ? index - 1 : index + 1
      if (sibling < level.length) proof.push(level[sibling]!)
      index = Math.floor(index / 2)
    }
    return proof
  }
}

/** What Seaport checks for a proof: the leaf hashed, folded with each sibling in sorted order. */
export function verifyCriteriaProof(id: bigint, root: Hex, proof: readonly Hex[]): boolean {
  return proof.reduce((node, sibling) => pairHash(node, sibling), leaf(id)) === root.toLowerCase()
}

export interface CriteriaOfferTerms {
  maker: `0x${string}`
  contract: `0x${string}`
  standard: 'erc721' | 'erc1155'
  /** 0 for any token of the collection, else a CriteriaTree's root. */
  criteria: bigint
  /** Tokens wanted; each is paid `price`. */
  quantity: bigint
  price: bigint
  fees: Fee[]
  weth: `0x${string}`
  startTime: bigint
  endTime: bigint
  salt: bigint
  counter: bigint
}

/**
 * A collection or trait offer: `price` in WETH for each of `quantity` tokens matching the
 * criteria, less the fees (paid in WETH out of it). For several, a partial order: every amount is
 * a multiple of the quantity, so each holder's fill takes an exact share.
 */
export function criteriaOfferOrder(terms: CriteriaOfferTerms): OrderComponents {
  const { quantity } = terms
  return {
    offerer: terms.maker,
    zone: zeroAddress,
    offer: [
      {
        itemType: ItemType.ERC20,
        token: terms.weth,
        identifierOrCriteria: 0n,
        startAmount: terms.price * quantity,
        endAmount: terms.price * quantity,
      },
    ],
    consideration: [
      {
        itemType: CRITERIA_ITEM[terms.standard],
        token: terms.contract,
        identifierOrCriteria: terms.criteria,
        startAmount: quantity,
        endAmount: quantity,
        recipient: terms.maker,
      },
      ...terms.fees
        .map((fee) => payment(ItemType.ERC20, terms.weth, feeAmount(terms.price, fee.bps) * quantity, fee.recipient))
        .filter((item) => item.startAmount > 0n),
    ],
    orderType: quantity > 1n ? PARTIAL_OPEN : FULL_OPEN,
    startTime: terms.startTime,
    endTime: terms.endTime,
    zoneHash: zeroHash,
    salt: terms.salt,
    conduitKey: zeroHash,
    counter: terms.counter,
  }
}

/** Seaport's CriteriaResolver naming the token a holder gives for the order's criteria item. */
export const criteriaResolver = (identifier: bigint, proof: readonly Hex[]) => ({
  orderIndex: 0n,
  side: 1, // the consideration
  index: 0n,
  identifier,
  criteriaProof: [...proof],
})

/**
 * The arguments of Seaport's `fulfillAdvancedOrder` that fill a collection or trait offer with
 * one token (`units` of an ERC-1155 one): the order's share for it, and the resolver naming it.
 */
export function criteriaFillArgs(
  stored: { order: OrderComponents; signature: Hex; quantity: bigint },
  tokenId: bigint,
  proof: readonly Hex[],
  units = 1n,
) {
  const whole = stored.order.orderType === FULL_OPEN
  return [
    {
      parameters: orderParameters(stored.order),
      numerator: whole ? 1n : units,
      denominator: whole ? 1n : stored.quantity,
      signature: stored.signature,
      extraData: '0x' as Hex,
    },
    [criteriaResolver(tokenId, proof)],
    zeroHash,
    zeroAddress,
  ] as const
}
