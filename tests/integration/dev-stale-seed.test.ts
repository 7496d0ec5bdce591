/**
 * A database seeded by an older version of the local collection contract names addresses the
 * current bytecode no longer deploys to (CREATE2), and its signed orders name them too. `npm run
 * dev` says so, names the command that fixes it, and stops the chain it started instead of
 * leaving it running.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { seedLocalMarket } from '../../chain/local-market'
import { openMigratedDatabase } from '../../db/migrate.server'
import { collections } from '../../db/schema'
import { parsePlatformFee } from '../../server/platform/env'
import { answersChainId, freePort, startProcess } from '../../scripts/processes'
import { TEST_AUTH_SECRET } from '../support/runtime'

const dir = mkdtempSync(join(tmpdir(), 'vitrine-stale-seed-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('npm run dev on a database seeded for an older contract', () => {
  it('says to run npm run db:reset and stops its chain', async () => {
    const url = `file:${join(dir, 'dev.db')}`
    const db = await openMigratedDatabase({ url })
    await seedLocalMarket(db, parsePlatformFee({}))
    await db
      .update(collections)
      .set({ contract: `0x${'11'.repeat(20)}` })
      .where(eq(collections.slug, 'harbour-lights-local'))
    db.$client.close()

    const [port, chainPort, ipfsPort] = [await freePort(), await freePort(), await freePort()]
    const dev = startProcess(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/dev.ts'], '', {
      PORT: String(port),
      CHAIN_PORT: String(chainPort),
      CHAIN_RPC_URL: undefined,
      DATABASE_URL: url,
      AUTH_SECRET: TEST_AUTH_SECRET,
      NODE_ENV: 'development',
      IPFS_GATEWAY: `http://127.0.0.1:${ipfsPort}/ipfs/`,
      FETCH_ALLOW_HOSTS: `127.0.0.1:${ipfsPort}`,
    })
    try {
      const code = await new Promise((resolve) => dev.process.once('exit', resolve))
      expect(code).toBe(1)
      expect(dev.output()).toMatch(
        /Harbour Lights: the database was seeded for the contract at 0x1111.*npm run db:reset/s,
      )
      expect(await answersChainId(`http://127.0.0.1:${chainPort}`, 31337)).toBe(false)
      expect(existsSync(join(dir, 'anvil-state.json'))).toBe(true)
    } finally {
      await dev.stop()
    }
  }, 120_000)
})
