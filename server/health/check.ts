import { sql } from 'drizzle-orm'
import { rpcChainId } from '../../chain/rpc'
import { assertWritable, REQUEST_BUSY_WAIT_MS, type Database, type DatabaseConfig } from '../../db/client'
import { oldestPendingPurge } from '../http/cache-purge'
import { checkIndexer, type IndexerHealth } from './indexer'

export interface HealthReport {
  status: 'ok' | 'degraded'
  time: string
  database: { status: 'ok' | 'down'; latencyMs: number; error?: string }
  chain: { status: 'ok' | 'down' | 'not-configured'; chainId?: number; latencyMs?: number; error?: string }
  /** Whether the indexer is in step with the chains it follows (a rewind shows here). */
  indexer: IndexerHealth
  /**
   * Whether the edge cache hears of changes: `late` when a change has waited more than
   * PURGE_LATE_MS for its purge (the purge endpoint refuses or nothing drains the outbox), so
   * visitors may be shown pages older than it.
   */
  edgeCache: { status: 'ok' | 'late'; oldestPendingMs: number | null }
}

/** How long a change may wait for its purge before health says the cache is late. */
export const PURGE_LATE_MS = 60_000

/** The chain's JSON-RPC answers eth_chainId (when one is configured). */
async function checkChain(rpcUrl: string | undefined): Promise<HealthReport['chain']> {
  if (!rpcUrl) return { status: 'not-configured' }
  const started = performance.now()
  try {
    const chainId = await rpcChainId(rpcUrl, 2_000)
    return { status: 'ok', chainId, latencyMs: round(performance.now() - started) }
  } catch (error) {
    return {
      status: 'down',
      latencyMs: round(performance.now() - started),
      error: error instanceof Error ? error.message : String(error),
    }
  }
}

/** How long health lets a write wait for the write lock before it calls writes blocked: a request's wait. */
const WRITE_PROBE_MS = REQUEST_BUSY_WAIT_MS

/** Real round trips to the database and the chain (and, on Workers, each chain's follower); never throws. */
export async function checkHealth(
  db: Database,
  config: DatabaseConfig,
  rpcUrl?: string,
  followerReports?: () => Promise<NonNullable<IndexerHealth['followers']>>,
): Promise<HealthReport> {
  const chainCheck = checkChain(rpcUrl)
  const started = performance.now()
  let database: HealthReport['database']
  try {
    await db.run(sql`select 1`)
    // Reads can succeed while every write fails (another writer holds the lock).
    await assertWritable(db, config, WRITE_PROBE_MS)
    database = { status: 'ok', latencyMs: round(performance.now() - started) }
  } catch (error) {
    database = {
      status: 'down',
      latencyMs: round(performance.now() - started),
      error: error instanceof Error ? error.message : String(error),
    }
  }
  const chain = await chainCheck
  const indexer = await checkIndexer(db, new Date(), followerReports)
  const oldestPendingMs = await oldestPendingPurge(db).catch(() => null)
  const edgeCache = {
    status: oldestPendingMs !== null && oldestPendingMs > PURGE_LATE_MS ? ('late' as const) : ('ok' as const),
    oldestPendingMs,
  }
  const ok =
    database.status === 'ok' &&
    chain.status !== 'down' &&
    indexer.status !== 'behind' &&
    indexer.status !== 'stalled' &&
    edgeCache.status === 'ok'
  return { status: ok ? 'ok' : 'degraded', time: new Date().toISOString(), database, chain, indexer, edgeCache }
}

const round = (ms: number): number => Math.round(ms * 100) / 100
