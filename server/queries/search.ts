/**
 * Search over NFTs, collections and users with SQLite FTS5 (trigram tokenizer).
 * Exact matches first: every word as a substring (`"rev" "eri"…` phrases, ANDed). Then, for
 * collections and users (small tables), fuzzy matches: the words cut into trigrams joined with
 * OR and ranked by bm25, so a typo still finds the word it meant ("reveire" → "Reverie").
 * NFTs (a million rows) get exact matches only, unordered so the scan stops at the limit;
 * their typos are caught through the collection they belong to.
 */
import { inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collections, users } from '../../db/schema'
import { findNftsByIds } from './nft-detail'
import { toCollectionJson } from './collections'
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

async function matchIds(db: Database, table: SearchTable, match: string, limit: number, ranked: boolean) {
  const t = sql.raw(table)
  const order = ranked ? sql`ORDER BY bm25(${t})` : sql``
  const result = await db.run(sql`SELECT rowid AS id FROM ${t} WHERE ${t} MATCH ${match} ${order} LIMIT ${limit}`)
  return result.rows.map((row) => Number(row.id))
}

/** Exact matches (ranked), then fuzzy ones to fill the limit. */
async function rankedIds(db: Database, table: SearchTable, query: string, limit: number): Promise<number[]> {
  const exact = toExactExpression(query)
  const fuzzy = toMatchExpression(query)
  if (!exact || !fuzzy) return []
  const ids = await matchIds(db, table, exact, limit, true)
  if (ids.length >= limit) return ids
  const more = await matchIds(db, table, fuzzy, limit, true)
  return [...new Set([...ids, ...more])].slice(0, limit)
}

/** NFT ids whose name contains every word, in id order (no ranking: cheap at any size). */
async function exactNftIds(db: Database, query: string, limit: number): Promise<number[]> {
  const exact = toExactExpression(query)
  return exact ? matchIds(db, 'search_nfts', exact, limit, false) : []
}

export async function search(db: Database, q: { q: string; limit: number }) {
  const [nftIds, collectionIds, userRowIds] = await Promise.all([
    exactNftIds(db, q.q, q.limit),
    rankedIds(db, 'search_collections', q.q, q.limit),
    rankedIds(db, 'search_users', q.q, q.limit),
  ])
  const byRank = <T>(ids: number[], rows: T[], idOf: (row: T) => number) => {
    const map = new Map(rows.map((r) => [idOf(r), r]))
    return ids.flatMap((id) => map.get(id) ?? [])
  }
  const [nftRows, collectionRows, userRows] = await Promise.all([
    findNftsByIds(db, nftIds),
    collectionIds.length ? db.select().from(collections).where(inArray(collections.id, collectionIds)) : [],
    userRowIds.length
      ? db
          .select({ rowid: sql<number>`users.rowid`, user: users })
          .from(users)
          .where(inArray(sql`users.rowid`, userRowIds))
      : [],
  ])
  return {
    nfts: byRank(nftIds, nftRows, (n) => n.id),
    collections: byRank(collectionIds, collectionRows, (c) => c.id).map(toCollectionJson),
    users: byRank(userRowIds, userRows, (u) => Number(u.rowid)).map((u) => toUserJson(u.user)),
  }
}

/** NFT ids matching a free-text query (at most 1,000), for `q` on list endpoints. */
export async function nftSearchIds(db: Database, query: string): Promise<number[]> {
  return exactNftIds(db, query, 1_000)
}
