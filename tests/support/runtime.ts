import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openMigratedDatabase } from '../../db/migrate.server'
import { parseEnv } from '../../server/platform/env'
import { RATE_ACTIONS } from '../../server/platform/rate-limits'
import type { Runtime } from '../../server/platform/runtime'

export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123456789'

/**
 * Limits no test that is not about them reaches: files sign in, post and sync many times, all
 * from one client. Every call is still counted, through the same statement as in production.
 */
export const TEST_RATE_LIMITS = Object.keys(RATE_ACTIONS)
  .map((action) => `${action}=100000/1m`)
  .join(',')

/**
 * A fresh, migrated libSQL database file and the runtime around it. Call `close()` after.
 * `vars` are further configuration (e.g. RATE_LIMITS for a test about the limits); a
 * DATABASE_URL among them (a sqld's) is used instead of a fresh file.
 */
export async function createTestRuntime(
  vars: Record<string, string> = {},
): Promise<Runtime & { close: () => void; url: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-test-'))
  const url = vars.DATABASE_URL ?? `file:${join(dir, 'test.db')}`
  const db = await openMigratedDatabase({ url })
  const env = parseEnv({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    AUTH_SECRET: TEST_AUTH_SECRET,
    RATE_LIMITS: TEST_RATE_LIMITS,
    // Each health check reads afresh (checks under way are still shared): files change the
    // database and ask again at once. tests/integration/health.test.ts sets its own.
    HEALTH_CACHE_MS: '0',
    ...vars,
  })
  return {
    env,
    db,
    url,
    close: () => {
      db.$client.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
