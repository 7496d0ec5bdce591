import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import { formatEther, zeroAddress } from 'viem'
import type { Database } from '../client'
import { collections, NO_CHANGE_TRENDING_KEY, sales } from '../schema'
import { pagesChanged } from './page-changes'
import type { Db } from './transaction'

const DAY = 86_400_000

/** The trending tab's key (see NO_CHANGE_TRENDING_KEY). */
const trendingKey = (change: number | null, volume24hEth: number) => change ?? NO_CHANGE_TRENDING_KEY + volume24hEth

/**
 * A collection's distinct holders, correlated on `collections.id`: an ERC-1155 collection's from
 * its balances (a token has many holders), another's from its tokens' owners. The zero address
 * holds what was burnt, and is no one.
 */
const OWNER_COUNT = sql`(CASE collections.standard
  WHEN 'erc1155' THEN (
    SELECT count(DISTINCT token_balances.owner) FROM token_balances
    JOIN nfts ON nfts.id = token_balances.nft_id WHERE nfts.collection_id = collections.id)
  ELSE (
    SELECT count(DISTINCT owner) FROM nfts
    WHERE nfts.collection_id = collections.id AND nfts.owner <> '0x0000000000000000000000000000000000000000')
  END)`

/** A collection's item, owner and listed counts and its floor, from its NFTs as they are now. */
const COUNTS = sql`
  item_count = (SELECT count(*) FROM nfts WHERE nfts.collection_id = collections.id),
  owner_count = ${OWNER_COUNT},
  listed_count = (SELECT count(*) FROM nfts WHERE nfts.collection_id = collections.id AND nfts.price_wei IS NOT NULL),
  floor_wei = (
    SELECT price_wei FROM nfts
    WHERE nfts.collection_id = collections.id AND nfts.price_wei IS NOT NULL
    ORDER BY price_asc_key, id LIMIT 1
  )`

/**
 * Inside a write's transaction: the counts and floor of the collections whose tokens it minted,
 * moved, listed or sold, so a collection's header is never behind its grid (the volumes wait for
 * `refreshCollectionStats`, which sales call for).
 */
export async function refreshCollectionCounts(
  tx: Db,
  collectionIds: Iterable<number>,
  now = new Date(),
): Promise<void> {
  const ids = [...new Set(collectionIds)]
  if (!ids.length) return
  await tx.run(sql`UPDATE collections SET ${COUNTS} WHERE ${inArray(collections.id, ids)}`)
  await recordFloors(tx, inArray(collections.id, ids), now)
}

const HOUR = 3_600_000

/** `a < b` for two wei texts (decimal, no leading zeros): exact, with no float between them. */
const weiBelow = (a: SQL, b: SQL) => sql`(length(${a}) < length(${b}) OR (length(${a}) = length(${b}) AND ${a} < ${b}))`

/**
 * The floor history (collection_floors): for each collection of `which` whose floor is not the one
 * its history last recorded, one upsert of this hour's row: its floor now, and the lowest floor
 * written in the hour. A collection whose floor did not change writes nothing.
 */
async function recordFloors(tx: Db, which: SQL, now: Date): Promise<void> {
  const hour = Math.floor(now.getTime() / HOUR) * HOUR
  const last = sql`(SELECT f.floor_wei FROM collection_floors f WHERE f.collection_id = collections.id ORDER BY f.hour DESC LIMIT 1)`
  const low = sql.raw('collection_floors.low_wei')
  const incoming = sql.raw('excluded.low_wei')
  await tx.run(sql`
    INSERT INTO collection_floors (collection_id, hour, low_wei, floor_wei)
    SELECT collections.id, ${hour}, collections.floor_wei, collections.floor_wei FROM collections
    WHERE ${which} AND collections.floor_wei IS NOT ${last}
    ON CONFLICT (collection_id, hour) DO UPDATE SET
      floor_wei = excluded.floor_wei,
      low_wei = CASE WHEN ${low} IS NULL OR (${incoming} IS NOT NULL AND ${weiBelow(incoming, low)}) THEN ${incoming} ELSE ${low} END`)
}

/**
 * Recomputes every collection's derived stats from nfts and sales: item, owner and listed
 * counts, floor, and volumes over 24h / the 24h before / 7d / 30d / all time (exact wei,
 * summed as bigint; a maker's fill of their own order is not counted), the 24h change and the
 * trending key. Run after seeding and by the indexer.
 */
export async function refreshCollectionStats(db: Database, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.run(sql`UPDATE collections SET ${COUNTS}`)
    await recordFloors(tx, sql`true`, now)
  })

  type Sums = { d1: bigint; prev: bigint; d7: bigint; d30: bigint; all: bigint; count: number }
  const sums = new Map<number, Sums>()
  const t = now.getTime()
  // A maker who fills their own order (seller and buyer one address) trades with nobody: the
  // sale stays in the record and the feed, but is no volume (it would buy rank for the fees).
  // Nor is a sale whose other party the indexer could not tell (the zero address, see applyFill):
  // it may be such a fill.
  const rows = await db
    .select({ collectionId: sales.collectionId, priceWei: sales.priceWei, soldAt: sales.soldAt })
    .from(sales)
    .where(and(ne(sales.seller, sales.buyer), ne(sales.seller, zeroAddress), ne(sales.buyer, zeroAddress)))
  for (const row of rows) {
    const s = sums.get(row.collectionId) ?? { d1: 0n, prev: 0n, d7: 0n, d30: 0n, all: 0n, count: 0 }
    const wei = BigInt(row.priceWei)
    const age = t - row.soldAt.getTime()
    if (age < 0) continue // a sale "in the future" of this refresh does not count yet
    s.all += wei
    s.count += 1
    if (age < DAY) s.d1 += wei
    else if (age < 2 * DAY) s.prev += wei
    if (age < 7 * DAY) s.d7 += wei
    if (age < 30 * DAY) s.d30 += wei
    sums.set(row.collectionId, s)
  }

  const ids = await db.select({ id: collections.id }).from(collections)
  const eth = (wei: bigint) => Number(formatEther(wei))
  const changed: number[] = []
  await db.transaction(async (tx) => {
    for (const { id } of ids) {
      const s = sums.get(id) ?? { d1: 0n, prev: 0n, d7: 0n, d30: 0n, all: 0n, count: 0 }
      const change = s.prev > 0n ? ((eth(s.d1) - eth(s.prev)) / eth(s.prev)) * 100 : null
      const figures = {
        volume24hWei: s.d1.toString(),
        volumePrev24hWei: s.prev.toString(),
        volume7dWei: s.d7.toString(),
        volume30dWei: s.d30.toString(),
        volumeAllWei: s.all.toString(),
        volume24hSort: eth(s.d1),
        volume7dSort: eth(s.d7),
        volume30dSort: eth(s.d30),
        volumeAllSort: eth(s.all),
        change24h: change === null ? null : Math.round(change * 100) / 100,
        trendingSort: trendingKey(change, eth(s.d1)),
        salesCount: s.count,
      }
      // Only a collection whose figures moved is written, and only its pages are purged.
      const [row] = await tx
        .update(collections)
        .set(figures)
        .where(
          and(
            eq(collections.id, id),
            sql`(${collections.volume24hWei}, ${collections.volumePrev24hWei}, ${collections.volume7dWei}, ${collections.volume30dWei}, ${collections.volumeAllWei}, ${collections.change24h}, ${collections.salesCount}) IS NOT (${figures.volume24hWei}, ${figures.volumePrev24hWei}, ${figures.volume7dWei}, ${figures.volume30dWei}, ${figures.volumeAllWei}, ${figures.change24h}, ${figures.salesCount})`,
          ),
        )
        .returning({ id: collections.id })
      if (row) changed.push(row.id)
    }
  })
  // After the fills that called for it: the rankings and these collections' pages show the new figures.
  if (changed.length) await pagesChanged(db, { collections: changed })
}
