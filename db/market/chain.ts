/**
 * What the chain says happened, applied by the indexer: transfers, fills, cancellations,
 * counter increments and lazy-mint redemptions. Each operation is one transaction and
 * idempotent (rows are keyed by the log's transaction and index, so applying a log twice
 * adds nothing). Every row an operation adds carries its log's key and block (`logColumns`),
 * and every order it settles the block that closed it (`closedBy`): a rewind (./rewind.ts)
 * finds what the blocks it undoes wrote and puts it back.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { activity, criteriaOffers, listings, nfts, offers, OPEN_ORDER_STATUSES as OPEN, sales } from '../schema'
import { criteriaOfferFilled, offersOfChanged } from './criteria-offers'
import { tellOfFill } from './notifications'
import { refreshInTx } from './refresh'
import { refreshCollectionCounts } from './stats'
import type { Db, Tx } from './transaction'

/** The log an operation applies: where it is on chain and the time of its block. */
export interface ChainLog {
  txHash: string
  logIndex: number
  blockNumber: bigint
  /** The block's timestamp: when the sale, transfer or cancellation happened. */
  at: Date
}

const ZERO = '0x0000000000000000000000000000000000000000'

/** The columns that tie a row to the log it came from (a rewind removes the rows of the blocks it undoes). */
export const logColumns = (log: ChainLog) => ({
  txHash: log.txHash,
  logIndex: log.logIndex,
  block: Number(log.blockNumber),
})
/** An order settled by a log: a rewind past its block reopens it. Its fillability is known as of that block. */
const closedBy = (log: ChainLog, status: 'filled' | 'cancelled') => ({
  status,
  closedBlock: Number(log.blockNumber),
  checkedBlock: Number(log.blockNumber),
})

async function collectionOf(tx: Tx, nftId: number): Promise<number> {
  const [nft] = await tx.select({ collectionId: nfts.collectionId }).from(nfts).where(eq(nfts.id, nftId))
  return nft!.collectionId
}

async function cancelLine(tx: Tx, log: ChainLog, nftId: number, maker: string) {
  await tx
    .insert(activity)
    .values({
      type: 'cancel',
      nftId,
      collectionId: await collectionOf(tx, nftId),
      fromAddress: maker,
      ...logColumns(log),
      createdAt: log.at,
    })
    .onConflictDoNothing()
}

/**
 * An ERC-721 Transfer of a token Vitrine lists: its new owner, and a mint or transfer in the
 * feed, unless the transfer is a sale's (a sale shows once, as the sale).
 */
export function applyTransfer(
  db: Db,
  log: ChainLog,
  transfer: { nftId: number; collectionId: number; from: string; to: string },
): Promise<void> {
  return db.transaction(async (tx) => {
    const from = transfer.from.toLowerCase()
    const to = transfer.to.toLowerCase()
    await tx.update(nfts).set({ owner: to }).where(eq(nfts.id, transfer.nftId))
    await refreshCollectionCounts(tx, [transfer.collectionId])
    if (from !== ZERO) {
      const [sale] = await tx
        .select({ id: activity.id })
        .from(activity)
        .where(and(eq(activity.nftId, transfer.nftId), eq(activity.txHash, log.txHash), eq(activity.type, 'sale')))
      if (sale) return
    }
    await tx
      .insert(activity)
      .values({
        type: from === ZERO ? 'mint' : 'transfer',
        nftId: transfer.nftId,
        collectionId: transfer.collectionId,
        fromAddress: from === ZERO ? null : from,
        toAddress: to,
        ...logColumns(log),
        createdAt: log.at,
      })
      .onConflictDoNothing()
  })
}

/**
 * Seaport's OrderFulfilled, with the amounts the indexer summed from its items. Only the offer
 * side is the order's own: a filler may append consideration items of their choosing ("tips",
 * ETH or tokens to themselves), so the sale's price and the part filled come from the offer side
 * and the stored order, never from what the consideration carried.
 */
export interface Fill {
  orderHash: string
  offerer: string
  /**
   * Who filled it: the listing's buyer or the offer's seller. Null (or the zero address) when the
   * indexer could not tell.
   */
  recipient: string | null
  /** ERC-20 offered (an offer's price, in WETH, for the part filled). */
  erc20Offered: bigint
  /** ERC-1155 tokens the listing gave (a part of a listing of several, or all of it). */
  editionsOffered?: bigint
  /**
   * The token the order's first consideration item received, as Seaport resolved it: which token
   * a holder gave for a collection or trait offer.
   */
  given?: { contract: string; tokenId: bigint }
}

/**
 * One of our orders filled on chain: the order `filled`, the sale, the sale in the feed (in place
 * of the transfer of the same transaction) and the NFT's market columns. Returns the NFT, or
 * null when the order is not ours.
 */
export function applyFill(db: Db, log: ChainLog, fill: Fill, now = new Date()): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [listing] = await tx.select().from(listings).where(eq(listings.orderHash, fill.orderHash))
    const [offer] = listing ? [] : await tx.select().from(offers).where(eq(offers.orderHash, fill.orderHash))
    // A collection or trait offer: the sale is of the token the holder gave.
    const criteria = listing || offer ? undefined : await criteriaOfferFilled(tx, fill)
    const order = listing ?? offer ?? criteria
    if (!order) return null // filled elsewhere; the Transfer log still moves the token
    const table = listing ? listings : offer ? offers : criteriaOffers
    if (criteria) await offersOfChanged(tx, [criteria.collectionId])
    const collectionId = await collectionOf(tx, order.nftId)
    const quantity = BigInt(order.quantity)
    const unitPrice = BigInt(order.priceWei)
    // The tokens this fill moved, read from the offer side: the tokens a listing gave, or the
    // WETH an offer paid at its price per token. A part of an order for several, else all of it.
    const given = listing ? fill.editionsOffered : unitPrice > 0n ? fill.erc20Offered / unitPrice : 0n
    const part = quantity > 1n ? given || quantity : quantity
    if (quantity > 1n) {
      // A part of an ERC-1155 order for several: it stays open until all of it is filled. Counted once per log.
      const [seen] = await tx
        .select({ id: sales.id })
        .from(sales)
        .where(and(eq(sales.txHash, log.txHash), eq(sales.logIndex, log.logIndex)))
      if (seen) return order.nftId
      const filled = BigInt(order.filledQuantity) + part
      const settled = {
        filledQuantity: (filled < quantity ? filled : quantity).toString(),
        ...(filled >= quantity ? closedBy(log, 'filled') : {}),
      }
      await settle(tx, table, order.id, settled)
    } else await settle(tx, table, order.id, closedBy(log, 'filled'))
    // A listing is paid in ETH by the filler, its signed price for the part; an offer in WETH by its maker to whoever filled it.
    const price = listing ? unitPrice * part : fill.erc20Offered
    const maker = fill.offerer.toLowerCase()
    const named = fill.recipient?.toLowerCase()
    const counterparty = named && named !== ZERO ? named : null
    const seller = listing ? maker : counterparty
    const buyer = listing ? counterparty : maker
    const currency = listing ? 'ETH' : 'WETH'
    const sale = { nftId: order.nftId, collectionId, priceWei: price.toString(), currency, ...logColumns(log) }
    // An unknown party is no address in the feed, and the zero address in `sales` (its parties are
    // required): the stats count no sale with a zero party, so a fill whose buyer cannot be told
    // from its seller (a maker filling their own listing through matchOrders moves no token) adds
    // no volume, as a maker's fill of their own order does not.
    await tx
      .insert(sales)
      .values({
        ...sale,
        seller: seller ?? ZERO,
        buyer: buyer ?? ZERO,
        quantity: part.toString(),
        orderHash: fill.orderHash,
        priceSort: Number(price) / 1e18,
        soldAt: log.at,
      })
      .onConflictDoNothing()
    await tx
      .insert(activity)
      .values({ ...sale, type: 'sale', fromAddress: seller, toAddress: buyer, createdAt: log.at })
      .onConflictDoNothing()
    await tx
      .delete(activity)
      .where(and(eq(activity.nftId, order.nftId), eq(activity.txHash, log.txHash), eq(activity.type, 'transfer')))
    await tellOfFill(
      tx,
      {
        side: listing ? 'listing' : 'offer',
        nftId: order.nftId,
        collectionId,
        maker,
        counterparty,
        priceWei: price,
        currency,
        orderHash: fill.orderHash,
        event: `${fill.orderHash}:${log.txHash}`,
      },
      now,
    )
    await refreshInTx(tx, [order.nftId], now)
    return order.nftId
  })
}

type OrderTable = typeof listings | typeof offers | typeof criteriaOffers
type Settled = Partial<{
  filledQuantity: string
  status: 'filled' | 'cancelled'
  closedBlock: number
  checkedBlock: number
}>
/** One update over any of the three order tables (they share the columns a fill sets). */
const settle = (tx: Tx, table: OrderTable, id: number, settled: Settled) =>
  tx
    .update(table as typeof offers)
    .set(settled)
    .where(eq((table as typeof offers).id, id))

/** Seaport's OrderCancelled: the order `cancelled`, in the feed. Returns the NFTs it was on. */
export function applyCancel(db: Db, log: ChainLog, orderHash: string, now = new Date()): Promise<number[]> {
  return db.transaction(async (tx) => {
    const touched: number[] = []
    for (const table of [listings, offers]) {
      const rows = await tx
        .update(table)
        .set({ ...closedBy(log, 'cancelled'), unfillable: 'cancelled' })
        .where(eq(table.orderHash, orderHash))
        .returning({ nftId: table.nftId, maker: table.maker })
      for (const row of rows) {
        await cancelLine(tx, log, row.nftId, row.maker)
        touched.push(row.nftId)
      }
    }
    const criteria = await tx
      .update(criteriaOffers)
      .set({ ...closedBy(log, 'cancelled'), unfillable: 'cancelled' })
      .where(eq(criteriaOffers.orderHash, orderHash))
      .returning({ collectionId: criteriaOffers.collectionId })
    await offersOfChanged(
      tx,
      criteria.map((row) => row.collectionId),
    )
    await refreshInTx(tx, touched, now)
    return touched
  })
}

/** Seaport's CounterIncremented: every open order the offerer signed with an older counter is void. */
export function applyCounter(
  db: Db,
  log: ChainLog,
  counter: { offerer: string; newCounter: bigint },
  now = new Date(),
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const touched: number[] = []
    const offerer = counter.offerer.toLowerCase()
    const criteria = await tx
      .select({ id: criteriaOffers.id, collectionId: criteriaOffers.collectionId, counter: criteriaOffers.counter })
      .from(criteriaOffers)
      .where(and(eq(criteriaOffers.maker, offerer), inArray(criteriaOffers.status, OPEN)))
    const voidedCriteria = criteria.filter((o) => o.counter !== null && BigInt(o.counter) < counter.newCounter)
    if (voidedCriteria.length) {
      await tx
        .update(criteriaOffers)
        .set({ ...closedBy(log, 'cancelled'), unfillable: 'counter_bumped' })
        .where(
          inArray(
            criteriaOffers.id,
            voidedCriteria.map((o) => o.id),
          ),
        )
      await offersOfChanged(
        tx,
        voidedCriteria.map((o) => o.collectionId),
      )
    }
    for (const table of [listings, offers]) {
      const open = await tx
        .select({ id: table.id, nftId: table.nftId, counter: table.counter })
        .from(table)
        .where(and(eq(table.maker, offerer), inArray(table.status, OPEN)))
      const voided = open.filter((o) => o.counter !== null && BigInt(o.counter) < counter.newCounter)
      if (!voided.length) continue
      await tx
        .update(table)
        .set({ ...closedBy(log, 'cancelled'), unfillable: 'counter_bumped' })
        .where(
          inArray(
            table.id,
            voided.map((o) => o.id),
          ),
        )
      touched.push(...voided.map((o) => o.nftId))
    }
    await refreshInTx(tx, touched, now)
    return touched
  })
}

/** The collection's VoucherRevocation: the token's open voucher `cancelled`, in the feed. */
export function applyVoucherRevocation(db: Db, log: ChainLog, nftId: number, now = new Date()): Promise<void> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(listings)
      .set(closedBy(log, 'cancelled'))
      .where(and(eq(listings.nftId, nftId), eq(listings.kind, 'voucher'), inArray(listings.status, OPEN)))
      .returning({ maker: listings.maker })
    for (const row of rows) await cancelLine(tx, log, nftId, row.maker)
    await refreshInTx(tx, [nftId], now)
  })
}

/**
 * A lazy mint bought (the collection's VoucherRedeemed): the voucher `filled`, the token no
 * longer lazy, the sale and the sale in the feed (the Transfer log mints the token).
 */
export function applyVoucherRedeemed(
  db: Db,
  log: ChainLog,
  redemption: { nftId: number; collectionId: number; buyer: string; priceWei: bigint },
  now = new Date(),
): Promise<void> {
  return db.transaction(async (tx) => {
    const { nftId } = redemption
    const [voucher] = await tx
      .update(listings)
      .set(closedBy(log, 'filled'))
      .where(and(eq(listings.nftId, nftId), eq(listings.kind, 'voucher')))
      .returning({ maker: listings.maker })
    await tx.update(nfts).set({ lazyMinted: false }).where(eq(nfts.id, nftId))
    const seller = voucher?.maker ?? ZERO
    const buyer = redemption.buyer.toLowerCase()
    const sale = {
      nftId,
      collectionId: redemption.collectionId,
      priceWei: redemption.priceWei.toString(),
      currency: 'ETH',
      ...logColumns(log),
    }
    await tx
      .insert(sales)
      .values({ ...sale, seller, buyer, priceSort: Number(redemption.priceWei) / 1e18, soldAt: log.at })
      .onConflictDoNothing()
    await tx
      .insert(activity)
      .values({ ...sale, type: 'sale', fromAddress: seller, toAddress: buyer, createdAt: log.at })
      .onConflictDoNothing()
    if (voucher) {
      const { collectionId, priceWei } = redemption
      const facts = { nftId, collectionId, maker: voucher.maker, counterparty: buyer, priceWei, currency: 'ETH' }
      await tellOfFill(tx, { ...facts, side: 'listing', orderHash: null, event: `voucher:${nftId}` }, now)
    }
    await refreshInTx(tx, [nftId], now)
  })
}
