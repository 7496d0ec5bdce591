import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrate } from 'drizzle-orm/libsql/migrator'
import { BACKGROUND_BUSY_WAIT_MS, createDatabase, type Database, type DatabaseConfig } from './client'

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations')

/** Creates the folder of an embedded `file:` database so libSQL can open it. */
export function ensureDatabaseFolder(url: string): void {
  if (!url.startsWith('file:') || url === 'file::memory:') return
  mkdirSync(dirname(resolve(url.slice('file:'.length))), { recursive: true })
}

/** Rows in a table that may not exist yet (0 then). */
async function countRows(db: Database, table: string): Promise<number> {
  const exists = await db.$client.execute({ sql: 'SELECT 1 FROM sqlite_master WHERE name = ?', args: [table] })
  if (exists.rows.length === 0) return 0
  const result = await db.$client.execute(`SELECT count(*) AS n FROM "${table}"`)
  return Number(result.rows[0]!.n)
}

/**
 * Applies every committed migration in db/migrations that the database has not seen yet. An
 * embedded database that has planner statistics (a seeded one: the seed runs ANALYZE) gets them
 * again after new migrations, so indexes they add are weighed like the others.
 */
export async function migrateDatabase(db: Database, folder = migrationsFolder): Promise<void> {
  const before = await countRows(db, '__drizzle_migrations')
  await migrate(db, { migrationsFolder: folder })
  const analysed = db.$client.protocol === 'file' && (await countRows(db, 'sqlite_stat1')) > 0
  if (analysed && (await countRows(db, '__drizzle_migrations')) > before) await db.$client.execute('ANALYZE')
}

/**
 * Opens (creating if needed) and migrates a database. Node only: reads migrations from disk. Its
 * writes wait for another process's lock as background work does, unless `busyWaitMs` says otherwise.
 */
export async function openMigratedDatabase(config: DatabaseConfig): Promise<Database> {
  ensureDatabaseFolder(config.url)
  const db = createDatabase({ ...config, busyWaitMs: config.busyWaitMs ?? BACKGROUND_BUSY_WAIT_MS })
  if (config.url.startsWith('file:') && config.url !== 'file::memory:') {
    await db.$client.execute('PRAGMA journal_mode = WAL')
  }
  await migrateDatabase(db)
  return db
}
