/**
 * `npm run bench:activity`: what an activity page filtered by kind costs on a big collection and
 * on a busy item, with and without the indexes that lead with the scope and then the kind
 * (`activity_collection_type_idx`, `activity_nft_type_idx`), and what each index adds to a write.
 *
 * The database is the seed's (BENCH_NFTS items, built once into bench/.tmp/ and reused), its
 * activity then grown to the shape of the 1M-item database: every event copied back in time
 * until the table holds ~1M rows, and one collection's events copied further until it holds as
 * many as a collection of the 1M-item seed (40 collections of ~140,000 events each). The copies
 * keep the seed's mix of kinds (likes ~36 %, listings ~23 %, … transfers ~0.8 %, cancels ~0.7 %).
 *
 *   BENCH_NFTS=20000     items of the seeded database
 *   BENCH_RUNS=50        pages read per case (medians)
 *   BENCH_WRITES=20000   activity rows inserted per index set (500 a transaction)
 */
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { createDatabase } from '../db/client'
import { ACTIVITY_TYPES, type ActivityType } from '../db/schema'
import { activityPageStatement, type ActivityQuery } from '../server/queries/activity'
import { migrateDatabase, seedDatabase, writeSection } from './lib'

const nfts = Number(process.env.BENCH_NFTS ?? 20_000)
const runs = Number(process.env.BENCH_RUNS ?? 50)
const writes = Number(process.env.BENCH_WRITES ?? 20_000)
const BIG_COLLECTION_EVENTS = 140_000
const TOTAL_EVENTS = 1_000_000
const YEAR_MS = 365 * 24 * 3600 * 1000

mkdirSync('bench/.tmp', { recursive: true })
const seeded = `bench/.tmp/${nfts}.db`
if (existsSync(seeded)) migrateDatabase(seeded)
else seedDatabase(seeded, ['--nfts', String(nfts)])
const file = 'bench/.tmp/activity-filters.db'
const removeCopy = () => {
  for (const part of ['', '-wal', '-shm']) rmSync(`${file}${part}`, { force: true })
}
removeCopy()
copyFileSync(seeded, file)

const db = createDatabase({ url: `file:${file}` })
const client = db.$client
const one = async (sql: string) => Number((await client.execute(sql)).rows[0]![0])

// Grow the table: whole copies of the seed's events, each a year further back (no tx hash, so the
// log index stays unique), then copies of the busiest collection's alone.
const seedEvents = await one('SELECT count(*) FROM activity')
const maxId = await one('SELECT max(id) FROM activity')
const columns = 'type, nft_id, collection_id, from_address, to_address, price_wei, currency, created_at'
const copy = (k: number, where = '') =>
  client.execute(
    `INSERT INTO activity (${columns}) SELECT type, nft_id, collection_id, from_address, to_address, price_wei, currency, created_at - ${k * YEAR_MS}
     FROM activity WHERE id <= ${maxId} ${where}`,
  )
const wholeCopies = Math.max(0, Math.round(TOTAL_EVENTS / seedEvents) - 1)
for (let k = 1; k <= wholeCopies; k++) await copy(k)
const big = await one('SELECT collection_id FROM activity GROUP BY 1 ORDER BY count(*) DESC LIMIT 1')
const bigSeed = await one(`SELECT count(*) FROM activity WHERE id <= ${maxId} AND collection_id = ${big}`)
const bigCopies = Math.max(0, Math.round(BIG_COLLECTION_EVENTS / bigSeed) - 1 - wholeCopies)
for (let k = 1; k <= bigCopies; k++) await copy(wholeCopies + k, `AND collection_id = ${big}`)
// One kind the big collection has none of (as an imported collection has no listings): its
// cancels become listings, so a page of cancels there walks every one of its events.
await client.execute(`UPDATE activity SET type = 'list' WHERE collection_id = ${big} AND type = 'cancel'`)
const busyItem = await one('SELECT nft_id FROM activity GROUP BY 1 ORDER BY count(*) DESC LIMIT 1')
await client.execute('ANALYZE')
const total = await one('SELECT count(*) FROM activity')
const bigEvents = await one(`SELECT count(*) FROM activity WHERE collection_id = ${big}`)
const itemEvents = await one(`SELECT count(*) FROM activity WHERE nft_id = ${busyItem}`)
console.log(`${total} events; collection ${big}: ${bigEvents}; item ${busyItem}: ${itemEvents}`)

const EXTRA = {
  collection:
    'CREATE INDEX IF NOT EXISTS activity_collection_type_idx ON activity (collection_id, type, created_at, id)',
  nft: 'CREATE INDEX IF NOT EXISTS activity_nft_type_idx ON activity (nft_id, type, created_at, id)',
} as const
const SETS: Record<string, (keyof typeof EXTRA)[]> = {
  'today (scope, time)': [],
  '+ (collection, kind, time)': ['collection'],
  '+ both (collection or item, kind, time)': ['collection', 'nft'],
}
async function useIndexes(extra: (keyof typeof EXTRA)[]) {
  for (const name of Object.keys(EXTRA) as (keyof typeof EXTRA)[]) {
    if (extra.includes(name)) await client.execute(EXTRA[name])
    else await client.execute(`DROP INDEX IF EXISTS activity_${name}_type_idx`)
  }
  await client.execute('ANALYZE')
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!

/** Median ms of a first page (24 rows) of `q`, and which index the plan walks. */
async function page(q: Omit<ActivityQuery, 'limit'>) {
  const { sql, params } = activityPageStatement(db, { ...q, limit: 24 })
  const plan = await client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as never })
  const index = plan.rows.map((r) => /USING INDEX (activity_\w+)/.exec(String(r.detail))?.[1]).find(Boolean)
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await client.execute({ sql, args: params as never })
    times.push(performance.now() - start)
  }
  return { ms: median(times), index: index ?? '?' }
}

/** µs per inserted activity row: the median of three runs. */
async function writeCost(): Promise<number> {
  const times = [await insertRows(), await insertRows(), await insertRows()]
  return median(times)
}

/** µs per inserted activity row (500 a transaction), the rows removed after. */
async function insertRows(): Promise<number> {
  const before = await one('SELECT max(id) FROM activity')
  const nftIds = (await client.execute('SELECT id, collection_id FROM nfts ORDER BY random() LIMIT 500')).rows
  const start = performance.now()
  for (let done = 0; done < writes; done += 500) {
    const values = nftIds
      .map((r, i) => {
        const type = ACTIVITY_TYPES[(done + i) % ACTIVITY_TYPES.length]
        return `('${type}', ${Number(r.id)}, ${Number(r.collection_id)}, ${Date.now() + done + i})`
      })
      .join(',')
    await client.batch([`INSERT INTO activity (type, nft_id, collection_id, created_at) VALUES ${values}`], 'write')
  }
  const us = ((performance.now() - start) * 1000) / writes
  await client.execute(`DELETE FROM activity WHERE id > ${before}`)
  return us
}

const kinds: ActivityType[] = ['sale', 'list', 'offer', 'mint', 'transfer', 'cancel']
const rows: string[] = []
const writeRows: string[] = []
for (const [name, extra] of Object.entries(SETS)) {
  await useIndexes(extra)
  for (const type of kinds) {
    const c = await page({ collectionId: big, type })
    const n = await page({ nftId: busyItem, type })
    const shown = type === 'cancel' ? 'cancel (none in the big collection)' : type
    rows.push(`| ${name} | ${shown} | ${c.ms.toFixed(2)} (${c.index}) | ${n.ms.toFixed(3)} (${n.index}) |`)
  }
  writeRows.push(`| ${name} | ${(await writeCost()).toFixed(1)} |`)
}
client.close()
removeCopy()

const markdown = `
### Activity filtered by kind (\`npm run bench:activity\`)

${total.toLocaleString('en-US')} events; the big collection holds ${bigEvents.toLocaleString('en-US')}
(a collection of the 1M-item seed's size), the busiest item ${itemEvents}. First page (24 rows),
median of ${runs} reads, ms, and the index the plan walks:

| indexes | kind | big collection | busiest item |
|---|---|---|---|
${rows.join('\n')}

Insert cost per activity row (${writes.toLocaleString('en-US')} rows, 500 a transaction, median of three runs), µs:

| indexes | µs / row |
|---|---|
${writeRows.join('\n')}
`
console.log(markdown)
writeSection('activity-filters', markdown)
