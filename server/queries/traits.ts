/**
 * A collection's traits: each value with how many tokens carry it and its floor (the cheapest live
 * listing among them), for the trait panel and GET /collections/{idOrSlug}/traits, a bounded page at
 * a time (types, or one type's values). Counts are kept
 * in collection_traits as traits are written; a value's floor is the first row of its range of
 * nft_attributes_value_idx, whose rows carry their token's price key.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import {
  collections,
  collectionTraits,
  nftAttributes,
  nfts,
  UNLISTED_SORT_KEY,
  type NumericDisplayType,
} from '../../db/schema'
import { decodeTextCursor, encodeTextCursor } from './cursor'
import { toPrice } from './serialize'
import { TYPES_PER_PAGE, VALUES_PER_PAGE, VALUES_PER_TYPE } from '../inputs/trait-syntax'

export interface TraitsQuery {
  idOrSlug: string
  /** Only this type: its values page after page. */
  type?: string | undefined
  /** Only values containing this text (any case). */
  q?: string | undefined
  /** Types a page (without `type`) or values a page (with it). */
  limit?: number | undefined
  cursor?: string | undefined
}

/** The collection's id by id or slug, inside a statement (one round trip with what reads it). */
export function collectionIdOf(idOrSlug: string): SQL {
  return /^\d+$/.test(idOrSlug)
    ? sql`${Number(idOrSlug)}`
    : sql`(SELECT ${collections.id} FROM ${collections} WHERE ${collections.slug} = ${idOrSlug.toLowerCase()})`
}

/** The rows of collection_traits a query reads: the collection's, of one type or all, matching `q`. */
function traitRows(query: TraitsQuery): SQL {
  const type = query.type === undefined ? sql`` : sql` AND ${collectionTraits.traitType} = ${query.type}`
  // instr over lower(): a plain substring, with none of LIKE's wildcards to escape.
  const q = query.q ? sql` AND instr(lower(${collectionTraits.value}), ${query.q.toLowerCase()}) > 0` : sql``
  return sql`${collectionTraits.collectionId} = ${collectionIdOf(query.idOrSlug)}${type}${q}`
}

const TYPES_ORDER = 'trait-types'
const valuesOrder = (type: string) => `trait-values:${type}`

/**
 * A page of the collection's trait types, most common first (the tokens carrying one, then its
 * name), each with how many values it has; `matching` counts the types from the page on.
 */
function typesPage(query: TraitsQuery, limit: number): SQL {
  const after = query.type === undefined ? decodeTextCursor(query.cursor, TYPES_ORDER) : null
  const keyset = after ? sql`WHERE tokens < ${after.key} OR (tokens = ${after.key} AND type > ${after.text})` : sql``
  return sql`
    WITH kinds AS (
      SELECT ${collectionTraits.traitType} AS type, sum(${collectionTraits.tokenCount}) AS tokens, count(*) AS "values"
      FROM ${collectionTraits} WHERE ${traitRows(query)}
      GROUP BY ${collectionTraits.traitType}
    )
    SELECT type, tokens, "values", count(*) OVER () AS matching FROM kinds ${keyset}
    ORDER BY tokens DESC, type LIMIT ${limit}`
}

export const traitTypesStatement = (db: Database, query: TraitsQuery, limit: number) =>
  db.all<{ type: string; tokens: number; values: number; matching: number }>(typesPage(query, limit))

/**
 * Trait values with their floors: the most common `perType` of each type of the page of `types`
 * types (the one traitTypesStatement answers: both are sent together, one round trip), or (one
 * type) a page of them after the cursor's value. A value's floor: the first of its rows in
 * nft_attributes_value_idx below the unlisted key.
 */
export function traitValuesStatement(
  db: Database,
  query: TraitsQuery,
  page: { types: number; perType: number } | { type: string; limit: number },
) {
  const cheapest = sql`(
    SELECT ${nftAttributes.nftId} FROM ${nftAttributes}
    WHERE ${nftAttributes.collectionId} = placed.collection_id AND ${nftAttributes.traitType} = placed.type
      AND ${nftAttributes.value} = placed.value AND ${nftAttributes.priceKey} < ${UNLISTED_SORT_KEY}
    ORDER BY ${nftAttributes.priceKey} LIMIT 1)`
  let placed: SQL
  let rest: SQL
  if ('types' in page) {
    placed = sql`
      SELECT ${collectionTraits.collectionId} AS collection_id, ${collectionTraits.traitType} AS type,
        ${collectionTraits.value} AS value, ${collectionTraits.tokenCount} AS count,
        ${collectionTraits.displayType} AS display_type,
        row_number() OVER (PARTITION BY ${collectionTraits.traitType} ORDER BY ${collectionTraits.tokenCount} DESC, ${collectionTraits.value}) AS place
      FROM ${collectionTraits}
      WHERE ${traitRows(query)} AND ${collectionTraits.traitType} IN (SELECT type FROM (${typesPage(query, page.types)}))`
    rest = sql`WHERE placed.place <= ${page.perType} ORDER BY placed.type, placed.count DESC, placed.value`
  } else {
    const after = decodeTextCursor(query.cursor, valuesOrder(page.type))
    const keyset = after
      ? sql` AND (${collectionTraits.tokenCount} < ${after.key} OR (${collectionTraits.tokenCount} = ${after.key} AND ${collectionTraits.value} > ${after.text}))`
      : sql``
    placed = sql`
      SELECT ${collectionTraits.collectionId} AS collection_id, ${collectionTraits.traitType} AS type,
        ${collectionTraits.value} AS value, ${collectionTraits.tokenCount} AS count,
        ${collectionTraits.displayType} AS display_type
      FROM ${collectionTraits} WHERE ${traitRows({ ...query, type: page.type })}${keyset}
      ORDER BY ${collectionTraits.tokenCount} DESC, ${collectionTraits.value} LIMIT ${page.limit}`
    rest = sql`ORDER BY placed.count DESC, placed.value`
  }
  return db.all<{
    type: string
    value: string
    count: number
    displayType: NumericDisplayType | null
    floorWei: string | null
    floorCurrency: string | null
  }>(sql`
    WITH placed AS (${placed})
    SELECT placed.type AS type, placed.value AS value, placed.count AS count, placed.display_type AS displayType,
      floor.${sql.raw(nfts.priceWei.name)} AS floorWei, floor.${sql.raw(nfts.currency.name)} AS floorCurrency
    FROM placed LEFT JOIN ${nfts} floor ON floor.id = ${cheapest}
    ${rest}`)
}

/**
 * A page of the collection's traits: without `type`, the most common types (TYPES_PER_PAGE) with
 * each one's most common values (VALUES_PER_TYPE), `nextCursor` to the next types; with `type`,
 * that type's values most common first (VALUES_PER_PAGE), `nextCursor` to the next values. `types`
 * says how many values each type answered has (those not in `data` were left out), `typesLeft`
 * how many types follow this page. A hostile collection of thousands of types answers no more.
 */
export async function listTraits(db: Database, query: TraitsQuery) {
  const one = query.type !== undefined
  const limit = query.limit ?? (one ? VALUES_PER_PAGE : TYPES_PER_PAGE)
  // Sent together: one round trip to a remote database (ADR 17).
  const [typeRows, rows] = await Promise.all([
    traitTypesStatement(db, query, one ? 1 : limit + 1),
    traitValuesStatement(
      db,
      query,
      one ? { type: query.type!, limit: limit + 1 } : { types: limit, perType: VALUES_PER_TYPE },
    ),
  ])
  const types = typeRows.slice(0, one ? 1 : limit)
  if (!types.length) return { data: [], types: [], typesLeft: 0, nextCursor: null }
  const data = (one ? rows.slice(0, limit) : rows).map((row) => ({
    type: row.type,
    value: row.value,
    count: row.count,
    floor: toPrice(row.floorWei, row.floorCurrency),
    displayType: row.displayType,
  }))
  const lastType = types.at(-1)!
  const lastValue = data.at(-1)
  const nextCursor = one
    ? rows.length > limit && lastValue
      ? encodeTextCursor(valuesOrder(query.type!), lastValue.count, lastValue.value)
      : null
    : typeRows.length > limit
      ? encodeTextCursor(TYPES_ORDER, lastType.tokens, lastType.type)
      : null
  return {
    data,
    types: types.map(({ type, tokens, values }) => ({ type, tokens, values })),
    typesLeft: one ? 0 : typeRows[0]!.matching - types.length,
    nextCursor,
  }
}

export type TraitsPage = Awaited<ReturnType<typeof listTraits>>
export type TraitJson = TraitsPage['data'][number]

/**
 * Of the types a filter names, those the collection has none of (or, for a range, no number of):
 * answered beside the page, so over HTTP in its round trip.
 */
export async function unknownTraitTypes(
  db: Database,
  idOrSlug: string,
  { values, ranges }: { values: string[]; ranges: string[] },
): Promise<{ values: string[]; ranges: string[] }> {
  if (!values.length && !ranges.length) return { values: [], ranges: [] }
  const collectionId = collectionIdOf(idOrSlug)
  const missing = (types: string[], numeric: boolean) =>
    sql`SELECT ${numeric ? 1 : 0} AS numeric, j.value AS type FROM json_each(${JSON.stringify(types)}) j
      WHERE NOT EXISTS (SELECT 1 FROM ${collectionTraits} WHERE ${collectionTraits.collectionId} = ${collectionId}
        AND ${collectionTraits.traitType} = j.value${numeric ? sql` AND ${collectionTraits.displayType} IS NOT NULL` : sql``})`
  const rows = await db.all<{ numeric: number; type: string }>(
    sql`${missing(values, false)} UNION ALL ${missing(ranges, true)}`,
  )
  return {
    values: rows.filter((r) => !r.numeric).map((r) => r.type),
    ranges: rows.filter((r) => r.numeric).map((r) => r.type),
  }
}
