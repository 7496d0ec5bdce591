import type { Client, InValue } from '@libsql/client'
import { getTableColumns, getTableName, sql, type InferInsertModel } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Database } from './client'

/**
 * Runs a bulk insert with the secondary indexes and triggers of `tables` dropped, then puts
 * them back exactly as the migrations made them (their SQL is read from sqlite_master) and
 * rebuilds the full-text index. Building an index once is far cheaper than updating 20 of
 * them row by row: this is what makes a million-NFT seed take minutes.
 */
export async function withoutIndexes<T>(db: Database, tables: string[], load: () => Promise<T>): Promise<T> {
  const list = sql.join(
    tables.map((t) => sql`${t}`),
    sql`, `,
  )
  const saved = await db.all<{ type: string; name: string; sql: string }>(
    sql`SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND tbl_name IN (${list})`,
  )
  for (const { type, name } of saved) await db.run(sql.raw(`DROP ${type.toUpperCase()} "${name}"`))
  try {
    return await load()
  } finally {
    for (const entry of saved.filter((e) => e.type === 'index')) await db.run(sql.raw(entry.sql))
    for (const entry of saved.filter((e) => e.type === 'trigger')) await db.run(sql.raw(entry.sql))
    await rebuildSearchIndex(db)
  }
}

/**
 * Refills the FTS5 tables from their source rows (the triggers keep them in sync after that),
 * each merged into one b-tree ('optimize'): a bulk insert leaves several segments, and every
 * match reads each of them (a name search on a million NFTs took twice as long with five).
 */
export async function rebuildSearchIndex(db: Database): Promise<void> {
  await db.batch([
    db.run(sql`DELETE FROM search_nfts`),
    db.run(sql`INSERT INTO search_nfts(rowid, name) SELECT id, name FROM nfts`),
    db.run(sql`DELETE FROM search_collections`),
    db.run(sql`INSERT INTO search_collections(rowid, name, description) SELECT id, name, description FROM collections`),
    db.run(sql`DELETE FROM search_users`),
    db.run(sql`INSERT INTO search_users(rowid, username) SELECT rowid, coalesce(username, '') FROM users`),
    db.run(sql`INSERT INTO search_nfts(search_nfts) VALUES ('optimize')`),
    db.run(sql`INSERT INTO search_collections(search_collections) VALUES ('optimize')`),
    db.run(sql`INSERT INTO search_users(search_users) VALUES ('optimize')`),
  ])
}

/**
 * Multi-row INSERT straight through the libSQL client, with values mapped by Drizzle's own
 * column mappers (dates, booleans, JSON). Skips the query builder, which costs more than
 * SQLite itself at seed scale. Columns absent from every row keep their database default.
 */
export async function insertMany<T extends SQLiteTable>(
  db: Pick<Database, '$client'> | { execute: Client['execute'] },
  table: T,
  rows: InferInsertModel<T>[],
): Promise<void> {
  if (rows.length === 0) return
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => key in columns)
  const names = keys.map((key) => `"${columns[key]!.name}"`).join(', ')
  const perRow = Math.max(1, Math.floor(30_000 / keys.length))
  const execute = 'execute' in db ? db.execute.bind(db) : db.$client.execute.bind(db.$client)
  for (let start = 0; start < rows.length; start += perRow) {
    const chunk = rows.slice(start, start + perRow)
    const args: InValue[] = []
    for (const row of chunk) {
      for (const key of keys) {
        const value = (row as Record<string, unknown>)[key]
        args.push(value === undefined || value === null ? null : (columns[key]!.mapToDriverValue(value) as InValue))
      }
    }
    const placeholders = `(${keys.map(() => '?').join(', ')})`
    await execute({
      sql: `INSERT INTO "${getTableName(table)}" (${names}) VALUES ${chunk.map(() => placeholders).join(', ')}`,
      args,
    })
  }
}
