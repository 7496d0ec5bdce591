import { rpcChainId } from '../../chain/rpc'
import { assertWritable, REQUEST_BUSY_WAIT_MS, type Database, type DatabaseConfig } from '../../db/client'
import { readHealthState } from '../queries/health-state'
import { indexerHealth, type IndexerHealth } from './indexer'

export interface HealthReport {
  status: 'ok' | 'degraded'
  /** When this report was made: an isolate answers from it for HEALTH_CACHE_MS (1 s by default). */
  time: string
  /**
   * `read`: the database answered one read (GET /api/health); `deep`: it also granted the write
   * lock (GET /api/health/deep), so a database that reads but cannot write shows as down.
   */
  check: 'read' | 'deep'
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

/** How long the deep check lets a write wait for the write lock before it calls writes blocked: a request's wait. */
const WRITE_PROBE_MS = REQUEST_BUSY_WAIT_MS

export interface HealthOptions {
  /** Also take the write lock (a statement that changes nothing): GET /api/health/deep. */
  deep?: boolean
}

/**
 * What health reports, never throwing: one read of the database, the chain's eth_chainId and (on
 * Workers) each chain's follower. `deep` adds the write-lock probe, a write on a hosted database.
 */
export async function checkHealth(
  db: Database,
  config: DatabaseConfig,
  rpcUrl?: string,
  followerReports?: () => Promise<NonNullable<IndexerHealth['followers']>>,
  { deep = false }: HealthOptions = {},
): Promise<HealthReport> {
  const chainCheck = checkChain(rpcUrl)
  const followers = followerReports?.()
  const now = new Date()
  const started = performance.now()
  let database: HealthReport['database']
  let state: Awaited<ReturnType<typeof readHealthState>> | null = null
  try {
    state = await readHealthState(db, now.getTime())
    // Reads can succeed while every write fails (another writer holds the lock).
    if (deep) await assertWritable(db, config, WRITE_PROBE_MS)
    database = { status: 'ok', latencyMs: round(performance.now() - started) }
  } catch (error) {
    database = {
      status: 'down',
      latencyMs: round(performance.now() - started),
      error: error instanceof Error ? error.message : String(error),
    }
  }
  const chain = await chainCheck
  const indexer = indexerHealth(state?.cursors ?? null, now, await followers)
  const oldestPendingMs = state?.oldestPendingMs ?? null
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
  return {
    status: ok ? 'ok' : 'degraded',
    time: new Date().toISOString(),
    check: deep ? 'deep' : 'read',
    database,
    chain,
    indexer,
    edgeCache,
  }
}

const round = (ms: number): number => Math.round(ms * 100) / 100
