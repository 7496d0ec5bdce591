/**
 * The indexer: reads a chain's logs from the stored cursor up to `confirmations` blocks below
 * the head, and turns them into rows. Transfer moves owners (and adds mint / transfer
 * activity); Seaport's OrderFulfilled, OrderCancelled and CounterIncremented settle our
 * orders (sales, activity); Transfer and ApprovalForAll decide whether a listing can still be
 * filled. Blocks deeper than `confirmations` do not reorganise, so only they are read; and
 * every write is keyed by (transaction, log index), so reading a range again changes nothing.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { erc721Abi, parseAbiItem, type Address, type PublicClient } from 'viem'
import type { Database } from '../../db/client'
import { expireOrders, refreshNftMarket } from '../../db/market'
import { activity, chainCursors, collections, listings, nfts, offers, sales } from '../../db/schema'
import { refreshCollectionStats } from '../../db/stats'
import { ItemType } from '../seaport'

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
}

export interface IndexerOptions {
  db: Database
  client: PublicClient
  chainId: number
  seaport: Address
  /** Blocks below the head that are final enough to index (0 on the local chain). */
  confirmations: number
  /** At most this many blocks per run (RPCs cap log ranges). */
  maxBlocks?: number
  /** Where a chain without a cursor starts: block 0 locally, the current head on public chains. */
  startAtHead?: boolean
  now?: Date
}

export interface IndexerRun {
  from: bigint
  to: bigint
  logs: number
}

const ZERO = '0x0000000000000000000000000000000000000000'
const lower = (a: string) => a.toLowerCase()

/** Indexes the next confirmed range; returns null when there is nothing new. */
export async function indexChain(options: IndexerOptions): Promise<IndexerRun | null> {
  const {
    db,
    client,
    chainId,
    seaport,
    confirmations,
    maxBlocks = 2_000,
    startAtHead = false,
    now = new Date(),
  } = options
  const head = await client.getBlockNumber({ cacheTime: 0 })
  const safe = head - BigInt(confirmations)
  const [cursor] = await db.select().from(chainCursors).where(eq(chainCursors.chainId, chainId))
  const from = cursor ? BigInt(cursor.block) + 1n : startAtHead ? (safe > 0n ? safe : 0n) : 0n
  if (safe < from) {
    await settleExpired(db, now)
    return null
  }
  const to = safe - from + 1n > BigInt(maxBlocks) ? from + BigInt(maxBlocks) - 1n : safe

  const contracts = (
    await db.select({ contract: collections.contract }).from(collections).where(eq(collections.chainId, chainId))
  ).map((c) => c.contract as Address)
  const logs = await fetchLogs(client, contracts, seaport, from, to)

  const apply = new LogApplier(db, client, chainId, seaport)
  for (const log of logs) await apply.log(log)
  await apply.recheckListings()
  const expired = await expireOrders(db, now)
  await refreshNftMarket(db, [...apply.touched, ...expired], now)
  if (apply.sold) await refreshCollectionStats(db, now)
  await db
    .insert(chainCursors)
    .values({ chainId, block: Number(to), updatedAt: now })
    .onConflictDoUpdate({ target: chainCursors.chainId, set: { block: Number(to), updatedAt: now } })
  return { from, to, logs: logs.length }
}

async function settleExpired(db: Database, now: Date) {
  const expired = await expireOrders(db, now)
  if (expired.length) await refreshNftMarket(db, expired, now)
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
    contracts.length
      ? client.getLogs({
          address: contracts,
          events: [EVENTS.transfer, EVENTS.approvalForAll, EVENTS.voucherRedeemed, EVENTS.voucherRevocation],
          fromBlock,
          toBlock,
          strict: true,
        })
      : [],
    client.getLogs({
      address: seaport,
      events: [EVENTS.orderFulfilled, EVENTS.orderCancelled, EVENTS.counterIncremented],
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

class LogApplier {
  readonly touched = new Set<number>()
  sold = false
  private readonly times = new Map<bigint, Date>()

  constructor(
    private readonly db: Database,
    private readonly client: PublicClient,
    private readonly chainId: number,
    private readonly seaport: Address,
  ) {}

  private async blockTime(block: bigint): Promise<Date> {
    let time = this.times.get(block)
    if (!time) {
      time = new Date(Number((await this.client.getBlock({ blockNumber: block })).timestamp) * 1000)
      this.times.set(block, time)
    }
    return time
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

  async log(log: AnyLog) {
    const key = { txHash: log.transactionHash, logIndex: log.logIndex }
    switch (log.eventName) {
      case 'Transfer': {
        const { from, to, tokenId } = log.args
        const nft = await this.nft(log.address, tokenId!)
        if (!nft) return // a token Vitrine does not list (minted elsewhere, no metadata here)
        await this.db
          .update(nfts)
          .set({ owner: lower(to!) })
          .where(eq(nfts.id, nft.id))
        this.touched.add(nft.id)
        // A sale's transfer shows once in the feed, as the sale (a lazy mint shows its mint too).
        if (from !== ZERO && (await this.saleInTransaction(nft.id, log.transactionHash))) return
        await this.db
          .insert(activity)
          .values({
            type: from === ZERO ? 'mint' : 'transfer',
            nftId: nft.id,
            collectionId: nft.collectionId,
            fromAddress: from === ZERO ? null : lower(from!),
            toAddress: lower(to!),
            ...key,
            createdAt: await this.blockTime(log.blockNumber),
          })
          .onConflictDoNothing()
        return
      }
      case 'ApprovalForAll': {
        if (lower(log.args.operator!) !== lower(this.seaport)) return
        const rows = await this.db
          .select({ id: nfts.id })
          .from(nfts)
          .innerJoin(listings, eq(listings.nftId, nfts.id))
          .where(
            and(
              eq(nfts.chainId, this.chainId),
              eq(nfts.contract, lower(log.address)),
              eq(listings.maker, lower(log.args.owner!)),
            ),
          )
        for (const row of rows) this.touched.add(row.id)
        return
      }
      case 'VoucherRevocation': {
        const nft = await this.nft(log.address, log.args.tokenId)
        if (!nft) return
        const rows = await this.db
          .update(listings)
          .set({ status: 'cancelled' })
          .where(
            and(
              eq(listings.nftId, nft.id),
              eq(listings.kind, 'voucher'),
              inArray(listings.status, ['active', 'inactive']),
            ),
          )
          .returning({ maker: listings.maker })
        for (const row of rows) await this.cancelActivity(nft.id, row.maker, key, log.blockNumber)
        return
      }
      case 'VoucherRedeemed':
        return this.redeemed(log.address, log.args, key, log.blockNumber)
      case 'OrderFulfilled':
        return this.fulfilled(log.args, key, log.blockNumber)
      case 'OrderCancelled': {
        for (const table of [listings, offers]) {
          const rows = await this.db
            .update(table)
            .set({ status: 'cancelled' })
            .where(eq(table.orderHash, log.args.orderHash!))
            .returning({ nftId: table.nftId, maker: table.maker })
          for (const row of rows) await this.cancelActivity(row.nftId, row.maker, key, log.blockNumber)
        }
        return
      }
      case 'CounterIncremented': {
        // Every order signed with an older counter is void.
        const offerer = lower(log.args.offerer!)
        for (const table of [listings, offers]) {
          const open = await this.db
            .select({ id: table.id, nftId: table.nftId, counter: table.counter })
            .from(table)
            .where(and(eq(table.maker, offerer), inArray(table.status, ['active', 'inactive'])))
          const voided = open.filter((o) => o.counter !== null && BigInt(o.counter) < log.args.newCounter!)
          if (!voided.length) continue
          await this.db
            .update(table)
            .set({ status: 'cancelled' })
            .where(
              inArray(
                table.id,
                voided.map((o) => o.id),
              ),
            )
          for (const o of voided) this.touched.add(o.nftId)
        }
        return
      }
    }
  }

  private async saleInTransaction(nftId: number, txHash: string): Promise<boolean> {
    const [sale] = await this.db
      .select({ id: activity.id })
      .from(activity)
      .where(and(eq(activity.nftId, nftId), eq(activity.txHash, txHash), eq(activity.type, 'sale')))
    return Boolean(sale)
  }

  private async cancelActivity(nftId: number, maker: string, key: { txHash: string; logIndex: number }, block: bigint) {
    const nft = await this.db.select({ collectionId: nfts.collectionId }).from(nfts).where(eq(nfts.id, nftId))
    await this.db
      .insert(activity)
      .values({
        type: 'cancel',
        nftId,
        collectionId: nft[0]!.collectionId,
        fromAddress: maker,
        ...key,
        createdAt: await this.blockTime(block),
      })
      .onConflictDoNothing()
    this.touched.add(nftId)
  }

  private async fulfilled(
    args: Extract<AnyLog, { eventName: 'OrderFulfilled' }>['args'],
    key: { txHash: string; logIndex: number },
    block: bigint,
  ) {
    const hash = args.orderHash!
    const [listing] = await this.db.select().from(listings).where(eq(listings.orderHash, hash))
    const [offer] = listing ? [] : await this.db.select().from(offers).where(eq(offers.orderHash, hash))
    const order = listing ?? offer
    if (!order) return // filled elsewhere; the Transfer log still moves the token
    const [nft] = await this.db.select({ collectionId: nfts.collectionId }).from(nfts).where(eq(nfts.id, order.nftId))
    const table = listing ? listings : offers
    await this.db.update(table).set({ status: 'filled' }).where(eq(table.id, order.id))
    // A listing is paid in ETH by the recipient; an offer in WETH by its maker to whoever filled it.
    const price = listing
      ? args.consideration!.filter((c) => c.itemType === ItemType.NATIVE).reduce((sum, c) => sum + c.amount, 0n)
      : args.offer!.filter((o) => o.itemType === ItemType.ERC20).reduce((sum, o) => sum + o.amount, 0n)
    const seller = listing ? lower(args.offerer!) : lower(args.recipient!)
    const buyer = listing ? lower(args.recipient!) : lower(args.offerer!)
    const currency = listing ? 'ETH' : 'WETH'
    const soldAt = await this.blockTime(block)
    await this.db
      .insert(sales)
      .values({
        nftId: order.nftId,
        collectionId: nft!.collectionId,
        seller,
        buyer,
        priceWei: price.toString(),
        priceSort: Number(price) / 1e18,
        currency,
        ...key,
        soldAt,
      })
      .onConflictDoNothing()
    await this.db
      .insert(activity)
      .values({
        type: 'sale',
        nftId: order.nftId,
        collectionId: nft!.collectionId,
        fromAddress: seller,
        toAddress: buyer,
        priceWei: price.toString(),
        currency,
        ...key,
        createdAt: soldAt,
      })
      .onConflictDoNothing()
    await this.db
      .delete(activity)
      .where(and(eq(activity.nftId, order.nftId), eq(activity.txHash, key.txHash), eq(activity.type, 'transfer')))
    this.touched.add(order.nftId)
    this.sold = true
  }

  /** A lazy mint bought: the voucher's listing is filled and the sale recorded (the Transfer log mints). */
  private async redeemed(
    contract: string,
    args: Extract<AnyLog, { eventName: 'VoucherRedeemed' }>['args'],
    key: { txHash: string; logIndex: number },
    block: bigint,
  ) {
    const nft = await this.nft(contract, args.tokenId)
    if (!nft) return
    const [voucher] = await this.db
      .update(listings)
      .set({ status: 'filled' })
      .where(and(eq(listings.nftId, nft.id), eq(listings.kind, 'voucher')))
      .returning({ maker: listings.maker })
    await this.db.update(nfts).set({ lazyMinted: false }).where(eq(nfts.id, nft.id))
    const seller = voucher?.maker ?? ZERO
    const buyer = lower(args.buyer)
    const soldAt = await this.blockTime(block)
    const sale = {
      nftId: nft.id,
      collectionId: nft.collectionId,
      priceWei: args.price.toString(),
      currency: 'ETH',
      ...key,
    }
    await this.db
      .insert(sales)
      .values({ ...sale, seller, buyer, priceSort: Number(args.price) / 1e18, soldAt })
      .onConflictDoNothing()
    await this.db
      .insert(activity)
      .values({ ...sale, type: 'sale', fromAddress: seller, toAddress: buyer, createdAt: soldAt })
      .onConflictDoNothing()
    this.touched.add(nft.id)
    this.sold = true
  }

  /**
   * A listing is fillable while its maker owns the token and Seaport may move it: otherwise
   * `inactive` (and `active` again when both hold once more, as the signed order then works).
   */
  async recheckListings() {
    if (!this.touched.size) return
    const open = await this.db
      .select({
        id: listings.id,
        maker: listings.maker,
        status: listings.status,
        owner: nfts.owner,
        contract: nfts.contract,
      })
      .from(listings)
      .innerJoin(nfts, eq(nfts.id, listings.nftId))
      .where(
        and(
          inArray(listings.nftId, [...this.touched]),
          inArray(listings.status, ['active', 'inactive']),
          eq(listings.kind, 'fixed'),
        ),
      )
    for (const listing of open) {
      const approved =
        listing.owner === listing.maker &&
        (await this.client.readContract({
          address: listing.contract as Address,
          abi: erc721Abi,
          functionName: 'isApprovedForAll',
          args: [listing.maker as Address, this.seaport],
        }))
      const status = approved ? 'active' : 'inactive'
      if (status !== listing.status) await this.db.update(listings).set({ status }).where(eq(listings.id, listing.id))
    }
  }
}
