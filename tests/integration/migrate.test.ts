/**
 * db/migrate.server.ts: a seeded embedded database that receives new migrations gets planner
 * statistics for what they add, so the planner weighs new indexes like the others. And
 * migrations that rebuild a table keep what it held.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrate } from 'drizzle-orm/libsql/migrator'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabase } from '../../db/client'
import { migrateDatabase } from '../../db/migrate.server'
import { createTestRuntime } from '../support/runtime'
import { createSeededRuntime } from '../support/seeded'

const journal = JSON.parse(readFileSync('db/migrations/meta/_journal.json', 'utf8')) as {
  entries: { tag: string; when: number }[]
}
/** The indexes a migration adds, with their tables; one it drops and creates again (a new definition) was there before it. */
const indexesAddedBy = (tag: string) => {
  const text = readFileSync(`db/migrations/${tag}.sql`, 'utf8')
  return [...text.matchAll(/CREATE (?:UNIQUE )?INDEX `([^`]+)` ON `([^`]+)`/g)]
    .map((match) => ({ name: match[1]!, table: match[2]! }))
    .filter(({ name }) => !text.includes(`DROP INDEX \`${name}\``))
}
// The newest migration that adds indexes: the test takes the database back to before it.
const newestIndexes = indexesAddedBy(
  journal.entries.findLast((entry) => indexesAddedBy(entry.tag).length > 0)!.tag,
).map((index) => index.name)

const runtimes: { close: () => void }[] = []
afterAll(() => runtimes.forEach((runtime) => runtime.close()))

async function statisticsOf(runtime: Awaited<ReturnType<typeof createTestRuntime>>, names: string[]) {
  const table = await runtime.db.$client.execute("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'")
  if (table.rows.length === 0) return []
  const rows = await runtime.db.$client.execute('SELECT idx FROM sqlite_stat1')
  return rows.rows.map((row) => String(row.idx)).filter((name) => names.includes(name))
}

describe('migrating', () => {
  it('analyses a seeded database again after migrations that add indexes', async () => {
    const runtime = await createSeededRuntime(600)
    runtimes.push(runtime)
    const client = runtime.db.$client
    // The newest migration that adds indexes over tables the seed fills (an index over no rows
    // has no statistics to give), taken back to before it.
    const filled = async (table: string) =>
      (await client.execute(`SELECT count(*) AS n FROM "${table}"`)).rows[0]!.n !== 0
    let found: (typeof journal.entries)[number] | undefined
    for (const entry of journal.entries.toReversed()) {
      const added = indexesAddedBy(entry.tag)
      if (added.length && (await Promise.all(added.map((index) => filled(index.table)))).every(Boolean)) {
        found = entry
        break
      }
    }
    const newest = found!
    const newestIndexes = indexesAddedBy(newest.tag).map((index) => index.name)
    // The database as it was before that migration: without its indexes or their statistics.
    for (const name of newestIndexes) await client.execute(`DROP INDEX "${name}"`)
    await client.execute({ sql: 'DELETE FROM __drizzle_migrations WHERE created_at >= ?', args: [newest.when] })
    expect(await statisticsOf(runtime, newestIndexes)).toEqual([])

    // Later migrations, and what that one does besides its indexes, stay applied: the folder it
    // migrates from ends with that one, cut down to its indexes.
    const folder = mkdtempSync(join(tmpdir(), 'vitrine-migrations-'))
    cpSync('db/migrations', folder, { recursive: true })
    const upToNewest = { ...journal, entries: journal.entries.slice(0, journal.entries.indexOf(newest) + 1) }
    writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify(upToNewest))
    const statements = readFileSync(`db/migrations/${newest.tag}.sql`, 'utf8').split('--> statement-breakpoint')
    const indexesOnly = statements.filter((statement) => /^\s*CREATE (UNIQUE )?INDEX/.test(statement))
    writeFileSync(join(folder, `${newest.tag}.sql`), indexesOnly.join('--> statement-breakpoint'))
    await migrateDatabase(runtime.db, folder)
    rmSync(folder, { recursive: true })
    const indexes = await client.execute("SELECT name FROM sqlite_master WHERE type = 'index'")
    expect(indexes.rows.map((row) => String(row.name))).toEqual(expect.arrayContaining(newestIndexes))
    // Statistics for each of them, as ANALYZE itself gives (none for an index over no rows).
    const analysed = (await statisticsOf(runtime, newestIndexes)).toSorted()
    await client.execute('ANALYZE')
    const expected = (await statisticsOf(runtime, newestIndexes)).toSorted()
    expect(expected.length).toBeGreaterThan(0)
    expect(analysed).toEqual(expected)
  })

  it('leaves a database that was never analysed (not seeded yet) without statistics', async () => {
    const runtime = await createTestRuntime()
    runtimes.push(runtime)
    await migrateDatabase(runtime.db)
    expect(await statisticsOf(runtime, newestIndexes)).toEqual([])
  })

  it('0012 gives users keyed by address an id, their old row number, and keeps their search true', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-migrate-'))
    try {
      // The migrations up to 0011 only, as a database made before 0012 had them.
      const before = join(dir, 'migrations')
      cpSync('db/migrations', before, { recursive: true })
      const upTo = journal.entries.findIndex((entry) => entry.tag.startsWith('0012_'))
      writeFileSync(
        join(before, 'meta/_journal.json'),
        JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
      )
      const db = createDatabase({ url: `file:${join(dir, 'old.db')}` })
      await migrate(db, { migrationsFolder: before })
      const address = (n: number) => '0x' + n.toString(16).padStart(40, '0')
      for (let n = 1; n <= 6; n++) {
        await db.$client.execute({
          sql: 'INSERT INTO users (address, username) VALUES (?, ?)',
          args: [address(n), `maker${n}`],
        })
      }
      await db.$client.execute('DELETE FROM users WHERE rowid IN (2, 4)')
      const rows = async () =>
        (await db.$client.execute('SELECT rowid, address, username FROM users ORDER BY rowid')).rows
      const kept = (await rows()).map((r) => [Number(r.rowid), r.address, r.username])

      await migrateDatabase(db)
      const users = await db.$client.execute('SELECT id, address, username FROM users ORDER BY id')
      expect(users.rows.map((r) => [Number(r.id), r.address, r.username])).toEqual(kept)
      const found = async (q: string) =>
        (
          await db.$client.execute({ sql: 'SELECT rowid FROM search_users WHERE search_users MATCH ?', args: [q] })
        ).rows.map((r) => Number(r.rowid))
      expect(await found('"maker5"')).toEqual([5])
      // The triggers follow the id: a new user, a rename, a removal.
      await db.$client.execute({
        sql: 'INSERT INTO users (address, username) VALUES (?, ?)',
        args: [address(7), 'newcomer'],
      })
      expect(await found('"newcomer"')).toEqual([7])
      await db.$client.execute("UPDATE users SET username = 'renamed' WHERE id = 5")
      expect(await found('"maker5"')).toEqual([])
      expect(await found('"renamed"')).toEqual([5])
      await db.$client.execute('DELETE FROM users WHERE id = 7')
      expect(await found('"newcomer"')).toEqual([])
      await expect(
        db.$client.execute({ sql: 'INSERT INTO users (address) VALUES (?)', args: [address(1)] }),
      ).rejects.toThrow(/UNIQUE/)
      db.$client.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
