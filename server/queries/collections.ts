import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collections, type Category } from '../../db/schema'
import { afterCursor, cursorKey, encodeCursor, keysetValues, splitPage } from './cursor'
import { filledStatement, placeholder, prepared, preparedShape } from './prepared'
import { rowReader } from './rows'
import { checksum, creatorOrNull, isoTime, toPrice } from './serialize'

export const COLLECTION_TABS = ['trending', 'top', 'recent'] as const
export const RANKING_PERIODS = ['24h', '7d', '30d', 'all'] as const
export type CollectionTab = (typeof COLLECTION_TABS)[number]
export type RankingPeriod = (typeof RANKING_PERIODS)[number]

/**
 * Each ordering is "highest first" on one indexed column of a collection row, ties broken by
 * id (also descending); recent orders by createdAt (a Date, the others are numbers).
 */
const ORDER_KEYS = {
  trending: 'trendingSort',
  top: 'volumeAllSort',
  recent: 'createdAt',
  '24h': 'volume24hSort',
  '7d': 'volume7dSort',
  '30d': 'volume30dSort',
  all: 'volumeAllSort',
} as const
type Ordering = keyof typeof ORDER_KEYS
/** What a card of a collection shows where it is not the subject (an item, an event). */
export const collectionCardColumns = {
  id: collections.id,
  slug: collections.slug,
  name: collections.name,
  verified: collections.verified,
  lookalikeOf: collections.lookalikeOf,
}

/** What a collection in JSON shows (toCollectionJson). */
export const collectionJsonColumns = {
  id: collections.id,
  slug: collections.slug,
  chainId: collections.chainId,
  contract: collections.contract,
  name: collections.name,
  description: collections.description,
  logoUrl: collections.logoUrl,
  bannerUrl: collections.bannerUrl,
  category: collections.category,
  creator: collections.creator,
  verified: collections.verified,
  creatorFeeBps: collections.creatorFeeBps,
  createdAt: collections.createdAt,
  floorWei: collections.floorWei,
  volume24hWei: collections.volume24hWei,
  volume7dWei: collections.volume7dWei,
  volume30dWei: collections.volume30dWei,
  volumeAllWei: collections.volumeAllWei,
  change24h: collections.change24h,
  ownerCount: collections.ownerCount,
  itemCount: collections.itemCount,
  listedCount: collections.listedCount,
  salesCount: collections.salesCount,
  standard: collections.standard,
  source: collections.source,
  lookalikeOf: collections.lookalikeOf,
  indexStatus: collections.indexStatus,
  deployBlock: collections.deployBlock,
  indexedBlock: collections.indexedBlock,
  headBlock: collections.headBlock,
  indexError: collections.indexError,
  indexRetryAt: collections.indexRetryAt,
  // Read for its own page's answer (./hidden.ts), never written out.
  hiddenBy: collections.hiddenBy,
  spamBy: collections.spamBy,
}
/** Rows of collectionJsonColumns, read as JSON (rows.ts). */
export const collectionRows = rowReader({ row: collectionJsonColumns })
type CollectionRow = ReturnType<typeof collectionRows.map>['row']

/** A page's rows: collectionJsonColumns and the key the next page's cursor continues from. */
const pageReader = (order: Ordering) => rowReader({ row: collectionJsonColumns, key: collections[ORDER_KEYS[order]] })
const pageRows = Object.fromEntries(
  (Object.keys(ORDER_KEYS) as Ordering[]).map((order) => [order, pageReader(order)]),
) as Record<Ordering, ReturnType<typeof pageReader>>

export interface CollectionListQuery {
  order: Ordering
  category?: Category | undefined
  chainId?: number | undefined
  cursor?: string | undefined
  limit: number
}

/** What a page's SQL depends on; the values are placeholders (see prepared.ts). */
function pageShape(q: CollectionListQuery) {
  return {
    order: q.order,
    category: q.category !== undefined,
    chain: q.chainId !== undefined,
    after: q.cursor !== undefined && q.cursor !== '',
  }
}

function pageValues(q: CollectionListQuery): Record<string, unknown> {
  return { category: q.category, chainId: q.chainId, ...keysetValues(q.cursor, `collections:${q.order}`, q.limit) }
}

function pageQuery(db: Database, shape: ReturnType<typeof pageShape>) {
  const column = collections[ORDER_KEYS[shape.order]]
  // Hidden or marked spam: out of browse (explore, rankings, home). `+`: the order's index leads.
  const where: (SQL | undefined)[] = [sql`+${collections.hiddenBy} IS NULL AND +${collections.spamBy} IS NULL`]
  if (shape.category) where.push(eq(collections.category, placeholder('category')))
  if (shape.chain) where.push(eq(collections.chainId, placeholder('chainId')))
  if (shape.after) {
    where.push(sql`(${column}, ${collections.id}) < ${afterCursor()}`)
  }
  return db
    .select(pageRows[shape.order].select)
    .from(collections)
    .where(and(...where))
    .orderBy(desc(column), desc(collections.id))
    .limit(placeholder('limit'))
}

/** A page's SQL and bound values, for the query-plan test's EXPLAIN. */
export function collectionPageStatement(db: Database, q: CollectionListQuery) {
  return filledStatement(pageQuery(db, pageShape(q)), pageValues(q))
}

export async function listCollections(db: Database, q: CollectionListQuery) {
  const query = preparedShape(db, 'collections', pageShape(q), (shape) => pageQuery(db, shape))
  const { page, last } = splitPage((await query.values(pageValues(q))).map(pageRows[q.order].map), q.limit)
  return {
    data: page.map((r) => toCollectionJson(r.row)),
    nextCursor: last ? encodeCursor(`collections:${q.order}`, cursorKey(last.key), last.row.id) : null,
  }
}

/** How a collection is named in a URL: its numeric id, or its slug in any case. */
function collectionKey(idOrSlug: string) {
  const byId = /^\d+$/.test(idOrSlug)
  return {
    name: byId ? 'id' : 'slug',
    /** The WHERE, built once with the prepared query that uses it. */
    where: () => eq(byId ? collections.id : collections.slug, placeholder('key')),
    values: { key: byId ? Number(idOrSlug) : idOrSlug.toLowerCase() },
  }
}

/** A collection by numeric id or by slug (any case). */
export async function findCollection(db: Database, idOrSlug: string) {
  const { name, where, values } = collectionKey(idOrSlug)
  const query = prepared(db, `collection:${name}`, () =>
    db.select(collectionRows.select).from(collections).where(where()).limit(1).prepare(),
  )
  const [raw] = await query.values(values)
  return raw && collectionRows.map(raw).row
}

/** The id of a collection by numeric id or by slug (any case): what a list scoped to it needs. */
export async function findCollectionId(db: Database, idOrSlug: string): Promise<number | undefined> {
  const { name, where, values } = collectionKey(idOrSlug)
  const query = prepared(db, `collection-id:${name}`, () =>
    db.select({ id: collections.id }).from(collections).where(where()).limit(1).prepare(),
  )
  const [raw] = await query.values(values)
  return raw?.[0] as number | undefined
}

/** A collection's id and the decisions hiding or marking it, by numeric id or by slug (any case). */
export async function findCollectionMarks(
  db: Database,
  idOrSlug: string,
): Promise<{ id: number; hiddenBy: number | null; spamBy: number | null } | undefined> {
  const { name, where, values } = collectionKey(idOrSlug)
  const query = prepared(db, `collection-marks:${name}`, () =>
    db
      .select({ id: collections.id, hiddenBy: collections.hiddenBy, spamBy: collections.spamBy })
      .from(collections)
      .where(where())
      .limit(1)
      .prepare(),
  )
  const [raw] = await query.values(values)
  return raw && { id: raw[0] as number, hiddenBy: raw[1] as number | null, spamBy: raw[2] as number | null }
}

/** The collections of one chain, oldest first, as a client building orders names them. */
export async function listChainCollections(db: Database, chainId: number) {
  const rows = await db
    .select({ slug: collections.slug, name: collections.name, contract: collections.contract })
    .from(collections)
    .where(eq(collections.chainId, chainId))
    .orderBy(asc(collections.id))
  return rows.map((c) => ({ ...c, contract: checksum(c.contract) }))
}

export function toCollectionJson(c: CollectionRow) {
  return {
    id: c.id,
    slug: c.slug,
    chainId: c.chainId,
    contract: checksum(c.contract),
    name: c.name,
    description: c.description,
    logo: c.logoUrl,
    banner: c.bannerUrl,
    category: c.category,
    creator: creatorOrNull(c.creator),
    verified: c.verified,
    creatorEarningsBps: c.creatorFeeBps,
    createdAt: isoTime(c.createdAt),
    stats: {
      floor: toPrice(c.floorWei, 'ETH'),
      volume24h: toPrice(c.volume24hWei, 'ETH'),
      volume7d: toPrice(c.volume7dWei, 'ETH'),
      volume30d: toPrice(c.volume30dWei, 'ETH'),
      volumeAll: toPrice(c.volumeAllWei, 'ETH'),
      change24h: c.change24h,
      owners: c.ownerCount,
      items: c.itemCount,
      listed: c.listedCount,
      listedPercent: c.itemCount === 0 ? 0 : Math.round((c.listedCount / c.itemCount) * 10_000) / 100,
      sales: c.salesCount,
    },
    standard: c.standard,
    imported: c.source === 'imported',
    lookalikeOf: c.lookalikeOf,
    // Only imported collections are backfilled; the main indexer follows Vitrine's own.
    indexing: c.indexStatus && {
      status: c.indexStatus,
      fromBlock: c.deployBlock,
      indexedBlock: c.indexedBlock,
      headBlock: c.headBlock,
      tokens: c.itemCount,
      error: c.indexError,
      retryAt: c.indexRetryAt && isoTime(c.indexRetryAt),
    },
  }
}

export type CollectionJson = ReturnType<typeof toCollectionJson>

/** Rankings: collections by sales volume over a period (from the stats refreshed from real sales). */
export async function listRankings(
  db: Database,
  q: {
    period: RankingPeriod
    category?: Category | undefined
    chainId?: number | undefined
    cursor?: string | undefined
    limit: number
  },
) {
  const [keyset, rankText] = q.cursor ? q.cursor.split('.') : []
  const offset = rankText !== undefined && /^\d{1,9}$/.test(rankText) ? Number(rankText) : 0
  const page = await listCollections(db, {
    order: q.period,
    category: q.category,
    chainId: q.chainId,
    cursor: keyset,
    limit: q.limit,
  })
  const volumeKey = ({ '24h': 'volume24h', '7d': 'volume7d', '30d': 'volume30d', all: 'volumeAll' } as const)[q.period]
  return {
    data: page.data.map((collection, i) => ({
      rank: offset + i + 1,
      collection,
      volume: collection.stats[volumeKey],
      change24h: collection.stats.change24h,
      floor: collection.stats.floor,
      owners: collection.stats.owners,
      items: collection.stats.items,
    })),
    // Ranking cursors carry the rank reached so far after a dot: "<keyset cursor>.<rank>".
    nextCursor: page.nextCursor ? `${page.nextCursor}.${offset + page.data.length}` : null,
  }
}
