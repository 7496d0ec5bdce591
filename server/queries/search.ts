/**
 * Search over NFTs, collections and users with SQLite FTS5 (trigram tokenizer).
 * Exact matches: every word as a substring (`"rev" "eri"…` phrases, ANDed). Collections come in
 * tiers: named as the query, then holding every word in their name, then in their description;
 * within a tier the most traded (all-time volume) first, as a buyer looks for the collection
 * everyone trades rather than the one whose text repeats the word. Users are ranked by bm25.
 * When the query as typed matches nothing anywhere, it is taken for a typo: collection and user
 * names (small tables) are searched for the words cut into trigrams joined with OR, ranked by
 * bm25, so "cathedrls" still finds "Neon Cathedrals". Next to exact matches those trigram
 * matches would be noise ("reverie" shares "eve" with "Steve"), so they are not mixed in. NFTs
 * (a million rows) get exact matches only, in id order so the match stops at the limit; their
 * typos are caught through the collection they belong to. Each kind is one statement: the match
 * joined to the rows it finds. A query with no word of three characters (too short for a
 * trigram) finds the collections and users whose names start with it, in name order.
 */
import { asc, eq, sql } from 'drizzle-orm'
import { integer, sqliteTable } from 'drizzle-orm/sqlite-core'
import type { Database } from '../../db/client'
import { collections, nfts, users } from '../../db/schema'
import { nftRows, toNftJson } from './nfts'
import { filledStatement, placeholder, prepared } from './prepared'
import { collectionRows, toCollectionJson } from './collections'
import { toUserJson } from './users'
import { searchWords } from '../inputs/search'

const words = (query: string) => searchWords(query.toLowerCase())
const quote = (text: string) => `"${text.replace(/"/g, '""')}"`

/** What ranks an exact collection match: the query as a name, and the words a name must hold. */
export const toNameTerms = (query: string) => ({ name: query.trim(), words: JSON.stringify(searchWords(query)) })

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

// The FTS5 tables of migration 0001 as query sources (outside db/schema: drizzle-kit does not
// make virtual tables; the migration does). rowid is the row's id.
const searchNfts = sqliteTable('search_nfts', { rowid: integer('rowid').notNull() })
const searchCollections = sqliteTable('search_collections', { rowid: integer('rowid').notNull() })
const searchUsers = sqliteTable('search_users', { rowid: integer('rowid').notNull() })

const match = placeholder<string>('match')
const wordList = placeholder<string>('words')
const wholeName = placeholder<string>('name')
const limit = placeholder<number>('limit')

/** NFTs whose names match, in id order (unranked: the match stops at the limit at any size). */
const nftMatchQuery = (db: Database) =>
  db
    .select(nftRows.select)
    .from(nfts)
    .innerJoin(collections, eq(collections.id, nfts.collectionId))
    .where(
      // Hidden items are passed over inside the match, so a page is never short of them.
      sql`${nfts.id} IN (SELECT ${searchNfts}.rowid FROM ${searchNfts} JOIN ${nfts} h ON h.id = ${searchNfts}.rowid WHERE ${searchNfts} MATCH ${match} AND h.hidden = 0 LIMIT ${limit})`,
    )
    .orderBy(asc(nfts.id))

/**
 * The ids of an FTS5 table's best matches (bm25, then id), as a subquery to join the rows to:
 * only the rows shown are read and written out, however many match.
 */
function bestMatches(db: Database, table: typeof searchCollections | typeof searchUsers) {
  return db
    .select({ id: sql<number>`rowid`.as('match_id'), score: sql<number>`bm25(${table})`.as('match_score') })
    .from(table)
    .where(sql`${table} MATCH ${match}`)
    .orderBy(sql`match_score, match_id`)
    .limit(limit)
    .as('best')
}

/** Hidden or marked spam by a decision: never found (./hidden.ts). */
const browsable = sql`+${collections.hiddenBy} IS NULL AND +${collections.spamBy} IS NULL`
const visibleUser = sql`+${users.hiddenBy} IS NULL`

/** Collections whose name shares the typo's trigrams, most alike (bm25) first. */
function collectionTypoQuery(db: Database) {
  const best = bestMatches(db, searchCollections)
  return db
    .select(collectionRows.select)
    .from(best)
    .innerJoin(collections, eq(collections.id, best.id))
    .where(browsable)
    .orderBy(sql`${best.score}, ${best.id}`)
}

/**
 * Collections holding every word in their name or description, in the tiers of the header
 * comment. Ordered and cut to the limit on ids and sort keys (the few matching rows of a small
 * table), then only the rows shown are read and written out. Case is folded by SQLite's lower(),
 * ASCII only: a name that differs from the query in the case of an accented letter ranks as a
 * description match (the full-text match itself folds every letter).
 */
function collectionExactQuery(db: Database) {
  const best = db
    .select({
      id: sql<number>`${collections.id}`.as('match_id'),
      // 0: the name is the query; 1: the name holds every word; 2: the description holds some.
      tier: sql<number>`CASE WHEN lower(${collections.name}) = lower(${wholeName}) THEN 0
        WHEN EXISTS (SELECT 1 FROM json_each(${wordList}) WHERE instr(lower(${collections.name}), lower(value)) = 0) THEN 2
        ELSE 1 END`.as('match_tier'),
      volume: sql<number>`${collections.volumeAllSort}`.as('match_volume'),
    })
    .from(searchCollections)
    .innerJoin(collections, sql`${collections.id} = ${searchCollections}.rowid`)
    .where(sql`${searchCollections} MATCH ${match} AND ${browsable}`)
    .orderBy(sql`match_tier, match_volume DESC, match_id`)
    .limit(limit)
    .as('best')
  return db
    .select(collectionRows.select)
    .from(best)
    .innerJoin(collections, eq(collections.id, best.id))
    .orderBy(sql`${best.tier}, ${best.volume} DESC, ${best.id}`)
}

/**
 * A query too short for the trigram index (no word of three characters): collection names and
 * usernames that start with it, in name order, read as a range of their case-insensitive indexes.
 */
export function prefixRange(query: string): { low: string; high: string } {
  // NOCASE folds ASCII letters only: fold the same ones, and no others.
  const low = query.trim().replace(/[A-Z]/g, (letter) => letter.toLowerCase())
  const chars = Array.from(low)
  const last = chars.pop()!.codePointAt(0)!
  // The least string above every name starting with `low`, in NOCASE order: the next character,
  // past the capitals (folded away), the surrogates (no characters), or past the last one.
  let next = last + 1
  if (next >= 0x41 && next <= 0x5a) next = 0x5b
  if (next >= 0xd800 && next <= 0xdfff) next = 0xe000
  const high = next > 0x10ffff ? low + String.fromCodePoint(0x10ffff) : chars.join('') + String.fromCodePoint(next)
  return { low, high }
}
const low = placeholder<string>('low')
const high = placeholder<string>('high')

const collectionPrefixQuery = (db: Database) =>
  db
    .select(collectionRows.select)
    .from(collections)
    .where(
      sql`${collections.name} COLLATE NOCASE >= ${low} AND ${collections.name} COLLATE NOCASE < ${high} AND ${browsable}`,
    )
    .orderBy(sql`${collections.name} COLLATE NOCASE, ${collections.id}`)
    .limit(limit)

const userPrefixQuery = (db: Database) =>
  db
    .select({ user: users })
    .from(users)
    .where(
      sql`${users.username} COLLATE NOCASE >= ${low} AND ${users.username} COLLATE NOCASE < ${high} AND ${visibleUser}`,
    )
    .orderBy(sql`${users.username} COLLATE NOCASE, ${users.id}`)
    .limit(limit)

/** Users whose name matches, best first. */
function userMatchQuery(db: Database) {
  const best = bestMatches(db, searchUsers)
  return db
    .select({ user: users })
    .from(best)
    .innerJoin(users, eq(users.id, best.id))
    .where(visibleUser)
    .orderBy(sql`${best.score}, ${best.id}`)
}

/** What the statements of each way of searching bind for a query (one place for search and EXPLAIN). */
const bindings = {
  /** Every word as a substring; `exact` is toExactExpression(query). */
  exact: (query: string, exact: string, count: number) => ({ match: exact, ...toNameTerms(query), limit: count }),
  /** Names sharing the query's trigrams (a query with a word of three characters). */
  typo(query: string, count: number) {
    const grams = toMatchExpression(query)!
    return {
      collections: { match: `name : (${grams})`, limit: count },
      users: { match: `username : (${grams})`, limit: count },
    }
  },
  /** Names starting with a query too short for trigrams. */
  prefix: (query: string, count: number) => ({ ...prefixRange(query), limit: count }),
}

/** A search's statements with the values of `query` bound, for the query-plan test's EXPLAIN. */
export function searchStatements(db: Database, query: string, count: number) {
  const exact = bindings.exact(query, toExactExpression(query)!, count)
  const typo = bindings.typo(query, count)
  const prefix = bindings.prefix(query, count)
  return {
    nfts: filledStatement(nftMatchQuery(db), exact),
    collections: filledStatement(collectionExactQuery(db), exact),
    users: filledStatement(userMatchQuery(db), exact),
    collectionsNamed: filledStatement(collectionTypoQuery(db), typo.collections),
    usersNamed: filledStatement(userMatchQuery(db), typo.users),
    collectionsByPrefix: filledStatement(collectionPrefixQuery(db), prefix),
    usersByPrefix: filledStatement(userPrefixQuery(db), prefix),
  }
}

/** A search's prepared statements, built once per database. */
const statements = (db: Database) =>
  prepared(db, 'search', () => ({
    nfts: nftMatchQuery(db).prepare(),
    collections: collectionExactQuery(db).prepare(),
    collectionsNamed: collectionTypoQuery(db).prepare(),
    users: userMatchQuery(db).prepare(),
    collectionsByPrefix: collectionPrefixQuery(db).prepare(),
    usersByPrefix: userPrefixQuery(db).prepare(),
  }))

/** A prepared statement whose rows are read with `.values()` (rows.ts). */
type RowsQuery = { values: (values: Record<string, unknown>) => Promise<unknown[][]> }

async function findNfts(query: RowsQuery, values: Record<string, unknown>) {
  const rows = await query.values(values)
  return rows.map((raw) => toNftJson(nftRows.map(raw)))
}

async function findCollections(query: RowsQuery, values: Record<string, unknown>) {
  const rows = await query.values(values)
  return rows.map((raw) => toCollectionJson(collectionRows.map(raw).row))
}

async function findUsers(
  query: { all: (values: Record<string, unknown>) => Promise<{ user: typeof users.$inferSelect }[]> },
  values: Record<string, unknown>,
) {
  const rows = await query.all(values)
  return rows.map((found) => toUserJson(found.user))
}

export async function search(db: Database, q: { q: string; limit: number }) {
  const found = statements(db)
  const exact = toExactExpression(q.q)
  if (exact === null) {
    const prefix = bindings.prefix(q.q, q.limit)
    const [collectionsNamed, usersNamed] = await Promise.all([
      findCollections(found.collectionsByPrefix, prefix),
      findUsers(found.usersByPrefix, prefix),
    ])
    return { nfts: [], collections: collectionsNamed, users: usersNamed }
  }
  const values = bindings.exact(q.q, exact, q.limit)
  const [nftsFound, collectionsFound, usersFound] = await Promise.all([
    findNfts(found.nfts, values),
    findCollections(found.collections, values),
    findUsers(found.users, values),
  ])
  if (nftsFound.length + collectionsFound.length + usersFound.length > 0) {
    return { nfts: nftsFound, collections: collectionsFound, users: usersFound }
  }
  // A typo: in names only (trigrams of a word match most long descriptions).
  const typo = bindings.typo(q.q, q.limit)
  const [collectionsNamed, usersNamed] = await Promise.all([
    findCollections(found.collectionsNamed, typo.collections),
    findUsers(found.users, typo.users),
  ])
  return { nfts: [], collections: collectionsNamed, users: usersNamed }
}
