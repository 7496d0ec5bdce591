/**
 * The NFT list: one query shape for every page (explore, collection, profile, REST).
 * Each sort walks one index on `(scope?, sort key, id)`; pages continue with a keyset
 * cursor, so page 1,000 costs what page 1 costs.
 */
import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collections, nftAttributes, nfts, UNRANKED, type Category } from '../../db/schema'
import { afterCursor, cursorKey, encodeCursor, keysetValues, splitPage } from './cursor'
import { collectionCardColumns } from './collections'
import { filledStatement, inJsonList, placeholder, preparedShape } from './prepared'
import { rowReader } from './rows'
import { checksum, creatorOrNull, iso, isoTime, toPrice } from './serialize'
import type { TraitRange } from '../inputs/traits'
import { NFT_SORTS, type NFT_FILTERS, type NFT_STATUSES, type NftSort } from '../inputs/nfts'

export interface NftListQuery {
  sort: NftSort
  filter?: (typeof NFT_FILTERS)[number] | undefined
  status?: (typeof NFT_STATUSES)[number] | undefined
  category?: Category | undefined
  collectionId?: number | undefined
  /**
   * The collection by its slug (lowercase), looked up inside the list's own statement: a page of
   * a collection named by its URL needs no round trip of its own first.
   */
  collectionSlug?: string | undefined
  chainId?: number | undefined
  owner?: string | undefined
  creator?: string | undefined
  minPrice?: number | undefined
  maxPrice?: number | undefined
  /** An FTS5 expression the item's name must match (see search.ts's toExactExpression). */
  nameMatch?: string | undefined
  /** Trait values, by type (values of a type any-of, types all-of); only with a collection scope. */
  traits?: { type: string; values: string[] }[] | undefined
  /** Numeric traits' ranges (all-of); only with a collection scope. */
  ranges?: TraitRange[] | undefined
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
    case 'rarest':
      return { column: nfts.rarityRank, descending: false }
  }
}

/**
 * What a page query's SQL depends on. Values (ids of scopes, prices, the name search, the
 * cursor, the time, the limit) are placeholders, so every page of one shape runs one prepared
 * statement.
 */
interface PageShape {
  sort: NftSort
  filter: NftListQuery['filter']
  status: NftListQuery['status']
  scopes: ('collectionId' | 'category' | 'chainId' | 'owner' | 'creator')[]
  collectionSlug: boolean
  nameMatch: boolean
  /** How many trait types it asks for (each type's values travel as one JSON list). */
  traits: number
  /** Which bounds each numeric range has. */
  ranges: { min: boolean; max: boolean }[]
  /** Bounds on the price key column (ETH, negated for price-desc). */
  low: boolean
  high: boolean
  after: boolean
}

const SCOPES = ['collectionId', 'category', 'chainId', 'owner', 'creator'] as const

function pageShape(q: NftListQuery): PageShape {
  const bounds = priceKeyBounds(q)
  return {
    sort: q.sort,
    filter: q.filter,
    status: q.status,
    scopes: SCOPES.filter((scope) => q[scope] !== undefined),
    collectionSlug: q.collectionSlug !== undefined,
    nameMatch: q.nameMatch !== undefined,
    traits: (q.traits ?? []).length,
    ranges: (q.ranges ?? []).map((r) => ({ min: r.min !== undefined, max: r.max !== undefined })),
    low: bounds.low !== undefined,
    high: bounds.high !== undefined,
    after: q.cursor !== undefined && q.cursor !== '',
  }
}

/** The price range as bounds on the sort key column: price-desc keys are negated prices. */
function priceKeyBounds(q: NftListQuery): { low?: number | undefined; high?: number | undefined } {
  if (q.sort !== 'price-desc') return { low: q.minPrice, high: q.maxPrice }
  return {
    low: q.maxPrice === undefined ? undefined : -q.maxPrice,
    high: q.minPrice === undefined ? undefined : -q.minPrice,
  }
}

/** The values bound to a page's placeholders; a bad cursor is refused here (400). */
function pageValues(q: NftListQuery): Record<string, unknown> {
  const { low, high } = priceKeyBounds(q)
  return {
    collectionId: q.collectionId,
    collectionSlug: q.collectionSlug,
    category: q.category,
    chainId: q.chainId,
    owner: q.owner,
    creator: q.creator,
    nameMatch: q.nameMatch,
    ...Object.fromEntries(
      (q.traits ?? []).flatMap((t, i) => [
        [`trait${i}`, t.type],
        [`trait${i}_values`, JSON.stringify(t.values)],
      ]),
    ),
    ...Object.fromEntries(
      (q.ranges ?? []).flatMap((r, i) => [
        [`range${i}`, r.type],
        [`range${i}_min`, r.min],
        [`range${i}_max`, r.max],
      ]),
    ),
    now: q.now.getTime(),
    low,
    high,
    ...keysetValues(q.cursor, `nfts:${q.sort}`, q.limit),
  }
}

/** The WHERE and ORDER BY of a page of one shape. */
function buildNftListQuery(shape: PageShape) {
  const { column, descending } = sortKey(shape.sort)
  const where: (SQL | undefined)[] = []
  for (const scope of shape.scopes) where.push(eq(nfts[scope], placeholder(scope)))
  // Uncorrelated: SQLite reads the id once, by the slug's index, then walks the collection's.
  const collectionId = shape.collectionSlug
    ? sql`(SELECT ${collections.id} FROM ${collections} WHERE ${collections.slug} = ${placeholder('collectionSlug')})`
    : placeholder('collectionId')
  if (shape.collectionSlug) where.push(eq(nfts.collectionId, collectionId))
  // Each trait type (and range) is the set of its tokens, read from one range of a trait index;
  // SQLite reads the smallest set first and checks the others by rowid.
  for (let i = 0; i < shape.traits; i++) {
    const values = inJsonList(nftAttributes.value, placeholder(`trait${i}_values`))
    where.push(
      sql`${nfts.id} IN (SELECT ${nftAttributes.nftId} FROM ${nftAttributes} WHERE ${nftAttributes.collectionId} = ${collectionId} AND ${nftAttributes.traitType} = ${placeholder(`trait${i}`)} AND ${values})`,
    )
  }
  shape.ranges.forEach(({ min, max }, i) => {
    const bounds = [
      min ? sql` AND ${nftAttributes.number} >= ${placeholder(`range${i}_min`)}` : sql``,
      max ? sql` AND ${nftAttributes.number} <= ${placeholder(`range${i}_max`)}` : sql``,
    ]
    where.push(
      sql`${nfts.id} IN (SELECT ${nftAttributes.nftId} FROM ${nftAttributes} WHERE ${nftAttributes.collectionId} = ${collectionId} AND ${nftAttributes.traitType} = ${placeholder(`range${i}`)} AND ${nftAttributes.number} IS NOT NULL${bounds[0]}${bounds[1]})`,
    )
  })
  // Every item whose name matches, however many: SQLite reads the matches from the search
  // index and sorts them (no sort index can serve a text match), so a word found in tens of
  // thousands of names costs milliseconds per page, and the pages stay complete.
  if (shape.nameMatch) {
    where.push(sql`${nfts.id} IN (SELECT rowid FROM search_nfts WHERE search_nfts MATCH ${placeholder('nameMatch')})`)
  }
  if (shape.filter === 'verified') where.push(eq(nfts.verified, true))
  // Literal `= 1`: the partial indexes of these flags (db/schema/nfts.ts) apply only then.
  if (shape.filter === 'nsfw') where.push(sql`${nfts.nsfw} = 1`)
  // Hidden until the visitor asks for them (`filter=nsfw`); `+` keeps the sort index leading.
  else where.push(sql`+${nfts.nsfw} = 0`)
  if (shape.filter === 'lazy-minted') where.push(sql`${nfts.lazyMinted} = 1`)
  // Hidden by a decision: out of every list. A spam collection's own page still lists its items
  // (behind its warning): there only the items hidden themselves are left out. `+` as for nsfw.
  const ofOneCollection = shape.scopes.includes('collectionId') || shape.collectionSlug
  where.push(ofOneCollection ? sql`+${nfts.hiddenBy} IS NULL` : sql`+${nfts.hidden} = 0`)
  // Filters on a column that is not the sort key are written `+column` so SQLite cannot pick
  // their index: it walks the sort index and filters on the way, which with LIMIT reads a few
  // rows more instead of sorting every match (the query-plan test holds this line).
  const auctionIsSortKey = shape.sort === 'ending-soon'
  const priceIsSortKey = shape.sort === 'price-asc' || shape.sort === 'price-desc'
  const now = placeholder('now')
  if (shape.status === 'buy-now') where.push(sql`+${nfts.priceWei} IS NOT NULL AND +${nfts.auctionEndsAt} IS NULL`)
  if (shape.status === 'has-offers') {
    // Literal `> 0` for its partial indexes, unless a rarer flag's partial index should lead.
    const rarerFlag = shape.filter === 'nsfw' || shape.filter === 'lazy-minted'
    where.push(rarerFlag ? sql`+${nfts.offerCount} > 0` : sql`${nfts.offerCount} > 0`)
  }
  if (shape.status === 'on-auction' || auctionIsSortKey) {
    where.push(auctionIsSortKey ? sql`${nfts.auctionEndsAt} > ${now}` : sql`+${nfts.auctionEndsAt} > ${now}`)
  }
  if (shape.low || shape.high) {
    where.push(isNotNull(nfts.priceWei))
    const key =
      shape.sort === 'price-desc'
        ? sql`${nfts.priceDescKey}`
        : priceIsSortKey
          ? sql`${nfts.priceAscKey}`
          : sql`+${nfts.priceAscKey}`
    if (shape.low) where.push(sql`${key} >= ${placeholder('low')}`)
    if (shape.high) where.push(sql`${key} <= ${placeholder('high')}`)
  }
  if (shape.after) {
    const after = afterCursor()
    where.push(descending ? sql`(${column}, ${nfts.id}) < ${after}` : sql`(${column}, ${nfts.id}) > ${after}`)
  }
  const orderBy = descending ? [desc(column), desc(nfts.id)] : [asc(column), asc(nfts.id)]
  return { where: and(...where), orderBy }
}

/** What an NFT in JSON shows (toNftJson), its traits included, and its collection's card fields. */
export const nftRowColumns = {
  nft: {
    id: nfts.id,
    chainId: nfts.chainId,
    contract: nfts.contract,
    tokenId: nfts.tokenId,
    name: nfts.name,
    description: nfts.description,
    image: nfts.image,
    animationUrl: nfts.animationUrl,
    category: nfts.category,
    owner: nfts.owner,
    creator: nfts.creator,
    priceWei: nfts.priceWei,
    currency: nfts.currency,
    bestOfferWei: nfts.bestOfferWei,
    offerCount: nfts.offerCount,
    addDate: nfts.addDate,
    auctionEndsAt: nfts.auctionEndsAt,
    verified: nfts.verified,
    nsfw: nfts.nsfw,
    lazyMinted: nfts.lazyMinted,
    likeCount: nfts.likeCount,
    attributes: nfts.attributes,
  },
  collection: collectionCardColumns,
  rarity: { rank: nfts.rarityRank, score: nfts.rarityScore, of: collections.rarityRanked },
}

/** Rows of nftRowColumns, read as JSON (rows.ts). */
export const nftRows = rowReader(nftRowColumns)

/** A row selected with nftRowColumns. */
export type NftRow = ReturnType<typeof nftRows.map>

/** A list page's rows: nftRowColumns and the sort key the next page's cursor continues from. */
const pageReader = (sort: NftSort) => rowReader({ ...nftRowColumns, key: sortKey(sort).column })
const pageRows = Object.fromEntries(NFT_SORTS.map((sort) => [sort, pageReader(sort)])) as Record<
  NftSort,
  ReturnType<typeof pageReader>
>

function pageQuery(db: Database, shape: PageShape) {
  const { where, orderBy } = buildNftListQuery(shape)
  return db
    .select(pageRows[shape.sort].select)
    .from(nfts)
    .innerJoin(collections, eq(collections.id, nfts.collectionId))
    .where(where)
    .orderBy(...orderBy)
    .limit(placeholder('limit'))
}

/** A page's SQL and bound values, for the query-plan test's EXPLAIN. */
export function nftPageStatement(db: Database, q: NftListQuery): { sql: string; params: unknown[] } {
  return filledStatement(pageQuery(db, pageShape(q)), pageValues(q))
}

export async function listNfts(db: Database, q: NftListQuery) {
  const query = preparedShape(db, 'nfts', pageShape(q), (shape) => pageQuery(db, shape))
  const rows = (await query.values(pageValues(q))).map(pageRows[q.sort].map)
  const { page, last } = splitPage(rows, q.limit)
  return {
    data: page.map(toNftJson),
    nextCursor: last ? encodeCursor(`nfts:${q.sort}`, cursorKey(last.key), last.nft.id) : null,
  }
}

export function toNftJson({ nft, collection, rarity }: NftRow) {
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
    creator: creatorOrNull(nft.creator),
    price: toPrice(nft.priceWei, nft.currency),
    bestOffer: toPrice(nft.bestOfferWei, 'WETH'),
    offerCount: nft.offerCount,
    addDate: isoTime(nft.addDate),
    auctionEndsAt: iso(nft.auctionEndsAt),
    verified: nft.verified,
    nsfw: nft.nsfw,
    lazyMinted: nft.lazyMinted,
    likes: nft.likeCount,
    attributes: nft.attributes,
    rarity: rarity.rank === UNRANKED ? null : { rank: rarity.rank, score: rarity.score!, of: rarity.of },
  }
}

export type NftJson = ReturnType<typeof toNftJson>
