/**
 * Search over NFTs, collections and users with SQLite FTS5 (trigram tokenizer).
 * A query is cut into trigrams joined with OR and ranked by bm25: exact substrings rank
 * first, and a typo still shares most trigrams with the word it meant ("reveire" → "Reverie").
 */
import { inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collections, users } from '../../db/schema'
import { findNftsByIds } from './nft-detail'
import { toCollectionJson } from './collections'
import { toUserJson } from './users'

/** `"rev" OR "eve" OR …`, or null when no word has three characters. */
export function toMatchExpression(query: string): string | null {
  const grams = new Set<string>()
  for (const word of query.toLowerCase().split(/[^\p{L}\p{N}#]+/u)) {
    if (word.length < 3) continue
    for (let i = 0; i + 3 <= word.length; i++) grams.add(word.slice(i, i + 3))
  }
  if (grams.size === 0) return null
  return [...grams].map((g) => `"${g.replace(/"/g, '""')}"`).join(' OR ')
}

async function rankedIds(
  db: Database,
  table: 'search_nfts' | 'search_collections' | 'search_users',
  match: string,
  limit: number,
) {
  const result = await db.run(
    sql`SELECT rowid AS id FROM ${sql.raw(table)} WHERE ${sql.raw(table)} MATCH ${match} ORDER BY bm25(${sql.raw(table)}) LIMIT ${limit}`,
  )
  return result.rows.map((row) => Number(row.id))
}

export async function search(db: Database, q: { q: string; limit: number }) {
  const match = toMatchExpression(q.q)
  if (match === null) return { nfts: [], collections: [], users: [] }
  const [nftIds, collectionIds, userRowIds] = await Promise.all([
    rankedIds(db, 'search_nfts', match, q.limit),
    rankedIds(db, 'search_collections', match, q.limit),
    rankedIds(db, 'search_users', match, q.limit),
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

/** NFT ids matching a free-text query, best first (at most 1,000), for `q` on list endpoints. */
export async function nftSearchIds(db: Database, query: string): Promise<number[]> {
  const match = toMatchExpression(query)
  return match === null ? [] : rankedIds(db, 'search_nfts', match, 1_000)
}
