/**
 * A collection's traits: each value with how many tokens carry it and its floor (the cheapest live
 * listing among them), for the trait panel and GET /collections/{idOrSlug}/traits. Counts walk the
 * collection's range of nft_attributes_value_idx; floors read only its listed tokens (the price
 * index's range below the unlisted key), each token's traits from its JSON copy.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collections, nftAttributes, nfts, UNLISTED_SORT_KEY, type NumericDisplayType } from '../../db/schema'
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
function collectionIdOf(idOrSlug: string): SQL {
  return /^\d+$/.test(idOrSlug)
    ? sql`${Number(idOrSlug)}`
    : sql`(SELECT ${collections.id} FROM ${collections} WHERE ${collections.slug} = ${idOrSlug.toLowerCase()})`
}

export function traitsStatement(db: Database, query: TraitsQuery) {
  const collectionId = collectionIdOf(query.idOrSlug)
  const type = query.type === undefined ? sql`` : sql` AND ${nftAttributes.traitType} = ${query.type}`
  // instr over lower(): a plain substring, with none of LIKE's wildcards to escape.
  const q = query.q ? sql` AND instr(lower(${nftAttributes.value}), ${query.q.toLowerCase()}) > 0` : sql``
  return db.all<{
    type: string
    value: string
    count: number
    displayType: NumericDisplayType | null
    floorWei: string | null
    floorCurrency: string | null
  }>(sql`
    WITH counted AS (
      SELECT ${nftAttributes.traitType} AS type, ${nftAttributes.value} AS value, count(*) AS count
      FROM ${nftAttributes}
      WHERE ${nftAttributes.collectionId} = ${collectionId}${type}${q}
      GROUP BY ${nftAttributes.traitType}, ${nftAttributes.value}
    ),
    -- A numeric type's display type, from its first row in the number index (text types have none).
    kinds AS (
      SELECT type, (
        SELECT ${nftAttributes.displayType} FROM ${nftAttributes}
        WHERE ${nftAttributes.collectionId} = ${collectionId} AND ${nftAttributes.traitType} = type
          AND ${nftAttributes.number} IS NOT NULL LIMIT 1
      ) AS display_type
      FROM (SELECT DISTINCT type FROM counted)
    ),
    placed AS (
      SELECT *, row_number() OVER (PARTITION BY type ORDER BY count DESC, value) AS place FROM counted
    ),
    floors AS (
      SELECT t.value ->> 'trait_type' AS type, t.value ->> 'value' AS value,
        min(${nfts.priceAscKey}) AS price_key, ${nfts.priceWei} AS wei, ${nfts.currency} AS currency
      FROM ${nfts}, json_each(${nfts.attributes}) t
      WHERE ${nfts.collectionId} = ${collectionId} AND ${nfts.priceAscKey} < ${UNLISTED_SORT_KEY}
      GROUP BY 1, 2
    )
    SELECT placed.type AS type, placed.value AS value, placed.count AS count, kinds.display_type AS displayType,
      floors.wei AS floorWei, floors.currency AS floorCurrency
    FROM placed JOIN kinds ON kinds.type = placed.type
      LEFT JOIN floors ON floors.type = placed.type AND floors.value = placed.value
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
      WHERE NOT EXISTS (SELECT 1 FROM ${nftAttributes} WHERE ${nftAttributes.collectionId} = ${collectionId}
        AND ${nftAttributes.traitType} = j.value${numeric ? sql` AND ${nftAttributes.number} IS NOT NULL` : sql``})`
  const rows = await db.all<{ numeric: number; type: string }>(
    sql`${missing(values, false)} UNION ALL ${missing(ranges, true)}`,
  )
  return {
    values: rows.filter((r) => !r.numeric).map((r) => r.type),
    ranges: rows.filter((r) => r.numeric).map((r) => r.type),
  }
}
