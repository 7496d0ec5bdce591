import type { Database } from '../../db/client'
import { chainCursors } from '../../db/schema'
import type { FollowerReport } from '../platform/followers'

/**
 * One chain's indexer: `rewinding` while it undoes blocks the chain no longer has, `catching-up`
 * while it reads them again, `behind` when its cursor has not moved for BEHIND_AFTER_MS although
 * the chain has blocks past it (a stalled indexer, or an RPC that refuses what it asks), or is more
 * than BEHIND_BLOCKS below it (one that reads slower than the chain grows).
 */
export interface IndexedChain {
  chainId: number
  status: 'ok' | 'rewinding' | 'catching-up' | 'behind'
  /** The last block whose logs are in the database. */
  block: number
  /** The newest block its last run could have read (the head less confirmations), when known. */
  safeHead: number | null
  updatedAt: string
  /** While rewinding or catching up: how far it had indexed, the block it went back to, the head it catches up to, since when. */
  rewind?: { from: number; to: number | null; head: number; since: string }
}

export interface IndexerHealth {
  status: 'ok' | 'rewinding' | 'catching-up' | 'behind' | 'stalled' | 'unknown'
  chains: IndexedChain[]
  /**
   * Workers: each chain's follower (its last round, last error, next alarm). `stalled` when one has
   * no round due (its alarm lost, or it never started): the Cron Trigger restarts it within a minute.
   */
  followers?: (FollowerReport | { chainId: number; error: string })[]
  error?: string
}

/** How long a cursor may stand still below the chain's safe head before health calls it behind (a follower that stopped). */
export const BEHIND_AFTER_MS = 120_000
/** How far below the safe head a cursor may be at all (about 50 min of Ethereum, 8 of Base). */
export const BEHIND_BLOCKS = 256

/** A chain's cursor row as the indexer keeps it (db/schema/market.ts). */
export type CursorRow = typeof chainCursors.$inferSelect

/**
 * What the indexer's cursors say. A rewind is not an outage (the site serves what it has), so
 * it does not degrade the report; it is said here so that a stale market is explained. A cursor
 * left behind the chain is: the market shown is stale and getting staler. `cursors` null: they
 * could not be read.
 */
export function indexerHealth(
  cursors: CursorRow[] | null,
  now = new Date(),
  followers?: NonNullable<IndexerHealth['followers']>,
): IndexerHealth {
  const stalled = followers?.some((f) => 'error' in f || f.stalled) ?? false
  const withFollowers = (health: IndexerHealth): IndexerHealth =>
    followers
      ? { ...health, status: stalled && health.status !== 'unknown' ? 'stalled' : health.status, followers }
      : health
  if (cursors === null) {
    return withFollowers({ status: 'unknown', chains: [], error: 'the indexer cursors could not be read' })
  }
  const chains = cursors.map((c): IndexedChain => {
    const base = { chainId: c.chainId, block: c.block, safeHead: c.safeHead, updatedAt: c.updatedAt.toISOString() }
    const still = now.getTime() - c.updatedAt.getTime()
    const lag = c.safeHead === null ? 0 : c.safeHead - c.block
    if ((lag > 0 && still > BEHIND_AFTER_MS) || lag > BEHIND_BLOCKS) return { ...base, status: 'behind' }
    if (c.rewindFrom === null || c.rewindHead === null) return { ...base, status: 'ok' }
    return {
      ...base,
      status: c.rewindTo === null ? 'rewinding' : 'catching-up',
      rewind: {
        from: c.rewindFrom,
        to: c.rewindTo,
        head: c.rewindHead,
        since: (c.rewoundAt ?? c.updatedAt).toISOString(),
      },
    }
  })
  const status =
    chains.find((c) => c.status === 'behind')?.status ??
    chains.find((c) => c.status === 'rewinding')?.status ??
    chains.find((c) => c.status === 'catching-up')?.status ??
    'ok'
  return withFollowers({ status, chains })
}

/** indexerHealth over the cursors read from `db` (one statement). */
export async function checkIndexer(
  db: Database,
  now = new Date(),
  followerReports?: () => Promise<NonNullable<IndexerHealth['followers']>>,
): Promise<IndexerHealth> {
  const followers = await followerReports?.()
  const cursors = await db
    .select()
    .from(chainCursors)
    .orderBy(chainCursors.chainId)
    .catch(() => null)
  return indexerHealth(cursors, now, followers)
}
