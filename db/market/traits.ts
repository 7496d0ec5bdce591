/**
 * A token's traits as rows (nft_attributes, beside the nfts.attributes copy its writer keeps), and
 * the mark that its collection's rarity ranks are out of date (./rarity.ts ranks it again later).
 */
import { eq, inArray, sql } from 'drizzle-orm'
import { collections, collectionTraits, nftAttributes, nfts, traitNumber, type Trait } from '../schema'
import type { Db } from './transaction'

/**
 * Replaces the token's trait rows (each with its token's price key) and keeps its collection's
 * counts of each value (collection_traits) equal to them.
 */
export async function writeTraits(tx: Db, nftId: number, collectionId: number, traits: Trait[]): Promise<void> {
  const was = sql`(SELECT ${nftAttributes.traitType}, ${nftAttributes.value} FROM ${nftAttributes} WHERE ${nftAttributes.nftId} = ${nftId})`
  await tx.run(sql`
    UPDATE ${collectionTraits} SET token_count = token_count - 1
    WHERE ${collectionTraits.collectionId} = ${collectionId} AND (trait_type, value) IN ${was}`)
  await tx.run(sql`
    DELETE FROM ${collectionTraits}
    WHERE ${collectionTraits.collectionId} = ${collectionId} AND (trait_type, value) IN ${was} AND token_count <= 0`)
  await tx.delete(nftAttributes).where(eq(nftAttributes.nftId, nftId))
  if (!traits.length) return
  const rows = traits.map((t) => [t.trait_type, t.value, t.display_type ?? null, traitNumber(t)])
  await tx.run(sql`
    INSERT INTO ${nftAttributes} (nft_id, collection_id, trait_type, value, display_type, number, price_key)
    SELECT n.id, ${collectionId}, t.value ->> 0, t.value ->> 1, t.value ->> 2, t.value ->> 3, n.price_asc_key
    FROM ${nfts} n, json_each(${JSON.stringify(rows)}) t WHERE n.id = ${nftId}`)
  await tx.run(sql`
    INSERT INTO ${collectionTraits} (collection_id, trait_type, value, display_type, token_count)
    SELECT collection_id, trait_type, value, display_type, 1 FROM ${nftAttributes} WHERE nft_id = ${nftId} AND true
    ON CONFLICT (collection_id, trait_type, value) DO UPDATE SET token_count = token_count + 1`)
}

/**
 * The collections' ranks are out of date from `now`: the earliest mark stands, and a mark made
 * while a ranking runs (whose claim lies in the future) brings it back to now, so it runs again.
 */
export async function markRarityStale(tx: Db, collectionIds: number[], now: Date): Promise<void> {
  if (!collectionIds.length) return
  await tx
    .update(collections)
    .set({ rarityStaleAt: sql`min(coalesce(${collections.rarityStaleAt}, ${now.getTime()}), ${now.getTime()})` })
    .where(inArray(collections.id, collectionIds))
}
