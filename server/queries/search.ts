/**
 * Search over NFTs, collections and users with SQLite FTS5 (trigram tokenizer).
 * Exact matches: every word as a substring (`"rev" "eri"…` phrases, ANDed), collections and
 * users ranked by bm25. When the query as typed matches nothing anywhere, it is taken for a
 * typo: collection and user names (small tables) are searched for the words cut into trigrams
 * joined with OR, ranked by bm25, so "cathedrls" still finds "Neon Cathedrals". Next to exact
 * matches those trigram matches would be noise ("reverie" shares "eve" with "Steve"), so they
 * are not mixed in. NFTs (a million rows) get exact matches only, unordered so the scan stops
 * at the limit; their typos are caught through the collection they belong to.
 */
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collections, users } from '../../db/schema'
import { findNftsByIds } from './nft-detail'
import { inJsonList, placeholder, prepared } from './prepared'
import { collectionRows, toCollectionJson } from './collections'
import { toUserJson } from './users'

const words = (query: string) =>
  query
    .toLowerCase()
    .split(/[^\p{L}\p{N}#]+/u)
    .filter((w) => w.length >= 3)
const quote = (text: string) => `"${text.replace(/"/g, '""')}"`

/** Every word as a substring: `"reverie" AND "12"`-style phrases, or null without a 3-letter word. */
export function toExactExpression(query: string): string | null {
  const list = words(query)
  return list.length ? list.map(quote).join(' AND ') : null
}

/** `"rev" OR "eve" OR …`, or null when no word has three characters. */
export function toMatchExpression(query: string): string | null {
  const grams = new Set<string>()
  for (const word of words(query)) {
    for (let i = 0; i + 3 <= word.length; i++) grams.add(word.slice(i, i + 3))
  }
  if (grams.size === 0) return null
  return [...grams].map(quote).join(' OR ')
}

type SearchTable = 'search_nfts' | 'search_collections' | 'search_users'

/** Row ids matching an FTS5 expression; constant SQL per table and ordering, so one statement each. */
async function matchIds(db: Database, table: SearchTable, match: string, limit: number, ranked: boolean) {
  const order = ranked ? `ORDER BY bm25(${table})` : ''
  const result = await db.$client.execute({
    sql: `SELECT rowid AS id FROM ${table} WHERE ${table} MATCH ? ${order} LIMIT ?`,
    args: [match, limit],
  })
  return result.rows.map((row) => Number(row.id))
}

const NAME_COLUMN = { search_collections: 'name', search_users: 'username' } as const

type NamedTable = keyof typeof NAME_COLUMN

/** Ids whose text matches every word: collections and users best first, NFTs in id order (no ranking: cheap at any size). */
const exactIds = (db: Database, table: SearchTable, exact: string, limit: number) =>
  matchIds(db, table, exact, limit, table !== 'search_nfts')

/** Names sharing trigrams with the query, best first (in names only: trigrams of a word match most long descriptions). */
const typoIds = (db: Database, table: NamedTable, fuzzy: string, limit: number) =>
  matchIds(db, table, `${NAME_COLUMN[table]} : (${fuzzy})`, limit, true)

async function findCollectionsByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return []
  const query = prepared(db, 'search:collections', () =>
    db
      .select(collectionRows.select)
      .from(collections)
      .where(inJsonList(collections.id, placeholder('ids')))
      .prepare(),
  )
  return (await query.values({ ids: JSON.stringify(ids) })).map((raw) => collectionRows.map(raw).row)
}
const usersByRowIds = (db: Database) =>
  prepared(db, 'search:users', () =>
    db
      .select({ rowid: sql<number>`users.rowid`, user: users })
      .from(users)
      .where(inJsonList(sql`users.rowid`, placeholder('ids')))
      .prepare(),
  )

export async function search(db: Database, q: { q: string; limit: number }) {
  const exact = toExactExpression(q.q)
  const fuzzy = toMatchExpression(q.q)
  // Both need a word of three letters or more (the index holds trigrams).
  if (exact === null || fuzzy === null) return { nfts: [], collections: [], users: [] }
  const [nftIds, exactCollections, exactUsers] = await Promise.all([
    exactIds(db, 'search_nfts', exact, q.limit),
    exactIds(db, 'search_collections', exact, q.limit),
    exactIds(db, 'search_users', exact, q.limit),
  ])
  const typo = nftIds.length + exactCollections.length + exactUsers.length === 0
  const [collectionIds, userRowIds] = typo
    ? await Promise.all([
        typoIds(db, 'search_collections', fuzzy, q.limit),
        typoIds(db, 'search_users', fuzzy, q.limit),
      ])
    : [exactCollections, exactUsers]
  const byRank = <T>(ids: number[], rows: T[], idOf: (row: T) => number) => {
    const map = new Map(rows.map((r) => [idOf(r), r]))
    return ids.flatMap((id) => map.get(id) ?? [])
  }
  const [foundNfts, foundCollections, foundUsers] = await Promise.all([
    findNftsByIds(db, nftIds),
    findCollectionsByIds(db, collectionIds),
    userRowIds.length ? usersByRowIds(db).all({ ids: JSON.stringify(userRowIds) }) : [],
  ])
  return {
    nfts: byRank(nftIds, foundNfts, (n) => n.id),
    collections: byRank(collectionIds, foundCollections, (c) => c.id).map(toCollectionJson),
    users: byRank(userRowIds, foundUsers, (u) => Number(u.rowid)).map((u) => toUserJson(u.user)),
  }
}
