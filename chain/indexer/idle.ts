/**
 * Whether a round of a chain would find nothing to do: no block past the cursor, the chain still
 * has the block at the cursor, no order has ended, no imported collection is due for its own
 * reading and no token's metadata is due. The Cron runs every minute: such a round then takes no
 * lease and writes nothing (one read of the database, one or two calls to the chain).
 */
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm'
import type { PublicClient } from 'viem'
import type { Database } from '../../db/client'
import { chainCursors, collections, indexedBlocks, listings, offers } from '../../db/schema'
import { dueMetadataQuery } from '../../db/market'

export async function roundIsIdle(options: {
  db: Database
  client: PublicClient
  chainId: number
  confirmations: number
  now?: Date
}): Promise<boolean> {
  const { db, client, chainId, confirmations, now = new Date() } = options
  const head = await client.getBlockNumber({ cacheTime: 0 })
  const ended = (table: typeof listings | typeof offers) =>
    db
      .select({ id: table.id })
      .from(table)
      .where(and(inArray(table.status, ['active', 'inactive']), lt(table.endsAt, now)))
  const behind = db
    .select({ id: collections.id })
    .from(collections)
    .where(
      and(
        eq(collections.chainId, chainId),
        or(
          inArray(collections.indexStatus, ['pending', 'backfilling']),
          and(inArray(collections.indexStatus, ['failed', 'paused']), lte(collections.indexRetryAt, now)),
        ),
      ),
    )
  const [state] = await db
    .select({
      block: chainCursors.block,
      hash: indexedBlocks.hash,
      busy: sql<number>`exists ${ended(listings)} or exists ${ended(offers)} or exists ${behind} or exists ${dueMetadataQuery(db, { chainId, now, limit: 1 })}`,
    })
    .from(chainCursors)
    .leftJoin(
      indexedBlocks,
      and(eq(indexedBlocks.chainId, chainCursors.chainId), eq(indexedBlocks.block, chainCursors.block)),
    )
    .where(eq(chainCursors.chainId, chainId))
  if (!state || state.busy) return false
  const cursor = BigInt(state.block)
  if (head < cursor || head - BigInt(confirmations) > cursor) return false
  // A chain that replaced the block at the cursor (same height, another hash) must be rewound.
  return state.hash === null || (await client.getBlock({ blockNumber: cursor })).hash === state.hash
}
