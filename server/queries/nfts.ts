/**
 * The NFT list: one query shape for every page (explore, collection, profile, REST).
 * Each sort walks one index on `(scope?, sort key, id)`; pages continue with a keyset
 * cursor, so page 1,000 costs what page 1 costs.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collections, nfts, type Category } from '../../db/schema'
import { decodeCursor, encodeCursor, numericCursorKey } from './cursor'
import { checksum, iso, toPrice } from './serialize'

export const NFT_SORTS = ['price-asc', 'price-desc', 'recently-added', 'ending-soon'] as const
export const NFT_FILTERS = ['verified', 'nsfw', 'lazy-minted'] as const
export const NFT_STATUSES = ['buy-now', 'on-auction', 'has-offers'] as const
export type NftSort = (typeof NFT_SORTS)[number]

export interface NftListQuery {
  sort: NftSort
  filter?: (typeof NFT_FILTERS)[number] | undefined
  status?: (typeof NFT_STATUSES)[number] | undefined
  category?: Category | undefined
  collectionId?: number | undefined
  chainId?: number | undefined
  owner?: string | undefined
  creator?: string | undefined
  minPrice?: number | undefined
  maxPrice?: number | undefined
  ids?: number[] | undefined
  cursor?: string | undefined
  limit: number
  now: Date
}

/** The sort key column and direction of each sort (see the nfts schema for the derived keys). */
function sortKey(sort: NftSort) {
  switch (sort) {
    case 'price-asc':
      return { column: nfts.priceAscKey, descending: false }
    case 'price-desc':
      return { column: nfts.priceDescKey, descending: false }
    case 'recently-added':
      return { column: nfts.addDate, descending: true }
    case 'ending-soon':
      return { column: nfts.auctionEndsAt, descending: false }
  }
}

/** Builds the WHERE and ORDER BY of a page; exported for the query-plan test. */
export function buildNftListQuery(q: NftListQuery) {
  const { column, descending } = sortKey(q.sort)
  const where: (SQL | undefined)[] = []
  if (q.collectionId !== undefined) where.push(eq(nfts.collectionId, q.collectionId))
  if (q.category !== undefined) where.push(eq(nfts.category, q.category))
  if (q.chainId !== undefined) where.push(eq(nfts.chainId, q.chainId))
  if (q.owner !== undefined) where.push(eq(nfts.owner, q.owner))
  if (q.creator !== undefined) where.push(eq(nfts.creator, q.creator))
  if (q.ids !== undefined) where.push(inArray(nfts.id, q.ids))
  if (q.filter === 'verified') where.push(eq(nfts.verified, true))
  if (q.filter === 'nsfw') where.push(eq(nfts.nsfw, true))
  if (q.filter === 'lazy-minted') where.push(eq(nfts.lazyMinted, true))
  // Filters on a column that is not the sort key are written `+column` so SQLite cannot pick
  // their index: it walks the sort index and filters on the way, which with LIMIT reads a few
  // rows more instead of sorting every match (the query-plan test holds this line).
  const auctionIsSortKey = q.sort === 'ending-soon'
  const priceIsSortKey = q.sort === 'price-asc' || q.sort === 'price-desc'
  const now = q.now.getTime()
  if (q.status === 'buy-now') where.push(sql`+${nfts.priceWei} IS NOT NULL AND +${nfts.auctionEndsAt} IS NULL`)
  if (q.status === 'has-offers') where.push(gt(nfts.offerCount, 0))
  if (q.status === 'on-auction' || auctionIsSortKey) {
    where.push(auctionIsSortKey ? gt(nfts.auctionEndsAt, q.now) : sql`+${nfts.auctionEndsAt} > ${now}`)
  }
  if (q.minPrice !== undefined || q.maxPrice !== undefined) {
    where.push(isNotNull(nfts.priceWei))
    if (q.sort === 'price-desc') {
      if (q.maxPrice !== undefined) where.push(gte(nfts.priceDescKey, -q.maxPrice))
      if (q.minPrice !== undefined) where.push(lte(nfts.priceDescKey, -q.minPrice))
    } else {
      const key = priceIsSortKey ? sql`${nfts.priceAscKey}` : sql`+${nfts.priceAscKey}`
      if (q.minPrice !== undefined) where.push(sql`${key} >= ${q.minPrice}`)
      if (q.maxPrice !== undefined) where.push(sql`${key} <= ${q.maxPrice}`)
    }
  }

  const order = `nfts:${q.sort}`
  const after = decodeCursor(q.cursor, order)
  if (after) {
    const key = numericCursorKey(after.key)
    where.push(
      descending
        ? sql`(${column}, ${nfts.id}) < (${key}, ${after.id})`
        : sql`(${column}, ${nfts.id}) > (${key}, ${after.id})`,
    )
  }
  const orderBy = descending ? [desc(column), desc(nfts.id)] : [asc(column), asc(nfts.id)]
  return { where: and(...where), orderBy, order, column }
}

/** What a list row selects: the NFT (its traits included) and its collection's card fields. */
export const nftRowColumns = {
  nft: nfts,
  collection: {
    id: collections.id,
    slug: collections.slug,
    name: collections.name,
    verified: collections.verified,
  },
}

/** The page query, unexecuted: listNfts runs it, the query-plan test explains it. */
export function nftPageQuery(db: Database, q: NftListQuery) {
  const { where, orderBy } = buildNftListQuery(q)
  return db
    .select(nftRowColumns)
    .from(nfts)
    .innerJoin(collections, eq(collections.id, nfts.collectionId))
    .where(where)
    .orderBy(...orderBy)
    .limit(q.limit + 1)
}

export async function listNfts(db: Database, q: NftListQuery) {
  const { order } = buildNftListQuery(q)
  const rows = await nftPageQuery(db, q)
  const page = rows.slice(0, q.limit)
  const last = page.at(-1)
  const nextCursor =
    rows.length > q.limit && last ? encodeCursor(order, sortValue(q.sort, last.nft), last.nft.id) : null
  return { data: page.map(toNftJson), nextCursor }
}

function sortValue(sort: NftSort, row: typeof nfts.$inferSelect): number {
  switch (sort) {
    case 'price-asc':
      return row.priceAscKey
    case 'price-desc':
      return row.priceDescKey
    case 'recently-added':
      return row.addDate.getTime()
    case 'ending-soon':
      return row.auctionEndsAt?.getTime() ?? 0
  }
}

/** A row selected with nftRowColumns. */
export interface NftRow {
  nft: typeof nfts.$inferSelect
  collection: { id: number; slug: string; name: string; verified: boolean }
}

export function toNftJson({ nft, collection }: NftRow) {
  return {
    id: nft.id,
    chainId: nft.chainId,
    contract: checksum(nft.contract),
    tokenId: nft.tokenId,
    name: nft.name,
    description: nft.description,
    image: nft.image,
    animationUrl: nft.animationUrl,
    collection,
    category: nft.category,
    owner: checksum(nft.owner),
    creator: checksum(nft.creator),
    price: toPrice(nft.priceWei, nft.currency),
    bestOffer: toPrice(nft.bestOfferWei, 'WETH'),
    offerCount: nft.offerCount,
    addDate: nft.addDate.toISOString(),
    auctionEndsAt: iso(nft.auctionEndsAt),
    verified: nft.verified,
    nsfw: nft.nsfw,
    lazyMinted: nft.lazyMinted,
    likes: nft.likeCount,
    attributes: nft.attributes,
  }
}

export type NftJson = ReturnType<typeof toNftJson>
