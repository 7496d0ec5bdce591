import { and, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collections, favorites, nfts, users } from '../../db/schema'
import { afterCursor, encodeCursor, keysetValues, splitPage } from './cursor'
import { filledStatement, placeholder, preparedShape } from './prepared'
import { rowReader } from './rows'
import { listNfts, nftRowColumns, toNftJson } from './nfts'
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
      return listNfts(db, { sort: 'recently-added', owner: q.address, cursor: q.cursor, limit: q.limit, now: q.now })
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
