/**
 * A shared list (ADR 48): an instance's stolen items and scam collections, signed by one of its
 * operators with EIP-712 and read by other instances. The types exist once, here, for the console
 * that signs (the browser) and the servers that check. Entries name tokens and collections by
 * chain and contract, never by an instance's own ids.
 */
import type { Address } from 'viem'

/** No chainId: a list spans chains, and is not tied to a contract. */
export const SHARED_LIST_DOMAIN = { name: 'Vitrine shared list', version: '1' } as const

export const SHARED_LIST_TYPES = {
  SharedList: [
    { name: 'issuer', type: 'address' },
    { name: 'origin', type: 'string' },
    { name: 'sequence', type: 'uint64' },
    { name: 'issuedAt', type: 'uint64' },
    { name: 'expiresAt', type: 'uint64' },
    { name: 'items', type: 'ListedItem[]' },
    { name: 'collections', type: 'ListedCollection[]' },
  ],
  ListedItem: [
    { name: 'chainId', type: 'uint256' },
    { name: 'contract', type: 'address' },
    { name: 'tokenId', type: 'uint256' },
    { name: 'category', type: 'string' },
  ],
  ListedCollection: [
    { name: 'chainId', type: 'uint256' },
    { name: 'contract', type: 'address' },
    { name: 'category', type: 'string' },
  ],
} as const

/** What an item entry says: it was reported and found stolen. */
export const LISTED_ITEM_CATEGORIES = ['stolen'] as const
/** What a collection entry says: a scam, or spam. */
export const LISTED_COLLECTION_CATEGORIES = ['scam', 'spam'] as const

export interface ListedItem {
  chainId: number
  contract: Address
  /** Decimal text: a token id is a uint256. */
  tokenId: string
  category: (typeof LISTED_ITEM_CATEGORIES)[number]
}

export interface ListedCollection {
  chainId: number
  contract: Address
  category: (typeof LISTED_COLLECTION_CATEGORIES)[number]
}

/** A list as JSON carries it (and as the signer signs it): times in Unix seconds. */
export interface SharedList {
  /** The operator who signs it. */
  issuer: Address
  /** The publishing instance's public origin, for people reading the list. */
  origin: string
  /** Grows with each list the instance signs: a reader refuses one older than it has read. */
  sequence: number
  issuedAt: number
  expiresAt: number
  items: ListedItem[]
  collections: ListedCollection[]
}

/** The signed document `GET /api/v1/shared-list` serves. */
export interface SharedListDocument {
  list: SharedList
  signature: `0x${string}`
}

/**
 * The typed data to sign or check: numbers as bigints, addresses lowercase (EIP-712 encodes an
 * address as its 20 bytes, whatever its case; viem refuses a mixed case that is no checksum).
 */
export const sharedListTypedData = (list: SharedList) => ({
  domain: SHARED_LIST_DOMAIN,
  types: SHARED_LIST_TYPES,
  primaryType: 'SharedList' as const,
  message: {
    issuer: lower(list.issuer),
    origin: list.origin,
    sequence: BigInt(list.sequence),
    issuedAt: BigInt(list.issuedAt),
    expiresAt: BigInt(list.expiresAt),
    items: list.items.map((item) => ({
      ...item,
      chainId: BigInt(item.chainId),
      contract: lower(item.contract),
      tokenId: BigInt(item.tokenId),
    })),
    collections: list.collections.map((entry) => ({
      ...entry,
      chainId: BigInt(entry.chainId),
      contract: lower(entry.contract),
    })),
  },
})

const lower = (address: string) => address.toLowerCase() as Address
