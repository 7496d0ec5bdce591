/**
 * db/migrate.server.ts: a seeded embedded database that receives new migrations gets planner
 * statistics for what they add, so the planner weighs new indexes like the others.
 */
import { readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { migrateDatabase } from '../../db/migrate.server'
import { createTestRuntime } from '../support/runtime'
import { createSeededRuntime } from '../support/seeded'

const journal = JSON.parse(readFileSync('db/migrations/meta/_journal.json', 'utf8')) as { entries: { tag: string }[] }
const newest = journal.entries.at(-1)!.tag
const newestSql = readFileSync(`db/migrations/${newest}.sql`, 'utf8')
// The indexes it adds; one it drops and creates again (a new definition) was there before it.
const newestIndexes = [...newestSql.matchAll(/CREATE (?:UNIQUE )?INDEX `([^`]+)`/g)]
  .map((match) => match[1]!)
  .filter((name) => !newestSql.includes(`DROP INDEX \`${name}\``))

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
    expect(newestIndexes.length, `${newest} creates no index; point this test at one that does`).toBeGreaterThan(0)
    const runtime = await createSeededRuntime(600)
    runtimes.push(runtime)
    // The database as it was before the newest migration: without its indexes or their statistics.
    const client = runtime.db.$client
    for (const name of newestIndexes) await client.execute(`DROP INDEX "${name}"`)
    await client.execute(
      'DELETE FROM __drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM __drizzle_migrations)',
    )
    expect(await statisticsOf(runtime, newestIndexes)).toEqual([])

    await migrateDatabase(runtime.db)
    const indexes = await client.execute("SELECT name FROM sqlite_master WHERE type = 'index'")
    expect(indexes.rows.map((row) => String(row.name))).toEqual(expect.arrayContaining(newestIndexes))
    expect((await statisticsOf(runtime, newestIndexes)).toSorted()).toEqual(newestIndexes.toSorted())
  })

  it('leaves a database that was never analysed (not seeded yet) without statistics', async () => {
    const runtime = await createTestRuntime()
    runtimes.push(runtime)
    await migrateDatabase(runtime.db)
    expect(await statisticsOf(runtime, newestIndexes)).toEqual([])
  })
})
