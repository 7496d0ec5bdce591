/**
 * `npm run bench:decisions`: what moderation costs the market (ADR 45), over the seeded bench
 * database on Node, in process: hiding and restoring the largest collection (one statement rewrites
 * its items' `hidden` flag: the cost per item), and what a hidden collection costs the explore
 * page's first page in each sort when its items are the ones that page would show first (the walk
 * skips them: the worst case), against the same page with nothing hidden.
 *   BENCH_NFTS=100000  size of the seeded database
 *   BENCH_RUNS=30      runs per measure
 */
import { performance } from 'node:perf_hooks'
import { desc, eq, sql } from 'drizzle-orm'
import { createDatabase } from '../db/client'
import { recordDecision, reverseDecision } from '../db/market'
import { collections, nfts } from '../db/schema'
import { nftListInput } from '../server/inputs/nfts'
import { browseNfts } from '../server/queries/nft-browse'
import { freshSeededCopy, medianMs, writeSection } from './lib'

const size = Number(process.env.BENCH_NFTS ?? 100_000)
const runs = Number(process.env.BENCH_RUNS ?? 30)
const file = `bench/.tmp/decisions-${size}.db`
const MODERATOR = '0x000000000000000000000000000000000000beef'

freshSeededCopy(size, file)
const db = createDatabase({ url: `file:${file}` })

const median = (work: () => Promise<unknown>, times = runs) => medianMs(work, times)

const [largest] = await db
  .select({ id: collections.id, name: collections.name, items: sql<number>`count(*)` })
  .from(collections)
  .innerJoin(nfts, eq(nfts.collectionId, collections.id))
  .groupBy(collections.id)
  .orderBy(desc(sql`count(*)`))
  .limit(1)
if (!largest) throw new Error('the bench database has no collection')
// The worst case for lists: the hidden collection's items are the newest and cheapest, so every
// sort's first page would have shown them.
await db.run(sql`UPDATE nfts SET add_date = add_date + 10000000000 WHERE collection_id = ${largest.id}`)
await db.run(
  sql`UPDATE nfts SET price_asc_key = -1 - price_asc_key WHERE collection_id = ${largest.id} AND price_wei IS NOT NULL`,
)

const [{ listed } = { listed: 0 }] = await db.all<{ listed: number }>(
  sql`SELECT count(*) AS listed FROM nfts WHERE collection_id = ${largest.id} AND price_wei IS NOT NULL`,
)
/** Each sort, and how many hidden items its first page's walk skips. */
const SKIPPED = { 'recently-added': largest.items, 'price-asc': listed }
const SORTS = ['recently-added', 'price-asc'] as const
const explore = (sort: (typeof SORTS)[number]) => () => browseNfts(db, nftListInput.parse({ sort, limit: 24 }))
const before = Object.fromEntries(await Promise.all(SORTS.map(async (s) => [s, await median(explore(s))] as const)))

const target = { kind: 'collection' as const, key: String(largest.id) }
let start = performance.now()
const { id } = await recordDecision(db, {
  action: 'hide',
  target,
  category: 'scam',
  reason: 'bench',
  actor: MODERATOR,
})
const hideMs = performance.now() - start
const after = Object.fromEntries(await Promise.all(SORTS.map(async (s) => [s, await median(explore(s))] as const)))
start = performance.now()
await reverseDecision(db, id, { actor: MODERATOR, reason: 'bench' })
const reverseMs = performance.now() - start

const ms = (n: number) => `${n.toFixed(1)} ms`
const rows = [
  `| hide the largest collection (${largest.items.toLocaleString('en')} items) | ${ms(hideMs)} | ${((hideMs * 1000) / largest.items).toFixed(1)} µs per item |`,
  `| reverse it | ${ms(reverseMs)} | ${((reverseMs * 1000) / largest.items).toFixed(1)} µs per item |`,
  ...SORTS.map(
    (s) =>
      `| explore, first page by ${s}: nothing hidden → the ${SKIPPED[s].toLocaleString('en')} items it would show first hidden | ${ms(before[s]!)} → ${ms(after[s]!)} | ${(((after[s]! - before[s]!) * 1000) / SKIPPED[s]).toFixed(2)} µs per hidden item skipped |`,
  ),
]
const markdown = `## Moderation decisions (\`npm run bench:decisions\`)

${size.toLocaleString('en')} seeded NFTs, embedded database on Node, in process; medians of ${runs} runs for the pages.
The hidden collection's items were moved to the front of each sort first: the worst case, where the
first page's walk skips every one of them. A 10,000-item collection would cost about ten times the
hide and the walk below; a hidden collection anywhere else in a sort costs its pages nothing.

| measure | time | cost per unit |
| --- | --- | --- |
${rows.join('\n')}`
console.log(markdown)
writeSection('decisions', markdown)
db.$client.close()
