import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collections, type Category } from '../../db/schema'
import { decodeCursor, encodeCursor, numericCursorKey } from './cursor'
import { checksum, toPrice } from './serialize'

export const COLLECTION_TABS = ['trending', 'top', 'recent'] as const
export const RANKING_PERIODS = ['24h', '7d', '30d', 'all'] as const
export type CollectionTab = (typeof COLLECTION_TABS)[number]
export type RankingPeriod = (typeof RANKING_PERIODS)[number]

/** Each ordering is "highest first" on one indexed column, ties broken by id (also descending). */
const ORDER_COLUMNS = {
  trending: collections.trendingSort,
  top: collections.volumeAllSort,
  recent: collections.createdAt,
  '24h': collections.volume24hSort,
  '7d': collections.volume7dSort,
  '30d': collections.volume30dSort,
  all: collections.volumeAllSort,
} as const
type Ordering = keyof typeof ORDER_COLUMNS

export interface CollectionListQuery {
  order: Ordering
  category?: Category | undefined
  chainId?: number | undefined
  cursor?: string | undefined
  limit: number
}

export function buildCollectionListQuery(q: CollectionListQuery) {
  const column = ORDER_COLUMNS[q.order]
  const where: (SQL | undefined)[] = []
  if (q.category !== undefined) where.push(eq(collections.category, q.category))
  if (q.chainId !== undefined) where.push(eq(collections.chainId, q.chainId))
  const order = `collections:${q.order}`
  const after = decodeCursor(q.cursor, order)
  if (after) where.push(sql`(${column}, ${collections.id}) < (${numericCursorKey(after.key)}, ${after.id})`)
  return { where: and(...where), orderBy: [desc(column), desc(collections.id)], order, column }
}

/** The page query, unexecuted (see nftPageQuery). */
export function collectionPageQuery(db: Database, q: CollectionListQuery) {
  const { where, orderBy, column } = buildCollectionListQuery(q)
  return db
    .select({ row: collections, key: sql<number>`${column}` })
    .from(collections)
    .where(where)
    .orderBy(...orderBy)
    .limit(q.limit + 1)
}

export async function listCollections(db: Database, q: CollectionListQuery) {
  const { order } = buildCollectionListQuery(q)
  const rows = await collectionPageQuery(db, q)
  const page = rows.slice(0, q.limit)
  const last = page.at(-1)
  const keyOf = (r: (typeof rows)[number]) => (q.order === 'recent' ? r.row.createdAt.getTime() : Number(r.key))
  return {
    data: page.map((r) => toCollectionJson(r.row)),
    nextCursor: rows.length > q.limit && last ? encodeCursor(order, keyOf(last), last.row.id) : null,
  }
}

export async function findCollection(db: Database, idOrSlug: string) {
  const condition = /^\d+$/.test(idOrSlug)
    ? eq(collections.id, Number(idOrSlug))
    : eq(collections.slug, idOrSlug.toLowerCase())
  const [row] = await db.select().from(collections).where(condition).limit(1)
  return row
}

export function toCollectionJson(c: typeof collections.$inferSelect) {
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
    creator: checksum(c.creator),
    verified: c.verified,
    creatorEarningsBps: c.creatorFeeBps,
    createdAt: c.createdAt.toISOString(),
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
