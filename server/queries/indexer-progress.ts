import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { chainCursors } from '../../db/schema'

/** The last block of a chain the indexer has read; null before its first run. */
export async function indexedTo(db: Database, chainId: number): Promise<number | null> {
  const [cursor] = await db
    .select({ block: chainCursors.block })
    .from(chainCursors)
    .where(eq(chainCursors.chainId, chainId))
  return cursor?.block ?? null
}
