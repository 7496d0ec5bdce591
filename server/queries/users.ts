import { and, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collections, favorites, nfts, users } from '../../db/schema'
import { decodeCursor, encodeCursor, numericCursorKey, splitPage } from './cursor'
import { listNfts, nftRowColumns, toNftJson } from './nfts'
import { checksum } from './serialize'

export const USER_NFT_FILTERS = ['owned', 'created', 'on-sale', 'favorited'] as const
export type UserNftFilter = (typeof USER_NFT_FILTERS)[number]

export async function findUser(db: Database, address: string) {
  const [row] = await db.select().from(users).where(eq(users.address, address)).limit(1)
  return row
}

export function toUserJson(u: typeof users.$inferSelect) {
  return {
    address: checksum(u.address),
    username: u.username,
    bio: u.bio,
    avatar: u.avatarUrl,
    banner: u.bannerUrl,
    links: u.links,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
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

async function listFavorites(db: Database, q: { address: string; cursor?: string | undefined; limit: number }) {
  const order = 'favorites'
  const after = decodeCursor(q.cursor, order)
  const rows = await db
    .select({ ...nftRowColumns, likedAt: favorites.createdAt })
    .from(favorites)
    .innerJoin(nfts, eq(nfts.id, favorites.nftId))
    .innerJoin(collections, eq(collections.id, nfts.collectionId))
    .where(
      and(
        eq(favorites.userAddress, q.address),
        after
          ? sql`(${favorites.createdAt}, ${favorites.nftId}) < (${numericCursorKey(after.key)}, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(favorites.createdAt), desc(favorites.nftId))
    .limit(q.limit + 1)
  const { page, last } = splitPage(rows, q.limit)
  return {
    data: page.map(toNftJson),
    nextCursor: last ? encodeCursor(order, last.likedAt.getTime(), last.nft.id) : null,
  }
}
