/**
 * Database commands for Node (embedded file:, sqld or Turso, chosen by DATABASE_URL):
 *   tsx scripts/db.ts migrate   apply committed migrations
 *   tsx scripts/db.ts seed      migrate, then seed if empty
 *   tsx scripts/db.ts reset     delete the embedded database file, migrate and seed
 */
import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { openMigratedDatabase } from '../db/migrate.server'
import { seedDatabase } from '../db/seed'
import { DEFAULT_DATABASE_URL } from '../server/env'
import { loadDevVars } from './dev-vars'

loadDevVars()
const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL
const authToken = process.env.DATABASE_AUTH_TOKEN || undefined
const command = process.argv[2]

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
      if (command === 'reset') {
        if (!url.startsWith('file:')) throw new Error(`db:reset only deletes embedded file: databases, not ${url}`)
        const path = resolve(url.slice('file:'.length))
        for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true })
      }
      const db = await openMigratedDatabase({ url, authToken })
      const { seeded } = await seedDatabase(db)
      db.$client.close()
      console.log(seeded ? `seeded ${url}` : `${url} already has data; not seeded`)
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
