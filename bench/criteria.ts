/**
 * `npm run bench:criteria`: the CPU a trait's criteria (GET /collections/{idOrSlug}/criteria) and
 * an offer's proof (GET /offers/{orderHash}/criteria) cost the server per call, on a trait of
 * BENCH_TOKENS tokens: cold (no kept tree: each call a trait of another token list) and warm (the
 * same trait or offer again). In process over the Hono app and the embedded database, no HTTP;
 * process CPU time (user + system), median of BENCH_RUNS.
 *   BENCH_TOKENS=5000  tokens carrying each trait
 *   BENCH_RUNS=15      calls per measure
 */
import { sql } from 'drizzle-orm'
import { CriteriaTree } from '../chain/criteria'
import { seedDatabase } from '../db/seed'
import { app } from '../server/app'
import { criteriaTreeBuilds } from '../server/queries/criteria-trees'
import { createTestRuntime } from '../tests/support/runtime'
import { writeSection } from './lib'

const size = Number(process.env.BENCH_TOKENS ?? 5_000)
const runs = Number(process.env.BENCH_RUNS ?? 15)
const now = new Date()

const runtime = await createTestRuntime({ RATE_LIMITS: 'criteria=off' })
await seedDatabase(runtime.db, { nfts: 40, now })
const { id, slug } = await runtime.db.get<{ id: number; slug: string }>(
  sql`SELECT id, slug FROM collections WHERE id = (SELECT collection_id FROM nfts LIMIT 1)`,
)
// BENCH_TOKENS more tokens of the first collection, copied from one of its own.
await runtime.db.run(sql`
  WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < ${size})
  INSERT INTO nfts (collection_id, chain_id, contract, token_id, name, image, owner, creator, category, add_date)
  SELECT n.collection_id, n.chain_id, n.contract, CAST(1000000 + k.n AS TEXT), 'Bench #' || k.n, n.image, n.owner,
    n.creator, n.category, n.add_date
  FROM k, (SELECT * FROM nfts WHERE collection_id = ${id} LIMIT 1) n`)
// Trait Bench<r>: Yes is carried by every bench token but the r-th: each trait its own token list.
await runtime.db.run(sql`
  WITH RECURSIVE r(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM r WHERE n < ${runs})
  INSERT INTO nft_attributes (nft_id, collection_id, trait_type, value)
  SELECT t.id, t.collection_id, 'Bench' || r.n, 'Yes' FROM r, nfts t
  WHERE t.collection_id = ${id} AND t.name LIKE 'Bench #%' AND t.name <> 'Bench #' || r.n`)
const tokenIds = (
  await runtime.db.all<{ tokenId: string }>(sql`SELECT token_id AS tokenId FROM nfts WHERE name LIKE 'Bench #%'`)
).map((r) => r.tokenId)
const orderHash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
for (let n = 1; n <= runs + 1; n++) {
  const ids = tokenIds.filter((_, i) => i !== n && i !== tokenIds.length - 1) // no trait's list
  await runtime.db.run(sql`
    INSERT INTO criteria_offers (collection_id, trait_type, trait_value, criteria_root, token_ids, maker, price_wei,
      price_sort, starts_at, ends_at, order_hash)
    VALUES (${id}, 'Bench', 'Yes', ${new CriteriaTree(ids.map(BigInt)).root}, ${JSON.stringify(ids)},
      ${`0x${'11'.repeat(20)}`}, '1000', 1000, ${now.getTime()}, ${now.getTime() + 86_400_000}, ${orderHash(n)})`)
}

/** CPU milliseconds of one call, and the trees it built. */
async function cpu(path: string): Promise<{ ms: number; built: number }> {
  const builds = criteriaTreeBuilds()
  const before = process.cpuUsage()
  const response = await app.request(`http://localhost/api/v1${path}`, undefined, runtime)
  await response.arrayBuffer()
  const used = process.cpuUsage(before)
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
  return { ms: (used.user + used.system) / 1000, built: criteriaTreeBuilds() - builds }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

const trait = (n: number) => `/collections/${slug}/criteria?trait=Bench${n}:Yes`
const proof = (n: number) => `/offers/${orderHash(n)}/criteria?tokenId=${tokenIds[0]}`
await cpu(trait(runs)) // warms the code paths
await cpu(proof(runs + 1))
const measures: [string, { ms: number; built: number }[]][] = []
async function measure(name: string, paths: string[]) {
  const calls = []
  for (const path of paths) calls.push(await cpu(path))
  measures.push([name, calls])
}
await measure('criteria, cold (a trait of another token list each call)', [...Array(runs).keys()].map(trait))
await measure(
  'criteria, warm (the same trait again)',
  [...Array(runs).keys()].map(() => trait(0)),
)
await measure(
  "proof, cold (another offer's first proof each call)",
  [...Array(runs).keys()].map((n) => proof(n + 1)),
)
await measure(
  'proof, warm (another proof of the same offer)',
  [...Array(runs).keys()].map(() => proof(1)),
)
runtime.close()

const rows = measures.map(
  ([name, calls]) =>
    `| ${name} | ${median(calls.map((c) => c.ms)).toFixed(1)} | ${calls.reduce((s, c) => s + c.built, 0)} / ${calls.length} |`,
)
const markdown = `## Criteria and proofs of a ${size.toLocaleString('en')}-token trait (\`npm run bench:criteria\`, ${now.toISOString().slice(0, 10)})

CPU time of the process per call (user + system, median of ${runs}), in process over the Hono app
and the embedded database; trees built over the calls. A tree is kept by the ids it is built from
(\`server/queries/criteria-trees.ts\`), so only a new token list costs its hashing; calls are also
limited per client (\`RATE_LIMITS\` \`criteria\`, 60 a minute by default).

| call | CPU ms | trees built |
|---|---:|---:|
${rows.join('\n')}
`
console.log(markdown)
writeSection('criteria', markdown)
