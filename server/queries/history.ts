/**
 * A collection's market over time, for its charts and GET /collections/{idOrSlug}/history: per
 * bucket (UTC day or hour) its floor, its volume and how many sales, oldest first; its latest
 * sales as points; and how its tokens are spread over holders. Each read is one statement (the
 * collection found by id or slug inside it), so a page's reads stay one round trip.
 *
 * Money stays exact: a bucket's volume is summed in SQL as two integer halves of each price (wei
 * above and below 10^9), joined as a bigint; a floor is the least wei text, compared as text
 * right-aligned to one width (equal to comparing the numbers).
 */
import { sql, type SQL } from 'drizzle-orm'
import { formatEther, zeroAddress } from 'viem'
import type { Database } from '../../db/client'
import { collectionFloors, collections, nfts, sales, tokenBalances } from '../../db/schema'
import { HISTORY_MAX_DAYS, type HistoryInterval, type HistoryRange } from '../inputs/history'
import { isoTime, toPrice, type Price } from './serialize'

const HOUR = 3_600_000
const DAY = 86_400_000
const SIZE: Record<HistoryInterval, number> = { day: DAY, hour: HOUR }
const RANGE_DAYS: Record<HistoryRange, number> = { '7d': 7, '30d': 30, all: HISTORY_MAX_DAYS }
/** Wide enough for any uint256 in decimal (78 digits). */
const WEI_WIDTH = 80

/** The collection by id or slug, as a statement's first CTE `c` (empty when there is none). */
function collectionCte(idOrSlug: string): SQL {
  return /^\d+$/.test(idOrSlug)
    ? sql`c AS (SELECT ${collections.id} AS id FROM ${collections} WHERE ${collections.id} = ${Number(idOrSlug)})`
    : sql`c AS (SELECT ${collections.id} AS id FROM ${collections} WHERE ${collections.slug} = ${idOrSlug.toLowerCase()})`
}

/** The buckets a history covers: [from, to) in whole buckets, the current (partial) one last. */
export function historyWindow(interval: HistoryInterval, range: HistoryRange, now: Date) {
  const size = SIZE[interval]
  const last = Math.floor(now.getTime() / size)
  const count = (RANGE_DAYS[range] * DAY) / size
  return { size, first: last - count + 1, last, from: (last - count + 1) * size, to: (last + 1) * size }
}

/**
 * Rows of kind `c` (the collection exists), `p` (the floor before the window), `f` (a bucket's
 * lowest floor and the floor at its end, from collection_floors), `s` (a bucket's sales).
 */
export function historyStatement(
  db: Database,
  q: { idOrSlug: string; interval: HistoryInterval; range: HistoryRange },
  now: Date,
) {
  const { size, from, to } = historyWindow(q.interval, q.range, now)
  const per = sql.raw(String(size))
  const id = sql`(SELECT id FROM c)`
  const f = collectionFloors
  const paddedLow = sql`CASE WHEN ${f.lowWei} IS NOT NULL THEN printf('%${sql.raw(String(WEI_WIDTH))}s', ${f.lowWei}) END`
  // A maker filling their own order trades with nobody: no volume (as refreshCollectionStats).
  return db.all<{
    kind: 'c' | 'p' | 'f' | 's'
    bucket: number | null
    low: string | null
    close: string | null
    n: number | null
    hi: string | null
    lo: string | null
  }>(sql`
    WITH ${collectionCte(q.idOrSlug)}
    SELECT 'c' AS kind, NULL AS bucket, NULL AS low, NULL AS close, NULL AS n, NULL AS hi, NULL AS lo FROM c
    UNION ALL
    SELECT 'p', NULL, NULL, (
      SELECT ${f.floorWei} FROM ${f} WHERE ${f.collectionId} = ${id} AND ${f.hour} < ${from}
      ORDER BY ${f.hour} DESC LIMIT 1), NULL, NULL, NULL
    UNION ALL
    SELECT 'f', g.bucket, ltrim(g.low), ends.floor_wei, NULL, NULL, NULL FROM (
      SELECT ${f.hour} / ${per} AS bucket, min(${paddedLow}) AS low, max(${f.hour}) AS last FROM ${f}
      WHERE ${f.collectionId} = ${id} AND ${f.hour} >= ${from} AND ${f.hour} < ${to} GROUP BY 1
    ) g JOIN ${f} ends ON ends.collection_id = ${id} AND ends.hour = g.last
    UNION ALL
    SELECT 's', ${sales.soldAt} / ${per}, NULL, NULL, count(*),
      CAST(sum(CAST(substr(${sales.priceWei}, 1, max(length(${sales.priceWei}) - 9, 0)) AS INTEGER)) AS TEXT),
      CAST(sum(CAST(substr(${sales.priceWei}, -9) AS INTEGER)) AS TEXT)
    FROM ${sales}
    WHERE ${sales.collectionId} = ${id} AND ${sales.soldAt} >= ${from} AND ${sales.soldAt} < ${to}
      AND ${sales.seller} <> ${sales.buyer} AND ${sales.seller} <> ${zeroAddress} AND ${sales.buyer} <> ${zeroAddress}
    GROUP BY 2`)
}

const lessWei = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : BigInt(a) <= BigInt(b) ? a : b

export interface HistoryBucket {
  start: string
  floor: Price | null
  volume: { wei: string; eth: string }
  sales: number
}

/**
 * The history, or undefined when the collection does not exist. `all` starts at the first bucket
 * with a sale or a known floor (at most HISTORY_MAX_DAYS back); a bucket with no change of floor
 * carries the floor before it.
 */
export async function collectionHistory(
  db: Database,
  q: { idOrSlug: string; interval: HistoryInterval; range: HistoryRange },
  now = new Date(),
) {
  const rows = await historyStatement(db, q, now)
  if (!rows.some((r) => r.kind === 'c')) return undefined
  const { size, first, last } = historyWindow(q.interval, q.range, now)
  const floors = new Map<number, { low: string | null; close: string | null }>()
  const sold = new Map<number, { n: number; wei: bigint }>()
  let carry: string | null = null
  for (const r of rows) {
    if (r.kind === 'p') carry = r.close
    else if (r.kind === 'f') floors.set(Number(r.bucket), { low: r.low, close: r.close })
    else if (r.kind === 's')
      sold.set(Number(r.bucket), { n: Number(r.n), wei: BigInt(r.hi ?? '0') * 1_000_000_000n + BigInt(r.lo ?? '0') })
  }
  let start = first
  if (q.range === 'all' && carry === null) {
    const known = [...floors.keys(), ...sold.keys()]
    start = known.length ? Math.min(...known) : last
  }
  const buckets: HistoryBucket[] = []
  for (let b = start; b <= last; b++) {
    const change = floors.get(b)
    const floor = change ? lessWei(carry, change.low) : carry
    if (change) carry = change.close
    const s = sold.get(b)
    const wei = s?.wei ?? 0n
    buckets.push({
      start: isoTime(new Date(b * size)),
      floor: toPrice(floor, 'ETH'),
      volume: { wei: wei.toString(), eth: formatEther(wei) },
      sales: s?.n ?? 0,
    })
  }
  return { interval: q.interval, range: q.range, buckets }
}

export type CollectionHistory = NonNullable<Awaited<ReturnType<typeof collectionHistory>>>

/** Sales shown as points of the scatter, newest first. */
export const SALE_POINTS_MAX = 500
/** Holders grouped by how many tokens each holds (the last band is open). */
export const HOLDER_BANDS = [
  { min: 1, max: 1 },
  { min: 2, max: 3 },
  { min: 4, max: 10 },
  { min: 11, max: 25 },
  { min: 26, max: null },
] as const

/** The latest sales of the range as points (sales_collection_idx, newest first, capped). */
export function salePointsStatement(db: Database, q: { idOrSlug: string; range: HistoryRange }, now: Date) {
  const { from } = historyWindow('day', q.range, now)
  return db.all<{ at: number; wei: string }>(sql`
    WITH ${collectionCte(q.idOrSlug)}
    SELECT ${sales.soldAt} AS at, ${sales.priceWei} AS wei FROM ${sales}
    WHERE ${sales.collectionId} = (SELECT id FROM c) AND ${sales.soldAt} >= ${from}
    ORDER BY ${sales.soldAt} DESC LIMIT ${SALE_POINTS_MAX}`)
}

/**
 * How many holders hold how many of the collection's tokens (an ERC-1155's by balances), by band,
 * and the tokens held by the ten largest holders. The zero address holds what was burnt: no one.
 */
export function holdersStatement(db: Database, idOrSlug: string) {
  const id = sql`(SELECT id FROM c)`
  const band = sql.join(
    HOLDER_BANDS.map((b, i) =>
      b.max === null
        ? sql`ELSE ${sql.raw(String(i))}`
        : sql`WHEN n <= ${sql.raw(String(b.max))} THEN ${sql.raw(String(i))}`,
    ),
    sql` `,
  )
  return db.all<{ band: number; holders: number; tokens: number }>(sql`
    WITH ${collectionCte(idOrSlug)},
    held AS (
      SELECT ${nfts.owner} AS owner, count(*) AS n FROM ${nfts}
      WHERE ${nfts.collectionId} = ${id} AND ${nfts.owner} <> ${zeroAddress}
        AND (SELECT ${collections.standard} FROM ${collections} WHERE ${collections.id} = ${id}) <> 'erc1155'
      GROUP BY 1
      UNION ALL
      SELECT ${tokenBalances.owner}, sum(CAST(${tokenBalances.quantity} AS INTEGER)) FROM ${tokenBalances}
      JOIN ${nfts} ON ${nfts.id} = ${tokenBalances.nftId}
      WHERE ${nfts.collectionId} = ${id} AND ${tokenBalances.owner} <> ${zeroAddress}
        AND (SELECT ${collections.standard} FROM ${collections} WHERE ${collections.id} = ${id}) = 'erc1155'
      GROUP BY 1
    )
    SELECT CASE ${band} END AS band, count(*) AS holders, sum(n) AS tokens FROM held GROUP BY 1
    UNION ALL
    SELECT -1, count(*), coalesce(sum(n), 0) FROM (SELECT n FROM held ORDER BY n DESC LIMIT 10)`)
}

/** The scatter's points and the holders' spread of a collection (undefined rows: no such collection). */
export async function collectionCharts(db: Database, q: { idOrSlug: string; range: HistoryRange }, now = new Date()) {
  const [points, spread] = await Promise.all([salePointsStatement(db, q, now), holdersStatement(db, q.idOrSlug)])
  const bands = HOLDER_BANDS.map((b, i) => {
    const row = spread.find((r) => r.band === i)
    return { min: b.min, max: b.max, holders: row?.holders ?? 0, tokens: row?.tokens ?? 0 }
  })
  const held = bands.reduce((sum, b) => sum + b.tokens, 0)
  const top = spread.find((r) => r.band === -1)?.tokens ?? 0
  return {
    sales: points.map((p) => ({ at: isoTime(new Date(p.at)), price: toPrice(p.wei, 'ETH')! })),
    holders: {
      bands,
      holders: bands.reduce((sum, b) => sum + b.holders, 0),
      tokens: held,
      /** Percent of the held tokens the ten largest holders hold (two decimals). */
      top10Percent: held === 0 ? 0 : Math.round((top / held) * 10_000) / 100,
    },
  }
}

/** A token's sales shown on its page, the latest first (sales_nft_idx). */
export const TOKEN_SALES_MAX = 200

export function tokenSalesStatement(db: Database, nftId: number) {
  return db.all<{ at: number; wei: string; quantity: string }>(sql`
    SELECT ${sales.soldAt} AS at, ${sales.priceWei} AS wei, ${sales.quantity} AS quantity FROM ${sales}
    WHERE ${sales.nftId} = ${nftId} ORDER BY ${sales.soldAt} DESC LIMIT ${TOKEN_SALES_MAX}`)
}

/** A token's sales, oldest first (at most TOKEN_SALES_MAX, the latest). */
export async function tokenSales(db: Database, nftId: number) {
  const rows = await tokenSalesStatement(db, nftId)
  return rows
    .reverse()
    .map((r) => ({ at: isoTime(new Date(r.at)), price: toPrice(r.wei, 'ETH')!, quantity: r.quantity }))
}
