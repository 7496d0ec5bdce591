/**
 * A token's traits as rows (nft_attributes, beside the nfts.attributes copy its writer keeps), and
 * the mark that its collection's rarity ranks are out of date (./rarity.ts ranks it again later).
 */
import { eq, inArray, sql } from 'drizzle-orm'
import { collections, nftAttributes, traitNumber, type Trait } from '../schema'
import type { Db } from './transaction'

/** Replaces the token's trait rows. */
export async function writeTraits(tx: Db, nftId: number, collectionId: number, traits: Trait[]): Promise<void> {
  await tx.delete(nftAttributes).where(eq(nftAttributes.nftId, nftId))
  if (!traits.length) return
  await tx.insert(nftAttributes).values(
    traits.map((t) => ({
      nftId,
      collectionId,
      traitType: t.trait_type,
      value: t.value,
      displayType: t.display_type ?? null,
      number: traitNumber(t),
    })),
  )
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
