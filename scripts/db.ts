/**
 * Database commands for Node (embedded file:, sqld or Turso, chosen by DATABASE_URL):
 *   tsx scripts/db.ts migrate   apply committed migrations
 *   tsx scripts/db.ts seed      migrate, then seed if empty
 *   tsx scripts/db.ts reset     delete the embedded database file, migrate and seed
 * The seed is the local chain's market (Vitrine's own collections; `npm run dev` mints them and
 * adds the collections Vitrine did not write). `--nfts N` adds, first, a synthetic market of N
 * NFTs on chains this machine cannot reach, for benchmarks (`--seed N`: its seed value, default
 * 20261122); those items have no signed orders and cannot be bought.
 */
import { parseArgs } from 'node:util'
import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { openMigratedDatabase } from '../db/migrate.server'
import { seedDatabase } from '../db/seed'
import { seedLocalMarket } from '../chain/local-market'
import { DEFAULT_DATABASE_URL, parsePlatformFee } from '../server/platform/env'
import { loadDevVars } from './dev-vars'

loadDevVars()
const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL
const authToken = process.env.DATABASE_AUTH_TOKEN || undefined
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { nfts: { type: 'string' }, seed: { type: 'string' } },
})
const command = positionals[0]

function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got "${value}"`)
  return n
}

async function main(): Promise<void> {
  switch (command) {
    case 'migrate': {
      const db = await openMigratedDatabase({ url, authToken })
      db.$client.close()
      console.log(`migrated ${url}`)
      return
    }
    case 'reset':
    case 'seed': {
      // Options are checked before anything is deleted or written.
      const nfts = positiveInteger('nfts', values.nfts)
      const seed = positiveInteger('seed', values.seed)
      if (seed !== undefined && nfts === undefined) throw new Error('--seed sets the synthetic market: give --nfts too')
      if (command === 'reset') {
        if (!url.startsWith('file:')) throw new Error(`db:reset only deletes embedded file: databases, not ${url}`)
        const path = resolve(url.slice('file:'.length))
        for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true })
      }
      const db = await openMigratedDatabase({ url, authToken })
      const started = performance.now()
      // The synthetic market first: it seeds only a database without any collection.
      const synthetic =
        nfts === undefined
          ? { seeded: false }
          : await seedDatabase(db, {
              nfts,
              seed,
              log: (message) => console.log(`  ${message} (${((performance.now() - started) / 1000).toFixed(1)} s)`),
            })
      // The local chain's collections; `npm run dev` mints them and their orders onto anvil.
      const local = await seedLocalMarket(db, parsePlatformFee(process.env))
      if (local.seeded) console.log('  local-chain market seeded')
      const seeded = synthetic.seeded || local.seeded
      db.$client.close()
      console.log(
        seeded
          ? `seeded ${url}`
          : `${url} already has data; not seeded (npm run db:reset starts it over, with the same options)`,
      )
      return
    }
    default:
      throw new Error(`unknown command "${command ?? ''}": use migrate, seed or reset`)
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
