import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collections, favorites, nfts, tokenBalances, users } from '../../db/schema'
import { afterCursor, encodeCursor, keysetValues, splitPage } from './cursor'
import { filledStatement, placeholder, preparedShape } from './prepared'
import { rowReader } from './rows'
import { listNfts, nftRowColumns, toNftJson, type NftJson } from './nfts'
import { checksum, isoTime } from './serialize'

export const USER_NFT_FILTERS = ['owned', 'created', 'on-sale', 'favorited'] as const
export type UserNftFilter = (typeof USER_NFT_FILTERS)[number]

export async function findUser(db: Database, address: string) {
  const [row] = await db.select().from(users).where(eq(users.address, address)).limit(1)
  return row
}

/** Only http(s) links leave the server, whatever an older row holds (no javascript: or data: href). */
function webLinks<T extends object>(links: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(links).filter(([, url]) => typeof url === 'string' && /^https?:\/\//i.test(url)),
  ) as Partial<T>
}

export function toUserJson(u: typeof users.$inferSelect) {
  return {
    address: checksum(u.address),
    username: u.username,
    bio: u.bio,
    avatar: u.avatarUrl,
    banner: u.bannerUrl,
    links: webLinks(u.links),
    createdAt: isoTime(u.createdAt),
    updatedAt: isoTime(u.updatedAt),
  }
}

/** The NFTs on a profile tab: owned, created, on sale (owned and listed) or favorited. */
export async function listUserNfts(
  db: Database,
  q: { filter: UserNftFilter; address: string; cursor?: string | undefined; limit: number; now: Date },
) {
  switch (q.filter) {
    case 'owned':
      return listOwned(db, q)
    case 'created':
      return listNfts(db, { sort: 'recently-added', creator: q.address, cursor: q.cursor, limit: q.limit, now: q.now })
    case 'on-sale':
      // Listed items come first in price order; the walk stops at the first unlisted one.
      return listNfts(db, {
        sort: 'price-asc',
        owner: q.address,
        minPrice: 0,
        cursor: q.cursor,
        limit: q.limit,
        now: q.now,
      })
    case 'favorited':
      return listFavorites(db, q)
  }
}

/** A favorites page's rows: the NFT and when the user liked it (the order and the cursor's key). */
const favoriteRows = rowReader({ ...nftRowColumns, likedAt: favorites.createdAt })

function favoritesPageQuery(db: Database, shape: { after: boolean }) {
  return db
    .select(favoriteRows.select)
    .from(favorites)
    .innerJoin(nfts, eq(nfts.id, favorites.nftId))
    .innerJoin(collections, eq(collections.id, nfts.collectionId))
    .where(
      and(
        eq(favorites.userAddress, placeholder('address')),
        sql`+${nfts.hidden} = 0`,
        shape.after ? sql`(${favorites.createdAt}, ${favorites.nftId}) < ${afterCursor()}` : undefined,
      ),
    )
    .orderBy(desc(favorites.createdAt), desc(favorites.nftId))
    .limit(placeholder('limit'))
}

/** A favorites page's SQL and bound values, for the query-plan test's EXPLAIN. */
export function favoritesPageStatement(
  db: Database,
  q: { address: string; cursor?: string | undefined; limit: number },
) {
  const shape = { after: q.cursor !== undefined && q.cursor !== '' }
  return filledStatement(favoritesPageQuery(db, shape), {
    address: q.address,
    ...keysetValues(q.cursor, 'favorites', q.limit),
  })
}

async function listFavorites(db: Database, q: { address: string; cursor?: string | undefined; limit: number }) {
  const order = 'favorites'
  const shape = { after: q.cursor !== undefined && q.cursor !== '' }
  const query = preparedShape(db, order, shape, (s) => favoritesPageQuery(db, s))
  const rows = await query.values({ address: q.address, ...keysetValues(q.cursor, order, q.limit) })
  const { page, last } = splitPage(rows.map(favoriteRows.map), q.limit)
  return {
    data: page.map(toNftJson),
    nextCursor: last ? encodeCursor(order, last.likedAt.getTime(), last.nft.id) : null,
  }
}

/**
 * The Owned tab: every token the address holds, with how many. Two walks, each on an index, one
 * after the other under one cursor: ERC-721 tokens (and Vitrine's own) by `nfts.owner`, newest
 * first; then ERC-1155 tokens by the address's balances (`token_balances`), newest token first.
 * (One merged order would need a sort of the holder's balances on every page.)
 */
async function listOwned(
  db: Database,
  q: { address: string; cursor?: string | undefined; limit: number; now: Date },
): Promise<{ data: (NftJson & { quantity: string })[]; nextCursor: string | null }> {
  const editions = cursorOrder(q.cursor) === EDITIONS
  const data: (NftJson & { quantity: string })[] = []
  if (!editions) {
    const single = await listNfts(db, {
      sort: 'recently-added',
      owner: q.address,
      cursor: q.cursor,
      limit: q.limit,
      now: q.now,
    })
    // An ERC-1155 token's `owner` is its largest holder: its balance is shown in the second walk.
    const multiple = await erc1155Collections(
      db,
      single.data.map((n) => n.collection.id),
    )
    data.push(...single.data.filter((n) => !multiple.has(n.collection.id)).map((n) => ({ ...n, quantity: '1' })))
    if (single.nextCursor) return { data, nextCursor: single.nextCursor }
  }
  const room = q.limit - data.length
  if (room <= 0) return { data, nextCursor: encodeCursor(EDITIONS, 0, Number.MAX_SAFE_INTEGER) }
  const shape = { after: editions }
  const query = preparedShape(db, EDITIONS, shape, (s) => editionsPageQuery(db, s))
  const rows = await query.values({
    address: q.address,
    ...keysetValues(editions ? q.cursor : undefined, EDITIONS, room),
  })
  const { page, last } = splitPage(rows.map(editionRows.map), room)
  data.push(...page.map((row) => ({ ...toNftJson(row), quantity: row.quantity })))
  return { data, nextCursor: last ? encodeCursor(EDITIONS, 0, last.nft.id) : null }
}

const EDITIONS = 'owned-editions'

/** The list a cursor belongs to, without checking it (keysetValues refuses a bad one). */
function cursorOrder(cursor: string | undefined): unknown {
  if (!cursor) return undefined
  try {
    return (JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))) as unknown[])[0]
  } catch {
    return undefined
  }
}

async function erc1155Collections(db: Database, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set()
  const rows = await db
    .select({ id: collections.id })
    .from(collections)
    .where(and(inArray(collections.id, [...new Set(ids)]), eq(collections.standard, 'erc1155')))
  return new Set(rows.map((r) => r.id))
}

const editionRows = rowReader({ ...nftRowColumns, quantity: tokenBalances.quantity })

function editionsPageQuery(db: Database, shape: { after: boolean }) {
  return db
    .select(editionRows.select)
    .from(tokenBalances)
    .innerJoin(nfts, eq(nfts.id, tokenBalances.nftId))
    .innerJoin(collections, eq(collections.id, nfts.collectionId))
    .where(
      and(
        eq(tokenBalances.owner, placeholder('address')),
        sql`+${nfts.hidden} = 0`,
        shape.after ? sql`${tokenBalances.nftId} < ${placeholder('afterId')}` : undefined,
      ),
    )
    .orderBy(desc(tokenBalances.nftId))
    .limit(placeholder('limit'))
}

/** A page of the address's ERC-1155 balances: SQL and bound values, for the query-plan test's EXPLAIN. */
export function ownedEditionsPageStatement(
  db: Database,
  q: { address: string; cursor?: string | undefined; limit: number },
) {
  const shape = { after: q.cursor !== undefined && q.cursor !== '' }
  return filledStatement(editionsPageQuery(db, shape), {
    address: q.address,
    ...keysetValues(q.cursor, EDITIONS, q.limit),
  })
}
