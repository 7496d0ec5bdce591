/**
 * Keeps an NFT's denormalised market columns (best listing price and its sort keys, auction
 * end, offer count, best offer; its traits' copy of the price key) equal to its live listings and offers.
 */
import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm'
import { formatEther } from 'viem'
import { criteriaOffers, listings, nftAttributes, nfts, offers, priceSortKeys } from '../schema'
import { expireCriteriaOffers, offersOfChanged } from './criteria-offers'
import { refreshCollectionCounts } from './stats'
import { chunks, type Db, type Tx } from './transaction'

const minWei = (values: string[]) =>
  values.reduce<bigint | null>((min, v) => (min === null || BigInt(v) < min ? BigInt(v) : min), null)
const maxWei = (values: string[]) =>
  values.reduce<bigint | null>((max, v) => (max === null || BigInt(v) > max ? BigInt(v) : max), null)

/** `table`.`column`, qualified: Drizzle leaves a column unqualified in a one-table select. */
const qualified = (table: typeof nfts | typeof listings | typeof offers, column: { name: string }) =>
  sql`${table}.${sql.identifier(column.name)}`

/** Whether an NFT row has any order, or a market column that its orders set. */
const marketState = sql<number>`(${nfts.priceWei} is not null or ${nfts.bestOfferWei} is not null
  or ${nfts.auctionEndsAt} is not null or ${nfts.offerCount} <> 0
  or exists (select 1 from ${listings} where ${qualified(listings, listings.nftId)} = ${qualified(nfts, nfts.id)})
  or exists (select 1 from ${offers} where ${qualified(offers, offers.nftId)} = ${qualified(nfts, nfts.id)}))`

/** Inside an operation's transaction: the market columns of `nftIds`, and their collections' counts and floor. */
export async function refreshInTx(tx: Tx, nftIds: Iterable<number>, now: Date): Promise<void> {
  const collectionIds = new Set<number>()
  const ordered: number[] = []
  const flagged = new Set<number>()
  // Only a token with an order, or market columns to clear, can change here: the thousands of
  // tokens an import's range brings in at once cost one read a few hundred, not four each.
  for (const part of chunks([...new Set(nftIds)])) {
    const rows = await tx
      .select({ id: nfts.id, collectionId: nfts.collectionId, ordered: marketState, flaggedBy: nfts.flaggedBy })
      .from(nfts)
      .where(inArray(nfts.id, part))
    for (const row of rows) {
      collectionIds.add(row.collectionId)
      if (row.ordered) ordered.push(row.id)
      if (row.flaggedBy !== null) flagged.add(row.id)
    }
  }
  for (const nftId of ordered) {
    // A token flagged stolen cannot be bought or sold here: no price, no offer, out of the floor.
    const live = flagged.has(nftId)
      ? []
      : await tx
          .select({ kind: listings.kind, priceWei: listings.priceWei, endsAt: listings.endsAt })
          .from(listings)
          .where(and(eq(listings.nftId, nftId), eq(listings.status, 'active'), gt(listings.endsAt, now)))
    const bids = flagged.has(nftId)
      ? []
      : await tx
          .select({ priceWei: offers.priceWei })
          .from(offers)
          .where(and(eq(offers.nftId, nftId), eq(offers.status, 'active'), gt(offers.endsAt, now)))
    // A lazy mint's voucher is bought at its price like a fixed-price listing.
    const fixed = minWei(live.filter((l) => l.kind !== 'auction').map((l) => l.priceWei))
    const auction = live.find((l) => l.kind === 'auction')
    const price = fixed ?? (auction ? BigInt(auction.priceWei) : null)
    const bestOffer = maxWei(bids.map((b) => b.priceWei))
    const keys = priceSortKeys(price === null ? null : Number(formatEther(price)))
    const updated = await tx
      .update(nfts)
      .set({
        priceWei: price?.toString() ?? null,
        currency: price === null ? null : 'ETH',
        ...keys,
        auctionEndsAt: auction?.endsAt ?? null,
        offerCount: bids.length,
        bestOfferWei: bestOffer?.toString() ?? null,
      })
      .where(eq(nfts.id, nftId))
      .returning({ collectionId: nfts.collectionId })
    for (const row of updated) collectionIds.add(row.collectionId)
    // The token's traits carry its price key: each value's floor is the first of its index range.
    await tx
      .update(nftAttributes)
      .set({ priceKey: keys.priceAscKey })
      .where(and(eq(nftAttributes.nftId, nftId), ne(nftAttributes.priceKey, keys.priceAscKey)))
  }
  await refreshCollectionCounts(tx, collectionIds, now)
}

/** Recomputes the market columns of `nftIds` from their live orders (one transaction); returns how many. */
export async function refreshNftMarket(db: Db, nftIds: Iterable<number>, now = new Date()): Promise<number> {
  const ids = [...new Set(nftIds)]
  if (ids.length) await db.transaction((tx) => refreshInTx(tx, ids, now))
  return ids.length
}

/**
 * Orders whose end time has passed become `expired`, and their NFTs' market columns follow (one
 * transaction); returns the NFTs they were on.
 */
export async function expireOrders(db: Db, now = new Date()): Promise<number[]> {
  // Every round asks: one read when nothing ended, no write.
  const [ask] = await db.all<{ due: number }>(
    sql`select exists ${db.select({ id: listings.id }).from(listings).where(ended(listings, now))} or exists ${db
      .select({ id: offers.id })
      .from(offers)
      .where(ended(offers, now))} or exists ${db
      .select({ id: criteriaOffers.id })
      .from(criteriaOffers)
      .where(ended(criteriaOffers, now))} as due`,
  )
  if (!ask?.due) return []
  return db.transaction(async (tx) => {
    const touched: number[] = []
    for (const table of [listings, offers]) {
      const rows = await expiring(tx, table, now)
      touched.push(...rows.map((r) => r.nftId))
    }
    // Collection and trait offers are on no token: the pages showing their collection's best ones.
    await offersOfChanged(tx, await expireCriteriaOffers(tx, now))
    await refreshInTx(tx, touched, now)
    return touched
  })
}

/** Marks the open orders of `table` that ended before `now` expired (by the table's open-orders index). */
export const expiring = (db: Db, table: typeof listings | typeof offers, now: Date) =>
  db.update(table).set({ status: 'expired' }).where(ended(table, now)).returning({ nftId: table.nftId })

const ended = (table: typeof listings | typeof offers | typeof criteriaOffers, now: Date) =>
  and(inArray(table.status, ['active', 'inactive']), lt(table.endsAt, now))
