/**
 * Who took the other side of an order filled through Seaport's matchOrders / matchAdvancedOrders.
 * Its OrderFulfilled then names as recipient the match's caller (the zero address on older
 * Seaports), who may be an aggregator or a bot buying for someone else: the executions pair items
 * across orders, so there is no one fulfiller. The order's token still moved from (a listing) or
 * to (an offer) its offerer in that transaction, and the token's own Transfer / TransferSingle /
 * TransferBatch log names the other side.
 */
import { isAddressEqual, parseAbi, parseEventLogs, zeroAddress, type Address, type Log } from 'viem'
import { ItemType } from '../seaport'

const TOKEN_MOVES = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
])

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
export interface MatchedFill {
  offerer: Address
  offer: readonly Item[]
  consideration: readonly (Item & { recipient: Address })[]
}

/**
 * The order's NFTs and which way they moved: out of the offerer (its offer side: a listing), or
 * to it (its consideration side: an offer). A criteria item Seaport did not report resolved
 * matches any token of its contract.
 */
function orderTokens(fill: MatchedFill) {
  const isNft = (item: Item) => NFT_TYPES.includes(item.itemType)
  const given = fill.offer.filter(isNft)
  if (given.length) return { items: given, leftOfferer: true }
  const taken = fill.consideration.filter((item) => isNft(item) && isAddressEqual(item.recipient, fill.offerer))
  return { items: taken, leftOfferer: false }
}

/** A token move of a transaction, addresses lowercase. */
interface TokenMove {
  token: string
  from: string
  to: string
  ids: readonly bigint[]
}

/**
 * Each receipt's token moves, decoded once: a transaction may fill many orders beside thousands of
 * logs, and decoding them again for each fill would cost their product.
 */
const movesOfReceipt = new WeakMap<readonly Log[], TokenMove[]>()

function tokenMoves(logs: readonly Log[]): TokenMove[] {
  let moves = movesOfReceipt.get(logs)
  if (!moves) {
    moves = parseEventLogs({ abi: TOKEN_MOVES, logs: [...logs], strict: true }).map((log) => ({
      token: log.address.toLowerCase(),
      from: log.args.from.toLowerCase(),
      to: log.args.to.toLowerCase(),
      ids:
        log.eventName === 'Transfer'
          ? [log.args.tokenId]
          : log.eventName === 'TransferSingle'
            ? [log.args.id]
            : log.args.ids,
    }))
    movesOfReceipt.set(logs, moves)
  }
  return moves
}

/**
 * The other side of the order's token moves in the transaction's logs, lowercase; null when
 * there is none (the token did not move, or its contract logs no standard event) or more than
 * one (several fills of the same token in one transaction): a guess would name someone who did
 * not trade.
 */
export function matchedCounterparty(fill: MatchedFill, logs: readonly Log[]): string | null {
  const { items, leftOfferer } = orderTokens(fill)
  const offerer = fill.offerer.toLowerCase()
  const wanted = items.map((item) => ({ ...item, token: item.token.toLowerCase() }))
  const found = new Set<string>()
  for (const move of tokenMoves(logs)) {
    const [own, other] = leftOfferer ? [move.from, move.to] : [move.to, move.from]
    if (own !== offerer) continue
    const ofOrder = wanted.some(
      (item) =>
        item.token === move.token && (item.itemType >= ERC721_WITH_CRITERIA || move.ids.includes(item.identifier)),
    )
    if (ofOrder) found.add(other)
  }
  const [counterparty] = found
  return found.size === 1 && counterparty !== zeroAddress ? counterparty! : null
}
