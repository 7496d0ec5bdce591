/**
 * The indexer: reads a chain's logs from the stored cursor up to `confirmations` blocks below
 * the head, and turns them into rows. Transfer moves owners (and adds mint / transfer
 * activity); Seaport's OrderFulfilled, OrderCancelled and CounterIncremented settle our
 * orders (sales, activity), and OrdersMatched marks the fills whose other side ./counterparty.ts
 * finds; Transfer and ApprovalForAll decide whether a listing can still be filled. Blocks deeper
 * than `confirmations` rarely reorganise, so only they are read; every write is keyed by
 * (transaction, log index), so reading a range again changes nothing. When the chain lost blocks
 * it read all the same (a deeper reorg, a lagging node, a local chain restarted from an older
 * state), ./rewind.ts undoes what they wrote before reading on.
 *
 * This main round reads Seaport and the contracts Vitrine deployed, and, in requests of their
 * own, the imported collections that have caught up (./followed.ts): an imported contract may be
 * written by an attacker (a flood of logs, forged events), so one whose logs are too many to
 * share goes back to its own reading (./backfill.ts), where it can stall or fool no one but
 * itself. A followed collection is indexed up to the chain's cursor: a round writes only those
 * with logs. The round's block range adapts as the backfill's does (halved when the RPC refuses
 * it, doubled after quiet ranges) and is kept on the chain's cursor. Block times come with the
 * logs (`blockTimestamp`), or from one batch of block reads (./block-times.ts).
 */
import { and, eq, inArray, or } from 'drizzle-orm'
import { parseAbiItem, zeroAddress, type Address, type Hash, type PublicClient } from 'viem'
import type { Database } from '../../db/client'
import {
  advanceCursor,
  applyCancel,
  applyFollowedRanges,
  applyCounter,
  applyFill,
  applyTransfer,
  applyVoucherRedeemed,
  applyVoucherRevocation,
  expireOrders,
  noteSafeHead,
  refreshNftMarket,
  setImportProgress,
  type ChainLog,
  type FollowedRanges,
} from '../../db/market'
import {
  chainCursors,
  collections,
  criteriaOffers,
  indexedBlocks,
  listings,
  nfts,
  offers,
  OPEN_ORDER_STATUSES,
} from '../../db/schema'
import { refreshCollectionStats } from '../../db/market'
import { ItemType } from '../seaport'
import { blockTimes } from './block-times'
import { readFollowed } from './followed'
import { importedCollection } from './imported-logs'
import { matchedCounterparty, type SeaportFill } from './counterparty'
import { recheckListings } from './listings'
import { recheckOffers } from './offers'
import { listedBy } from './listed'
import { rewindIfReplaced } from './rewind'
import { refused } from './rpc-errors'

const EVENTS = {
  transfer: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'),
  approvalForAll: parseAbiItem('event ApprovalForAll(address indexed owner, address indexed operator, bool approved)'),
  voucherRedeemed: parseAbiItem('event VoucherRedeemed(uint256 indexed tokenId, address indexed buyer, uint256 price)'),
  voucherRevocation: parseAbiItem('event VoucherRevocation(uint256 indexed tokenId)'),
  orderFulfilled: parseAbiItem(
    'event OrderFulfilled(bytes32 orderHash, address indexed offerer, address indexed zone, address recipient, (uint8 itemType, address token, uint256 identifier, uint256 amount)[] offer, (uint8 itemType, address token, uint256 identifier, uint256 amount, address recipient)[] consideration)',
  ),
  orderCancelled: parseAbiItem(
    'event OrderCancelled(bytes32 orderHash, address indexed offerer, address indexed zone)',
  ),
  counterIncremented: parseAbiItem('event CounterIncremented(uint256 newCounter, address indexed offerer)'),
  ordersMatched: parseAbiItem('event OrdersMatched(bytes32[] orderHashes)'),
}

export interface IndexerOptions {
  db: Database
  client: PublicClient
  chainId: number
  seaport: Address
  /** The chain's WETH: offers whose maker no longer holds or allows what is left of them turn inactive. */
  weth?: Address
  /** Blocks below the head that are final enough to index (0 on the local chain). */
  confirmations: number
  /** At most this many blocks per run (RPCs cap log ranges; the range shrinks below it when refused). */
  maxBlocks?: number
  /** Where a chain without a cursor starts: block 0 locally, the current head on public chains. */
  startAtHead?: boolean
  now?: Date
}

export interface IndexerRun {
  from: bigint
  to: bigint
  logs: number
  /** Set when the chain no longer had the blocks indexed after this one, and they were undone. */
  rewoundTo?: bigint
  /** Set when caught-up collections went back to their own reading (the backfill's, this round). */
  sentBack?: number
}

const lower = (a: string) => a.toLowerCase()

/** Indexes the next confirmed range; returns null when there is nothing new. */
export async function indexChain(options: IndexerOptions): Promise<IndexerRun | null> {
  const { db, client, chainId, confirmations, maxBlocks = 2_000, startAtHead = false, now = new Date() } = options
  const head = await client.getBlockNumber({ cacheTime: 0 })
  const safe = head - BigInt(confirmations)
  // The cursor and the hash recorded at it, in one read.
  const [row] = await db
    .select({ cursor: chainCursors, recorded: indexedBlocks.hash })
    .from(chainCursors)
    .leftJoin(
      indexedBlocks,
      and(eq(indexedBlocks.chainId, chainCursors.chainId), eq(indexedBlocks.block, chainCursors.block)),
    )
    .where(eq(chainCursors.chainId, chainId))
  const cursor = row?.cursor
  try {
    return await indexFrom({ ...options, maxBlocks, startAtHead, now }, cursor, row?.recorded ?? null, head, safe)
  } catch (error) {
    // Health tells a cursor that no longer moves from one with nothing new to read, whatever stopped it.
    if (cursor && BigInt(cursor.block) < safe) await noteSafeHead(db, chainId, safe).catch(() => {})
    throw error
  }
}

async function indexFrom(
  options: Required<Pick<IndexerOptions, 'maxBlocks' | 'startAtHead' | 'now'>> & IndexerOptions,
  cursor: typeof chainCursors.$inferSelect | undefined,
  recorded: string | null,
  head: bigint,
  safe: bigint,
): Promise<IndexerRun | null> {
  const { db, client, chainId, seaport, weth, maxBlocks, startAtHead, now } = options
  // Never wait silently for blocks past a chain that went back: undo what it no longer has first.
  const rewind = cursor
    ? await rewindIfReplaced({ db, client, chainId, cursor: BigInt(cursor.block), recorded, head, safe, now })
    : null
  const indexed = rewind ? rewind.to : cursor ? BigInt(cursor.block) : null
  const from = indexed !== null ? indexed + 1n : startAtHead ? (safe > 0n ? safe : 0n) : 0n
  // A rewind changes sales and owners: the collections' volumes and owner counts follow.
  if (safe < from && rewind) await refreshCollectionStats(db, now)
  if (safe < from) {
    await settleExpired(db, now)
    return null
  }
  // Vitrine's own contracts, and the imported ones that have caught up (read apart: ./followed.ts).
  const rows = await db
    .select()
    .from(collections)
    .where(
      and(
        eq(collections.chainId, chainId),
        or(eq(collections.source, 'vitrine'), eq(collections.indexStatus, 'following')),
      ),
    )
  const contracts = rows.filter((c) => c.source === 'vitrine').map((c) => c.contract as Address)
  const { logs, to, range } = await readRange(db, client, contracts, seaport, from, safe, {
    range: cursor?.range ?? maxBlocks,
    maxBlocks,
  })
  const followed = await readFollowed(
    client,
    rows.filter((c) => c.indexStatus === 'following').map(importedCollection),
    seaport,
    from,
    to,
  )

  const apply = new LogApplier(db, client, chainId, seaport, now, logs, await blockTimes(client, logs))
  for (const id of rewind?.touched ?? []) apply.touched.add(id)
  for (const log of logs) await apply.log(log)
  // Before the cursor moves past them: the followed collections' moves, or their return to their own reading.
  const imported = await applyFollowed(db, { from, to, ranges: followed.ranges, sentBack: followed.sentBack }, now)
  for (const id of imported.nftIds) apply.touched.add(id)
  for (const { collection, approvers } of imported.ranges) {
    for (const id of await listedBy(db, chainId, collection.contract, approvers)) apply.touched.add(id)
  }
  await recheckListings({ db, client, chainId, seaport, nftIds: apply.touched, block: to, now })
  if (weth) {
    for (const id of await recheckOffers({ db, client, chainId, weth, seaport, from, to, now })) apply.touched.add(id)
  }
  const expired = await expireOrders(db, now)
  await refreshNftMarket(db, [...apply.touched, ...expired], now)
  if (apply.sold || rewind) await refreshCollectionStats(db, now)
  await advanceCursor(db, chainId, { to, range, safeHead: safe, hashes: await indexedHashes(client, logs, to), now })
  return {
    from,
    to,
    logs: logs.length,
    ...(rewind ? { rewoundTo: rewind.to } : {}),
    ...(followed.sentBack.length ? { sentBack: followed.sentBack.length } : {}),
  }
}

/**
 * Writes the followed collections' range. One whose events contradict themselves (an ERC-1155
 * that logs a send by a wallet holding nothing) is left out of it and paused with its reason: the
 * fault is that contract's alone, and the round goes on. Returns what was written.
 */
async function applyFollowed<Range extends FollowedRanges['ranges'][number]>(
  db: Database,
  followed: Omit<FollowedRanges, 'ranges'> & { ranges: Range[] },
  now: Date,
) {
  const applied = await applyFollowedRanges(db, followed, now)
  for (const error of applied.contradicted)
    await setImportProgress(db, error.collectionId, { status: 'paused', error: error.message, retryAt: null })
  const paused = new Set(applied.contradicted.map((error) => error.collectionId))
  return { ...applied, ranges: followed.ranges.filter((r) => !paused.has(r.collection.id)) }
}

/** The hashes of the blocks just read: each block with a log (as the log says), and the last. */
async function indexedHashes(client: PublicClient, logs: { blockNumber: bigint; blockHash: string }[], to: bigint) {
  const hashes = new Map(logs.map((log) => [log.blockNumber, log.blockHash]))
  if (!hashes.has(to)) hashes.set(to, (await client.getBlock({ blockNumber: to })).hash)
  return [...hashes].map(([block, hash]) => ({ block, hash }))
}

async function settleExpired(db: Database, now: Date) {
  await expireOrders(db, now)
}

/** A range with fewer logs than this was quiet: the next one may be twice as wide. */
const QUIET_LOGS = 1_000

/**
 * The logs from `from` on, over as wide a range as the RPC answers: from the kept width, halved
 * while refused; one block refused even alone is read apart (readBlockApart).
 */
async function readRange(
  db: Database,
  client: PublicClient,
  contracts: Address[],
  seaport: Address,
  from: bigint,
  safe: bigint,
  widths: { range: number; maxBlocks: number },
) {
  let range = Math.max(1, Math.min(widths.range, widths.maxBlocks))
  for (;;) {
    const to = safe - from + 1n > BigInt(range) ? from + BigInt(range) - 1n : safe
    try {
      const logs = await fetchLogs(client, contracts, seaport, from, to)
      // Grow only after a full-width range: a short last one says nothing about the RPC's limit.
      const next = logs.length < QUIET_LOGS && Number(to - from + 1n) === range ? range * 2 : range
      return { logs, to, range: Math.min(next, widths.maxBlocks) }
    } catch (error) {
      if (!refused(error)) throw error
      if (to === from) return { logs: await readBlockApart(db, client, contracts, seaport, from), to, range: 1 }
      range = Math.max(1, Number(to - from + 1n) >> 1)
    }
  }
}

/** The logs of Vitrine's own collections in a block range. */
async function ownCollectionLogs(client: PublicClient, contracts: Address[], fromBlock: bigint, toBlock: bigint) {
  if (!contracts.length) return []
  return client.getLogs({
    address: contracts,
    events: [EVENTS.transfer, EVENTS.approvalForAll, EVENTS.voucherRedeemed, EVENTS.voucherRevocation],
    fromBlock,
    toBlock,
    strict: true,
  })
}

/** The logs of our collections and of Seaport in a block range, in chain order. */
async function fetchLogs(
  client: PublicClient,
  contracts: Address[],
  seaport: Address,
  fromBlock: bigint,
  toBlock: bigint,
) {
  const [tokenLogs, seaportLogs] = await Promise.all([
    ownCollectionLogs(client, contracts, fromBlock, toBlock),
    client.getLogs({
      address: seaport,
      events: [EVENTS.orderFulfilled, EVENTS.orderCancelled, EVENTS.counterIncremented, EVENTS.ordersMatched],
      fromBlock,
      toBlock,
      strict: true,
    }),
  ])
  return [...tokenLogs, ...seaportLogs].sort((a, b) =>
    a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
  )
}

type AnyLog = Awaited<ReturnType<typeof fetchLogs>>[number]

/** Makers per request when Seaport's logs are asked for by offerer (providers cap a topic's list). */
const MAKERS_PER_REQUEST = 200

/**
 * One block whose logs the RPC refuses even alone: anyone can fill a block with Seaport events
 * for nothing (`incrementCounter`, cancelling their own orders, about 2,700 gas each). Its logs
 * are asked for by kind: fills and matches (dear to make) whole, and cancels and counters only
 * for the makers of Vitrine's open orders, the only ones that change anything here. Throws when
 * even that is refused.
 */
async function readBlockApart(
  db: Database,
  client: PublicClient,
  contracts: Address[],
  seaport: Address,
  block: bigint,
): Promise<AnyLog[]> {
  const range = { fromBlock: block, toBlock: block, strict: true } as const
  const makers = [
    ...new Set(
      (
        await Promise.all(
          [listings, offers].map((table) =>
            db.selectDistinct({ maker: table.maker }).from(table).where(inArray(table.status, OPEN_ORDER_STATUSES)),
          ),
        )
      )
        .flat()
        .map((row) => row.maker as Address),
    ),
  ]
  const chunks = Array.from({ length: Math.ceil(makers.length / MAKERS_PER_REQUEST) }, (_, i) =>
    makers.slice(i * MAKERS_PER_REQUEST, (i + 1) * MAKERS_PER_REQUEST),
  )
  try {
    const reads: Promise<AnyLog[]>[] = [
      ownCollectionLogs(client, contracts, block, block),
      client.getLogs({ address: seaport, events: [EVENTS.orderFulfilled, EVENTS.ordersMatched], ...range }),
      ...chunks.flatMap((offerer) => [
        client.getLogs({ address: seaport, event: EVENTS.orderCancelled, args: { offerer }, ...range }),
        client.getLogs({ address: seaport, event: EVENTS.counterIncremented, args: { offerer }, ...range }),
      ]),
    ]
    return (await Promise.all(reads)).flat().sort((a, b) => a.logIndex - b.logIndex)
  } catch (error) {
    throw new Error(`The RPC refuses the logs of block ${block} even alone`, { cause: error })
  }
}

/** A fill's key: an order of several parts may be filled in many transactions. */
const fillKey = (txHash: string, orderHash: string) => `${txHash}:${orderHash}`

/**
 * What Seaport logged of a range, read before applying any log: the fills made through
 * matchOrders / matchAdvancedOrders (OrdersMatched comes after the fills it names), and every
 * order each transaction filled (the other sides of a match).
 */
function seaportFills(logs: AnyLog[]) {
  const matched = new Set<string>()
  const byTransaction = new Map<string, SeaportFill[]>()
  for (const log of logs) {
    if (log.eventName === 'OrdersMatched') {
      for (const orderHash of log.args.orderHashes) matched.add(fillKey(log.transactionHash, orderHash))
    } else if (log.eventName === 'OrderFulfilled') {
      const fills = byTransaction.get(log.transactionHash) ?? []
      fills.push(log.args)
      byTransaction.set(log.transactionHash, fills)
    }
  }
  return { matched, byTransaction }
}

/**
 * The total amount of one item type among a fulfilled order's offer items: the order's own (a
 * filler may append consideration items, never offer items).
 */
const amountOf = (items: readonly { itemType: number; amount: bigint }[], type: number): bigint =>
  items.reduce((sum, item) => (item.itemType === type ? sum + item.amount : sum), 0n)

/**
 * The token the order's first consideration item received (the order's own items come first):
 * for a collection or trait offer, the one the holder gave, as Seaport resolved its criteria.
 */
function givenToken(items: readonly { itemType: number; token: string; identifier: bigint }[]) {
  const [first] = items
  if (!first || (first.itemType !== ItemType.ERC721 && first.itemType !== ItemType.ERC1155)) return undefined
  return { contract: first.token, tokenId: first.identifier }
}

/**
 * Decodes logs into the market module's operations (each one transaction); reads only, apart
 * from what those operations write.
 */

class LogApplier {
  readonly touched = new Set<number>()
  sold = false
  private readonly senders = new Map<Hash, Promise<{ from: string; to: string | null }>>()
  private readonly fills: ReturnType<typeof seaportFills>

  constructor(
    private readonly db: Database,
    private readonly client: PublicClient,
    private readonly chainId: number,
    private readonly seaport: Address,
    private readonly now: Date,
    logs: AnyLog[],
    /** The blocks' times, from the logs or one batch of block reads (./block-times.ts). */
    private readonly times: Map<bigint, Date>,
  ) {
    this.fills = seaportFills(logs)
  }

  private async nft(contract: string, tokenId: bigint) {
    const [row] = await this.db
      .select({ id: nfts.id, collectionId: nfts.collectionId, owner: nfts.owner })
      .from(nfts)
      .where(
        and(eq(nfts.chainId, this.chainId), eq(nfts.contract, lower(contract)), eq(nfts.tokenId, tokenId.toString())),
      )
    return row
  }

  private async isOurOrder(orderHash: string) {
    const [listing] = await this.db.select({ id: listings.id }).from(listings).where(eq(listings.orderHash, orderHash))
    if (listing) return true
    const [offer] = await this.db.select({ id: offers.id }).from(offers).where(eq(offers.orderHash, orderHash))
    if (offer) return true
    const [criteria] = await this.db
      .select({ id: criteriaOffers.id })
      .from(criteriaOffers)
      .where(eq(criteriaOffers.orderHash, orderHash))
    return criteria !== undefined
  }

  /** Who sent a transaction, and to what: the node's word, which no contract's log can change. */
  private sender(hash: Hash) {
    let sent = this.senders.get(hash)
    if (!sent) {
      sent = this.client
        .getTransaction({ hash })
        .then((tx) => ({ from: lower(tx.from), to: tx.to ? lower(tx.to) : null }))
      this.senders.set(hash, sent)
    }
    return sent
  }

  /**
   * Who filled the order, from what Seaport logged and the transaction itself, never from the
   * token's logs. A listing filled directly: OrderFulfilled's recipient, who got the token. An
   * offer accepted directly: whoever called Seaport, whose token Seaport took (its recipient got
   * only the WETH, and may be any address); through a contract, the recipient. A match names its
   * caller (or the zero address: older Seaports) as every recipient: the other side is then found
   * among the match's other orders (./counterparty.ts), null when they do not tell. Undefined
   * when the order, read for that, is not ours.
   */
  private async counterparty(
    log: Extract<AnyLog, { eventName: 'OrderFulfilled' }>,
  ): Promise<string | null | undefined> {
    const { args } = log
    const matched =
      args.recipient === zeroAddress || this.fills.matched.has(fillKey(log.transactionHash, args.orderHash))
    const offer = amountOf(args.offer, ItemType.ERC20) > 0n
    if (!matched && !offer) return args.recipient
    if (!(await this.isOurOrder(args.orderHash))) return undefined
    if (matched) return matchedCounterparty(args, this.fills.byTransaction.get(log.transactionHash) ?? [])
    const sent = await this.sender(log.transactionHash)
    return sent.to === lower(this.seaport) ? sent.from : args.recipient
  }

  async log(log: AnyLog) {
    const at = async (): Promise<ChainLog> => ({
      txHash: log.transactionHash,
      logIndex: log.logIndex,
      blockNumber: log.blockNumber,
      at: this.times.get(log.blockNumber)!,
    })
    switch (log.eventName) {
      case 'Transfer': {
        const { from, to, tokenId } = log.args
        const nft = await this.nft(log.address, tokenId!)
        if (!nft) return // a token Vitrine does not list (minted elsewhere, no metadata here)
        await applyTransfer(this.db, await at(), {
          nftId: nft.id,
          collectionId: nft.collectionId,
          from: from!,
          to: to!,
        })
        this.touched.add(nft.id)
        return
      }
      case 'ApprovalForAll': {
        if (lower(log.args.operator!) !== lower(this.seaport)) return
        for (const id of await listedBy(this.db, this.chainId, log.address, [log.args.owner!])) this.touched.add(id)
        return
      }
      case 'VoucherRevocation': {
        const nft = await this.nft(log.address, log.args.tokenId)
        if (!nft) return
        await applyVoucherRevocation(this.db, await at(), nft.id, this.now)
        this.touched.add(nft.id)
        return
      }
      case 'VoucherRedeemed': {
        const nft = await this.nft(log.address, log.args.tokenId)
        if (!nft) return
        await applyVoucherRedeemed(
          this.db,
          await at(),
          { nftId: nft.id, collectionId: nft.collectionId, buyer: log.args.buyer, priceWei: log.args.price },
          this.now,
        )
        this.touched.add(nft.id)
        this.sold = true
        return
      }
      case 'OrderFulfilled': {
        const { args } = log
        const recipient = await this.counterparty(log)
        if (recipient === undefined) return // filled elsewhere: applyFill would look it up again to find nothing
        const nftId = await applyFill(
          this.db,
          await at(),
          {
            orderHash: args.orderHash!,
            offerer: args.offerer!,
            recipient,
            erc20Offered: amountOf(args.offer!, ItemType.ERC20),
            editionsOffered: amountOf(args.offer!, ItemType.ERC1155),
            given: givenToken(args.consideration!),
          },
          this.now,
        )
        if (nftId === null) return
        this.touched.add(nftId)
        this.sold = true
        return
      }
      case 'OrderCancelled': {
        for (const nftId of await applyCancel(this.db, await at(), log.args.orderHash!, this.now))
          this.touched.add(nftId)
        return
      }
      case 'OrdersMatched':
        return // read ahead of the fills it names (seaportFills)
      case 'CounterIncremented': {
        const voided = await applyCounter(
          this.db,
          await at(),
          { offerer: log.args.offerer!, newCounter: log.args.newCounter! },
          this.now,
        )
        for (const nftId of voided) this.touched.add(nftId)
        return
      }
    }
  }
}

export { recheckListings }
