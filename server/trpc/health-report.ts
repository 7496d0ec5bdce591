import type { Runtime } from '../platform/runtime'
import { followerReports } from '../trading/follower'
import { sharedHealth } from '../health/cached'
import { checkHealth, type HealthReport } from '../health/check'

/**
 * The report of /api/health, the `health` query and the operator's console: one read of the
 * database (kept for HEALTH_CACHE_MS per isolate, and shared by the checks asked for meanwhile),
 * the chain and (Workers) each chain's follower. `deep` also probes the write lock: GET
 * /api/health/deep only.
 */
export function healthReport(runtime: Runtime, { deep = false }: { deep?: boolean } = {}): Promise<HealthReport> {
  const { db, env } = runtime
  return sharedHealth(db, deep ? 'deep' : 'read', env.health.cacheMs, () =>
    checkHealth(
      db,
      { url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN },
      env.CHAIN_RPC_URL,
      runtime.followers && (() => followerReports(runtime)),
      { deep },
    ),
  )
}
