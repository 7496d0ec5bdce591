/**
 * Who took the other side of an order filled through Seaport's matchOrders / matchAdvancedOrders.
 * Its OrderFulfilled then names as recipient the match's caller (the zero address on older
 * Seaports), who may be an aggregator or a bot trading for someone else. Every other order of the
 * match logs its own OrderFulfilled, and Seaport guarantees what those say: each consideration
 * item reached its recipient, each offer item left its offerer. So the buyer of a listing is who an
 * other order of the transaction names as the recipient of the listing's token, and the seller to
 * an offer is the offerer of the other order that gave the token. The token's own Transfer logs
 * are never read for this: a hostile token contract can log any parties it likes.
 */
import { zeroAddress, type Address } from 'viem'
import { ItemType } from '../seaport'

/** Seaport's criteria item types: a token of a set, resolved when filled. */
const ERC721_WITH_CRITERIA = 4
const ERC1155_WITH_CRITERIA = 5
const NFT_TYPES: number[] = [ItemType.ERC721, ItemType.ERC1155, ERC721_WITH_CRITERIA, ERC1155_WITH_CRITERIA]

interface Item {
  itemType: number
  token: Address
  identifier: bigint
}

/** OrderFulfilled's arguments, as the indexer decodes them. */
export interface SeaportFill {
  orderHash: string
  offerer: Address
  offer: readonly Item[]
  consideration: readonly (Item & { recipient: Address })[]
}

const isNft = (item: Item) => NFT_TYPES.includes(item.itemType)

/** Whether two items can be the same token (a criteria item matches any token of its contract). */
const sameToken = (a: Item, b: Item) =>
  a.token.toLowerCase() === b.token.toLowerCase() &&
  (a.itemType >= ERC721_WITH_CRITERIA || b.itemType >= ERC721_WITH_CRITERIA || a.identifier === b.identifier)

/**
 * The other side of `fill` among the other orders Seaport filled in the same transaction,
 * lowercase; null when none names the order's token, or several do (a guess would name someone
 * who did not trade), or the one named is the zero address.
 */
export function matchedCounterparty(fill: SeaportFill, sameTransaction: readonly SeaportFill[]): string | null {
  const others = sameTransaction.filter((other) => other.orderHash !== fill.orderHash)
  const given = fill.offer.filter(isNft)
  const found = new Set<string>()
  if (given.length) {
    // A listing: its token went to whoever another order asked it for.
    for (const other of others)
      for (const item of other.consideration)
        if (isNft(item) && given.some((own) => sameToken(own, item))) found.add(item.recipient.toLowerCase())
  } else {
    // An offer: the token came from the offerer of the order that gave it.
    const taken = fill.consideration.filter(
      (item) => isNft(item) && item.recipient.toLowerCase() === fill.offerer.toLowerCase(),
    )
    for (const other of others)
      if (other.offer.some((item) => isNft(item) && taken.some((own) => sameToken(own, item))))
        found.add(other.offerer.toLowerCase())
  }
  const [counterparty] = found
  return found.size === 1 && counterparty !== zeroAddress ? counterparty! : null
}
