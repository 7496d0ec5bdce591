/**
 * A collection's traits: each value with how many tokens carry it and its floor (the cheapest live
 * listing among them), for the trait panel and GET /collections/{idOrSlug}/traits. Counts are kept
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
import { toPrice } from './serialize'

/** Values answered per trait type, most common first; the rest are found by asking `q`. */
export const VALUES_PER_TYPE = 200

export interface TraitsQuery {
  idOrSlug: string
  /** Only this type's values. */
  type?: string | undefined
  /** Only values containing this text (any case). */
  q?: string | undefined
  limit?: number | undefined
}

/** The collection's id by id or slug, inside a statement (one round trip with what reads it). */
export function collectionIdOf(idOrSlug: string): SQL {
  return /^\d+$/.test(idOrSlug)
    ? sql`${Number(idOrSlug)}`
    : sql`(SELECT ${collections.id} FROM ${collections} WHERE ${collections.slug} = ${idOrSlug.toLowerCase()})`
}

export function traitsStatement(db: Database, query: TraitsQuery) {
  const collectionId = collectionIdOf(query.idOrSlug)
  const type = query.type === undefined ? sql`` : sql` AND ${collectionTraits.traitType} = ${query.type}`
  // instr over lower(): a plain substring, with none of LIKE's wildcards to escape.
  const q = query.q ? sql` AND instr(lower(${collectionTraits.value}), ${query.q.toLowerCase()}) > 0` : sql``
  // A value's floor: the first of its rows in nft_attributes_value_idx below the unlisted key.
  const cheapest = sql`(
    SELECT ${nftAttributes.nftId} FROM ${nftAttributes}
    WHERE ${nftAttributes.collectionId} = placed.collection_id AND ${nftAttributes.traitType} = placed.type
      AND ${nftAttributes.value} = placed.value AND ${nftAttributes.priceKey} < ${UNLISTED_SORT_KEY}
    ORDER BY ${nftAttributes.priceKey} LIMIT 1)`
  return db.all<{
    type: string
    value: string
    count: number
    displayType: NumericDisplayType | null
    floorWei: string | null
    floorCurrency: string | null
  }>(sql`
    WITH placed AS (
      SELECT ${collectionTraits.collectionId} AS collection_id, ${collectionTraits.traitType} AS type,
        ${collectionTraits.value} AS value, ${collectionTraits.tokenCount} AS count,
        ${collectionTraits.displayType} AS display_type,
        row_number() OVER (PARTITION BY ${collectionTraits.traitType} ORDER BY ${collectionTraits.tokenCount} DESC, ${collectionTraits.value}) AS place
      FROM ${collectionTraits}
      WHERE ${collectionTraits.collectionId} = ${collectionId}${type}${q}
    )
    SELECT placed.type AS type, placed.value AS value, placed.count AS count, placed.display_type AS displayType,
      floor.${sql.raw(nfts.priceWei.name)} AS floorWei, floor.${sql.raw(nfts.currency.name)} AS floorCurrency
    FROM placed LEFT JOIN ${nfts} floor ON floor.id = ${cheapest}
    WHERE placed.place <= ${query.limit ?? VALUES_PER_TYPE}
    ORDER BY placed.type, placed.count DESC, placed.value`)
}

export async function listTraits(db: Database, query: TraitsQuery) {
  const rows = await traitsStatement(db, query)
  return rows.map((row) => ({
    type: row.type,
    value: row.value,
    count: row.count,
    floor: toPrice(row.floorWei, row.floorCurrency),
    displayType: row.displayType,
  }))
}

export type TraitJson = Awaited<ReturnType<typeof listTraits>>[number]

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
