/**
 * A collection's rarity ranks (../rarity.ts), written when they are due: some time after a token's
 * traits changed or a token was minted (./traits.ts marks the collection), so that an import of
 * thousands of tokens ranks its collection once per round, not once per token.
 */
import { and, eq, lte, sql } from 'drizzle-orm'
import { rankByRarity } from '../rarity'
import { collections, nfts, UNRANKED } from '../schema'
import type { Db } from './transaction'

/** How long after the first change a collection is ranked again (changes meanwhile join it). */
export const RARITY_SETTLE_MS = 5_000
/** How long a ranking holds its collection: one that died is ranked again after this. */
const CLAIM_MS = 10 * 60_000

/** The chain's collections whose ranks are due (a walk of collections_rarity_stale_idx). */
export const rarityDueQuery = (db: Db, { chainId, now }: { chainId: number; now: Date }) =>
  db
    .select({ id: collections.id })
    .from(collections)
    .where(
      and(eq(collections.chainId, chainId), lte(collections.rarityStaleAt, new Date(now.getTime() - RARITY_SETTLE_MS))),
    )
    .orderBy(collections.rarityStaleAt)

/**
 * The two writes of a ranking: the ranks that changed (`json`: `[[id, rank, score], …]`) and the
 * tokens no longer ranked. Each rank finds its row by id (the unary plus keeps the collection a
 * check: without planner statistics, as on Turso, its index would make every row scan the JSON
 * list; a query-plan test holds this). A score read back from JSON text may differ in its last
 * bit: only a real change is written.
 */
export const rankWrites = (json: string, collectionId: number) => ({
  ranked: sql`
    UPDATE nfts SET rarity_rank = r.value ->> 1, rarity_score = r.value ->> 2
    FROM json_each(${json}) r
    WHERE nfts.id = r.value ->> 0 AND +nfts.collection_id = ${collectionId}
      AND (nfts.rarity_rank IS NOT r.value ->> 1 OR nfts.rarity_score IS NULL
        OR abs(nfts.rarity_score - (r.value ->> 2)) > 1e-12)
    RETURNING nfts.id`,
  unranked: sql`
    UPDATE nfts SET rarity_rank = ${UNRANKED}, rarity_score = NULL
    WHERE collection_id = ${collectionId} AND rarity_rank != ${UNRANKED}
      AND id NOT IN (SELECT r.value ->> 0 FROM json_each(${json}) r)
    RETURNING id`,
})

/**
 * Ranks the collection's tokens whose metadata is read (a token still waiting for its metadata
 * would look rare for lacking every trait) and writes the ranks that changed, in one batch.
 * Answers the tokens whose rank, score or "of" changed.
 */
export async function rankCollection(db: Db, collectionId: number, now = new Date()): Promise<number[]> {
  const claim = now.getTime() + CLAIM_MS
  const [claimed] = await db
    .update(collections)
    .set({ rarityStaleAt: new Date(claim) })
    .where(eq(collections.id, collectionId))
    .returning({ ranked: collections.rarityRanked })
  if (!claimed) return []
  const tokens = await db
    .select({ id: nfts.id, traits: nfts.attributes })
    .from(nfts)
    .where(and(eq(nfts.collectionId, collectionId), eq(nfts.metadataStatus, 'ok')))
  const ranks = rankByRarity(tokens) ?? []
  const json = JSON.stringify(ranks.map((r) => [r.id, r.rank, r.score]))
  const [ranked, unranked] = await db.transaction(async (tx) => {
    const written = await tx.all<[number]>(rankWrites(json, collectionId).ranked)
    const cleared = await tx.all<[number]>(rankWrites(json, collectionId).unranked)
    // Current again, unless a change came while this ran (it moved the mark back to its time).
    await tx.run(sql`
      UPDATE collections SET rarity_ranked = ${ranks.length},
        rarity_stale_at = CASE WHEN rarity_stale_at = ${claim} THEN NULL ELSE rarity_stale_at END
      WHERE id = ${collectionId}`)
    return [written, cleared]
  })
  const changed = [...ranked, ...unranked].map((row) => Number(Object.values(row)[0]))
  // Every rank reads "of" how many: when that changed, every ranked token's page did.
  return claimed.ranked === ranks.length ? changed : [...new Set([...changed, ...ranks.map((r) => r.id)])]
}
