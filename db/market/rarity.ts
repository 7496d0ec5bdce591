/**
 * A collection's rarity ranks (../rarity.ts), written when they are due: some time after a token's
 * traits changed or a token was minted (./traits.ts marks the collection), so that an import of
 * thousands of tokens ranks its collection once per round, not once per token.
 */
import { and, eq, gt, lte, sql, type SQL } from 'drizzle-orm'
import { rankInSlices, type RarityInput } from '../rarity'
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

/** Tokens read, and ranks written, per statement: each statement stays a few milliseconds long. */
export const RANK_PAGE = 500

/**
 * The collection's tokens whose metadata is read, in id order, a page per statement along
 * nfts_collection_rarest_idx (the ranking holds the collection: no rank moves meanwhile). A page
 * goes on with the rest of the last rank, then the ranks after it: two seeks, where one
 * `(rank, id) >` range would walk the whole of the last rank again (all of an unranked collection).
 */
async function rankedTokens(db: Db, collectionId: number): Promise<RarityInput[]> {
  const page = (where: SQL | undefined, limit: number) =>
    db
      .select({ id: nfts.id, traits: nfts.attributes, rank: nfts.rarityRank })
      .from(nfts)
      .where(and(eq(nfts.collectionId, collectionId), where, eq(nfts.metadataStatus, 'ok')))
      .orderBy(nfts.rarityRank, nfts.id)
      .limit(limit)
  const tokens: RarityInput[] = []
  for (let last: { rank: number; id: number } | undefined; ;) {
    const rows = last ? await page(and(eq(nfts.rarityRank, last.rank), gt(nfts.id, last.id)), RANK_PAGE) : []
    if (rows.length < RANK_PAGE) {
      rows.push(...(await page(last ? gt(nfts.rarityRank, last.rank) : undefined, RANK_PAGE - rows.length)))
    }
    for (const { id, traits } of rows) tokens.push({ id, traits })
    if (rows.length < RANK_PAGE) return tokens.sort((x, y) => x.id - y.id)
    last = rows.at(-1)
  }
}

/**
 * Ranks the collection's tokens whose metadata is read (a token still waiting for its metadata
 * would look rare for lacking every trait) and writes the ranks that changed, in one transaction.
 * Reads, ranking and writes go in slices (pages of RANK_PAGE, rankInSlices) so that a large or
 * hostile collection never holds the event loop for long. Answers the tokens whose rank, score or
 * "of" changed.
 */
export async function rankCollection(db: Db, collectionId: number, now = new Date()): Promise<number[]> {
  const claim = now.getTime() + CLAIM_MS
  const [claimed] = await db
    .update(collections)
    .set({ rarityStaleAt: new Date(claim) })
    .where(eq(collections.id, collectionId))
    .returning({ ranked: collections.rarityRanked })
  if (!claimed) return []
  const ranks = (await rankInSlices(await rankedTokens(db, collectionId))) ?? []
  const rows = ranks.map((r) => [r.id, r.rank, r.score])
  const [ranked, unranked] = await db.transaction(async (tx) => {
    const written: [number][] = []
    for (let i = 0; i < rows.length; i += RANK_PAGE) {
      written.push(
        ...(await tx.all<[number]>(rankWrites(JSON.stringify(rows.slice(i, i + RANK_PAGE)), collectionId).ranked)),
      )
    }
    const cleared = await tx.all<[number]>(rankWrites(JSON.stringify(rows), collectionId).unranked)
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
