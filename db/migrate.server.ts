import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrate } from 'drizzle-orm/libsql/migrator'
import { createDatabase, type Database, type DatabaseConfig } from './client'

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations')

/** Creates the folder of an embedded `file:` database so libSQL can open it. */
export function ensureDatabaseFolder(url: string): void {
  if (!url.startsWith('file:') || url === 'file::memory:') return
  mkdirSync(dirname(resolve(url.slice('file:'.length))), { recursive: true })
}

/** Applies every committed migration in db/migrations that the database has not seen yet. */
export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder })
}

/** Opens (creating if needed) and migrates a database. Node only: reads migrations from disk. */
export async function openMigratedDatabase(config: DatabaseConfig): Promise<Database> {
  ensureDatabaseFolder(config.url)
  const db = createDatabase(config)
  if (config.url.startsWith('file:') && config.url !== 'file::memory:') {
    await db.$client.execute('PRAGMA journal_mode = WAL')
  }
  await migrateDatabase(db)
  return db
}
