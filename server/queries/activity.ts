import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { activity, collections, nfts, type ActivityType } from '../../db/schema'
import { decodeCursor, encodeCursor, numericCursorKey } from './cursor'
import { checksumOrNull, toPrice } from './serialize'

export interface ActivityQuery {
  type?: ActivityType | undefined
  collectionId?: number | undefined
  user?: string | undefined
  nftId?: number | undefined
  cursor?: string | undefined
  limit: number
}

/** Newest first; each filter has an index on `(filter, created_at, id)`. */
export function buildActivityQuery(q: ActivityQuery) {
  const where: (SQL | undefined)[] = []
  if (q.type !== undefined) where.push(eq(activity.type, q.type))
  if (q.collectionId !== undefined) where.push(eq(activity.collectionId, q.collectionId))
  if (q.nftId !== undefined) where.push(eq(activity.nftId, q.nftId))
  if (q.user !== undefined) where.push(or(eq(activity.fromAddress, q.user), eq(activity.toAddress, q.user)))
  const order = 'activity'
  const after = decodeCursor(q.cursor, order)
  if (after) where.push(sql`(${activity.createdAt}, ${activity.id}) < (${numericCursorKey(after.key)}, ${after.id})`)
  return { where: and(...where), orderBy: [desc(activity.createdAt), desc(activity.id)], order }
}

/** The page query, unexecuted (see nftPageQuery). */
export function activityPageQuery(db: Database, q: ActivityQuery) {
  const { where, orderBy } = buildActivityQuery(q)
  return db
    .select({
      event: activity,
      nft: { id: nfts.id, name: nfts.name, image: nfts.image, tokenId: nfts.tokenId },
      collection: {
        id: collections.id,
        slug: collections.slug,
        name: collections.name,
        verified: collections.verified,
      },
    })
    .from(activity)
    .innerJoin(nfts, eq(nfts.id, activity.nftId))
    .innerJoin(collections, eq(collections.id, activity.collectionId))
    .where(where)
    .orderBy(...orderBy)
    .limit(q.limit + 1)
}

export async function listActivity(db: Database, q: ActivityQuery) {
  const { order } = buildActivityQuery(q)
  const rows = await activityPageQuery(db, q)
  const page = rows.slice(0, q.limit)
  const last = page.at(-1)
  return {
    data: page.map(({ event, nft, collection }) => ({
      id: event.id,
      type: event.type,
      nft,
      collection,
      from: checksumOrNull(event.fromAddress),
      to: checksumOrNull(event.toAddress),
      price: toPrice(event.priceWei, event.currency),
      txHash: event.txHash,
      createdAt: event.createdAt.toISOString(),
    })),
    nextCursor:
      rows.length > q.limit && last ? encodeCursor(order, last.event.createdAt.getTime(), last.event.id) : null,
  }
}
