import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openMigratedDatabase } from '../../db/migrate.server'
import { parseEnv } from '../../server/env'
import type { Runtime } from '../../server/runtime'

export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123456789'

/** A fresh, migrated libSQL database file and the runtime around it. Call `close()` after. */
export async function createTestRuntime(): Promise<Runtime & { close: () => void; url: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-test-'))
  const url = `file:${join(dir, 'test.db')}`
  const db = await openMigratedDatabase({ url })
  const env = parseEnv({ NODE_ENV: 'test', DATABASE_URL: url, AUTH_SECRET: TEST_AUTH_SECRET })
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
