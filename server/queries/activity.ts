import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { activity, collections, nfts, type ActivityType } from '../../db/schema'
import { collectionCardColumns } from './collections'
import { afterCursor, encodeCursor, keysetValues, splitPage } from './cursor'
import { filledStatement, placeholder, preparedShape } from './prepared'
import { rowReader } from './rows'
import { checksumOrNull, isoTime, toPrice } from './serialize'

export interface ActivityQuery {
  type?: ActivityType | undefined
  collectionId?: number | undefined
  /** A collection by its slug (lowercase), resolved inside the page's statement: one read. */
  collectionSlug?: string | undefined
  user?: string | undefined
  nftId?: number | undefined
  cursor?: string | undefined
  limit: number
}

/** What an activity row selects: the event, its item's card fields and its collection's. */
export const activityRowColumns = {
  event: activity,
  nft: { id: nfts.id, name: nfts.name, image: nfts.image, tokenId: nfts.tokenId },
  collection: collectionCardColumns,
}
const activityRows = rowReader(activityRowColumns)

/** What a page's SQL depends on; the values are placeholders (see prepared.ts). */
function pageShape(q: ActivityQuery) {
  return {
    type: q.type !== undefined,
    collection: q.collectionId !== undefined,
    collectionSlug: q.collectionSlug !== undefined,
    nft: q.nftId !== undefined,
    user: q.user !== undefined,
    after: q.cursor !== undefined && q.cursor !== '',
  }
}

function pageValues(q: ActivityQuery): Record<string, unknown> {
  return {
    type: q.type,
    collectionId: q.collectionId,
    collectionSlug: q.collectionSlug,
    nftId: q.nftId,
    user: q.user,
    ...keysetValues(q.cursor, 'activity', q.limit),
  }
}

/**
 * Newest first; each filter has an index on `(filter, created_at, id)`, and a collection's or an
 * item's events of one kind one on `(scope, type, created_at, id)` (ADR: activity by kind).
 */
function pageQuery(db: Database, shape: ReturnType<typeof pageShape>) {
  const where: (SQL | undefined)[] = []
  if (shape.type) where.push(eq(activity.type, placeholder('type')))
  if (shape.collection) where.push(eq(activity.collectionId, placeholder('collectionId')))
  if (shape.collectionSlug) {
    // Uncorrelated: SQLite reads the id once, by the slug's index, then walks the collection's events.
    const id = sql`(SELECT ${collections.id} FROM ${collections} WHERE ${collections.slug} = ${placeholder('collectionSlug')})`
    where.push(eq(activity.collectionId, id))
  }
  if (shape.nft) where.push(eq(activity.nftId, placeholder('nftId')))
  if (shape.user) {
    where.push(or(eq(activity.fromAddress, placeholder('user')), eq(activity.toAddress, placeholder('user'))))
  }
  // Hidden by a decision: out of every feed. A spam collection's (or its item's) own page still
  // shows its events behind its warning: there only what is hidden itself is left out.
  if (shape.collection || shape.collectionSlug || shape.nft) {
    where.push(sql`+${nfts.hiddenBy} IS NULL AND +${collections.hiddenBy} IS NULL`)
  } else where.push(sql`+${nfts.hidden} = 0`)
  if (shape.after) {
    where.push(sql`(${activity.createdAt}, ${activity.id}) < ${afterCursor()}`)
  }
  return db
    .select(activityRows.select)
    .from(activity)
    .innerJoin(nfts, eq(nfts.id, activity.nftId))
    .innerJoin(collections, eq(collections.id, activity.collectionId))
    .where(and(...where))
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(placeholder('limit'))
}

/** A page's SQL and bound values, for the query-plan test's EXPLAIN. */
export function activityPageStatement(db: Database, q: ActivityQuery) {
  return filledStatement(pageQuery(db, pageShape(q)), pageValues(q))
}

export async function listActivity(db: Database, q: ActivityQuery) {
  const query = preparedShape(db, 'activity', pageShape(q), (shape) => pageQuery(db, shape))
  const { page, last } = splitPage((await query.values(pageValues(q))).map(activityRows.map), q.limit)
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
      createdAt: isoTime(event.createdAt),
    })),
    nextCursor: last ? encodeCursor('activity', last.event.createdAt.getTime(), last.event.id) : null,
  }
}
