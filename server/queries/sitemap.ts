import { and, asc, between, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collections, nfts } from '../../db/schema'

/** The sitemaps protocol's most URLs in one file: a page of items or collections holds at most this many. */
export const SITEMAP_PAGE_SIZE = 50_000

/** What a paged sitemap lists: item pages or collection pages. */
export type SitemapKind = 'items' | 'collections'
const TABLES = { items: 'nfts', collections: 'collections' } as const satisfies Record<SitemapKind, string>

/**
 * Page `page` (from 1) holds the rows whose id is in ((page - 1) × size, page × size]: a fixed
 * range, so a page's URL and contents stay put as rows are added, and a cached page stays right.
 */
const idRange = (page: number, size: number): [number, number] => [(page - 1) * size + 1, page * size]

/**
 * The pages that list at least one row, ascending. Each step is one primary-key seek (the first
 * id past the previous page), so the index reads one row per page it names, never the table
 * (NOT INDEXED: a covering secondary index is never walked whole instead, however the rows grow).
 */
export function sitemapPagesStatement(kind: SitemapKind, size: number): { sql: string; params: number[] } {
  const table = TABLES[kind]
  const firstPageFrom = (after: string) =>
    `(SELECT (id - 1) / ? + 1 FROM ${table} NOT INDEXED WHERE id > ${after} ORDER BY id LIMIT 1)`
  return {
    sql:
      `WITH RECURSIVE pages(page) AS (SELECT ${firstPageFrom('0')} ` +
      `UNION ALL SELECT ${firstPageFrom('page * ?')} FROM pages WHERE page IS NOT NULL) ` +
      'SELECT page FROM pages WHERE page IS NOT NULL',
    // Plain `?` in order (the first page's size, then the next step's size twice): every transport binds them.
    params: [size, size, size],
  }
}

export async function sitemapPages(db: Database, kind: SitemapKind, size: number): Promise<number[]> {
  const { sql, params } = sitemapPagesStatement(kind, size)
  const { rows } = await db.$client.execute({ sql, args: params })
  return rows.map((row) => Number(row.page))
}

/** One page's items (id and the date each was added), by a primary-key range; hidden ones left out. */
export const sitemapItemsStatement = (db: Database, page: number, size: number) =>
  db
    .select({ id: nfts.id, addDate: nfts.addDate })
    .from(nfts)
    .where(and(between(nfts.id, ...idRange(page, size)), eq(nfts.hidden, false)))
    .orderBy(asc(nfts.id))

/** One page's collections' slugs, by a primary-key range; hidden or spam ones left out. */
export const sitemapCollectionsStatement = (db: Database, page: number, size: number) =>
  db
    .select({ slug: collections.slug })
    .from(collections)
    .where(
      and(between(collections.id, ...idRange(page, size)), isNull(collections.hiddenBy), isNull(collections.spamBy)),
    )
    .orderBy(asc(collections.id))
