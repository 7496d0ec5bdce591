/**
 * Whether a round of a chain would find nothing to do: no block past the cursor, the chain still
 * has the block at the cursor, no order has ended, no imported collection is due for its own
 * reading and no token's metadata is due. Beside it, whether a cache purge is due
 * (server/http/cache-purge.ts) or a collection's rarity ranks are: the caller does those then,
 * idle or not. The Cron runs every minute: such a round then takes no
 * lease and writes nothing (one read of the database, one or two calls to the chain).
 */
import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm'
import type { PublicClient } from 'viem'
import type { Database } from '../../db/client'
import {
  cachePurges,
  chainCursors,
  collections,
  criteriaOffers,
  indexedBlocks,
  listings,
  offers,
} from '../../db/schema'
import { dueMetadataQuery, rarityDueQuery } from '../../db/market'
import { dueForOwnReading } from './backfill'

/** What a round has to do beside new blocks; when the check fails, a round does all of it. */
export interface RoundCheck {
  idle: boolean
  /** An imported collection behind the chain, or due to be tried again: the backfill has work. */
  backfillDue: boolean
  purgeDue: boolean
  /** A collection whose traits changed a while ago: its rarity ranks are due. */
  rarityDue: boolean
}

export const CHECK_FAILED: RoundCheck = { idle: false, backfillDue: true, purgeDue: true, rarityDue: true }

export async function roundIsIdle(options: {
  db: Database
  client: PublicClient
  chainId: number
  confirmations: number
  now?: Date
}): Promise<RoundCheck> {
  const { db, client, chainId, confirmations, now = new Date() } = options
  const head = await client.getBlockNumber({ cacheTime: 0 })
  const ended = (table: typeof listings | typeof offers | typeof criteriaOffers) =>
    db
      .select({ id: table.id })
      .from(table)
      .where(and(inArray(table.status, ['active', 'inactive']), lt(table.endsAt, now)))
  const behind = db.select({ id: collections.id }).from(collections).where(dueForOwnReading(chainId, now))
  const purgeDue = db.select({ tag: cachePurges.tag }).from(cachePurges).where(lte(cachePurges.dueAt, now.getTime()))
  const [state] = await db
    .select({
      block: chainCursors.block,
      hash: indexedBlocks.hash,
      ended: sql<number>`exists ${ended(listings)} or exists ${ended(offers)} or exists ${ended(criteriaOffers)}`,
      behind: sql<number>`exists ${behind}`,
      metadataDue: sql<number>`exists ${dueMetadataQuery(db, { chainId, now, limit: 1 })}`,
      purgeDue: sql<number>`exists ${purgeDue}`,
      rarityDue: sql<number>`exists ${rarityDueQuery(db, { chainId, now })}`,
    })
    .from(chainCursors)
    .leftJoin(
      indexedBlocks,
      and(eq(indexedBlocks.chainId, chainCursors.chainId), eq(indexedBlocks.block, chainCursors.block)),
    )
    .where(eq(chainCursors.chainId, chainId))
  if (!state) return CHECK_FAILED
  const due = {
    backfillDue: Boolean(state.behind),
    purgeDue: Boolean(state.purgeDue),
    rarityDue: Boolean(state.rarityDue),
  }
  const cursor = BigInt(state.block)
  if (state.ended || due.backfillDue || state.metadataDue || head < cursor || head - BigInt(confirmations) > cursor) {
    return { idle: false, ...due }
  }
  // A chain that replaced the block at the cursor (same height, another hash) must be rewound.
  const kept = state.hash === null || (await client.getBlock({ blockNumber: cursor })).hash === state.hash
  return { idle: kept, ...due }
}
