/**
 * The collections this marketplace features (a `feature` decision sets `featured_at`): the home
 * page's Featured section and `GET /collections?featured=true`, newest featured first, over
 * collections_featured_idx. A hidden or spam collection is never shown, featured or not.
 */
import { and, desc, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collections, type Category } from '../../db/schema'
import { collectionJsonColumns, toCollectionJson } from './collections'
import { afterCursor, cursorKey, encodeCursor, keysetValues, splitPage } from './cursor'
import { filledStatement, placeholder } from './prepared'
import { rowReader } from './rows'

const ORDER = 'collections:featured'
const pageRows = rowReader({ row: collectionJsonColumns, key: collections.featuredAt })

export interface FeaturedQuery {
  category?: Category | undefined
  chainId?: number | undefined
  cursor?: string | undefined
  limit: number
}

function pageQuery(db: Database, q: FeaturedQuery) {
  const where: (SQL | undefined)[] = [
    isNotNull(collections.featuredAt),
    isNull(collections.hiddenBy),
    isNull(collections.spamBy),
  ]
  // Featured collections are few (each one an operator's decision): they are walked in order and
  // filtered, `+` keeping SQLite off the category and chain indexes (which would then sort).
  if (q.category !== undefined) where.push(sql`+${collections.category} = ${placeholder('category')}`)
  if (q.chainId !== undefined) where.push(sql`+${collections.chainId} = ${placeholder('chainId')}`)
  if (q.cursor) where.push(sql`(${collections.featuredAt}, ${collections.id}) < ${afterCursor()}`)
  return db
    .select(pageRows.select)
    .from(collections)
    .where(and(...where))
    .orderBy(desc(collections.featuredAt), desc(collections.id))
    .limit(placeholder('limit'))
}

const pageValues = (q: FeaturedQuery) => ({
  category: q.category,
  chainId: q.chainId,
  ...keysetValues(q.cursor, ORDER, q.limit),
})

/** A page's SQL and bound values, for the query-plan test's EXPLAIN. */
export const featuredPageStatement = (db: Database, q: FeaturedQuery) =>
  filledStatement(pageQuery(db, q), pageValues(q))

export async function listFeaturedCollections(db: Database, q: FeaturedQuery) {
  const rows = await pageQuery(db, q).values(pageValues(q))
  const { page, last } = splitPage(rows.map(pageRows.map), q.limit)
  return {
    data: page.map((r) => toCollectionJson(r.row)),
    nextCursor: last ? encodeCursor(ORDER, cursorKey(last.key), last.row.id) : null,
  }
}
