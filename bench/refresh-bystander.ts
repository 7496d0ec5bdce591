/**
 * `npm run bench:refresh`: what one collection's metadata refresh costs everyone else on a Node
 * server. A hostile imported ERC-721 of 5,000 tokens, each with 22 trait types of its own (no other
 * token shares them), all due after one BatchMetadataUpdate; the indexer's rounds read their
 * metadata from a local server and then rank the collection, in this process, while a bystander
 * asks `/api/v1/nfts` and `/api/health` through the same app, 50 requests a second. Reported:
 * the bystander's p50/p99/max latency per endpoint, and the event loop's longest stall.
 *   BENCH_TOKENS=5000   tokens of the hostile collection
 *   BENCH_TRAITS=22     trait types of its own per token
 *   BENCH_LABEL=…       the section's label in bench/RESULTS.md (e.g. the code measured)
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { count, eq } from 'drizzle-orm'
import { collections, nfts } from '../db/schema'
import { RARITY_SETTLE_MS } from '../db/market'
import { app } from '../server/app'
import { indexConfiguredChains } from '../server/trading/indexing'
import { startHostileRefresh } from '../tests/support/hostile-refresh'
import { createTestRuntime } from '../tests/support/runtime'
import { writeSection } from './lib'

const tokens = Number(process.env.BENCH_TOKENS ?? 5_000)
const traits = Number(process.env.BENCH_TRAITS ?? 22)
const label = process.env.BENCH_LABEL ?? 'current code'

console.log(`minting ${tokens} tokens…`)
const hostile = await startHostileRefresh({ tokens, traits })
const runtime = await createTestRuntime({ CHAIN_RPC_URL: hostile.chain.url, FETCH_ALLOW_HOSTS: hostile.host })
const collectionId = await hostile.importInto(runtime.db)
const INTERVAL_MS = 20
const BYSTANDER = ['/api/v1/nfts?limit=25', '/api/health'] as const

/**
 * Requests arriving on their own schedule, one every INTERVAL_MS, each path in turn, until `done`,
 * as clients of a site do: a stalled event loop does not stop them arriving, so each latency counts
 * from when it was due to arrive, and those that arrived during a stall are sent when it ends.
 */
async function bystander(done: () => boolean) {
  const latencies = new Map<string, number[]>(BYSTANDER.map((path) => [path, []]))
  const answers: Promise<void>[] = []
  const start = performance.now()
  for (let i = 0; !done(); i++) {
    const due = start + i * INTERVAL_MS
    const wait = due - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    const path = BYSTANDER[i % BYSTANDER.length]!
    answers.push(
      Promise.resolve(app.request(`http://localhost${path}`, {}, runtime)).then(async (response) => {
        await response.arrayBuffer()
        latencies.get(path)!.push(performance.now() - due)
      }),
    )
  }
  await Promise.all(answers)
  return latencies
}

const pending = async () =>
  (await runtime.db.select({ n: count() }).from(nfts).where(eq(nfts.metadataStatus, 'pending')))[0]!.n
const unranked = async () =>
  (
    await runtime.db.select({ at: collections.rarityStaleAt }).from(collections).where(eq(collections.id, collectionId))
  )[0]!.at !== null

// Quiet first: the bystander's usual latency.
let quietUntil = performance.now() + 3_000
const quiet = await bystander(() => performance.now() > quietUntil)

const stalls = monitorEventLoopDelay({ resolution: 10 })
stalls.enable()
let refreshing = true
const started = performance.now()
const busy = bystander(() => !refreshing)
let rounds = 0
while ((await pending()) > 0 || (await unranked())) {
  await indexConfiguredChains(runtime, 31337)
  rounds++
  // Ranking waits for the changes to settle: a round after that ranks the collection.
  if ((await pending()) === 0) await new Promise((resolve) => setTimeout(resolve, RARITY_SETTLE_MS))
}
const refreshMs = performance.now() - started
refreshing = false
const during = await busy
stalls.disable()
quietUntil = 0

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1))
const rows = BYSTANDER.flatMap((path) => {
  const before = quiet.get(path)!
  const under = during.get(path)!
  return [
    `| ${path} | quiet | ${before.length} | ${ms(pct(before, 50))} | ${ms(pct(before, 99))} | ${ms(Math.max(...before))} |`,
    `| ${path} | during the refresh | ${under.length} | ${ms(pct(under, 50))} | ${ms(pct(under, 99))} | ${ms(Math.max(...under))} |`,
  ]
})
const markdown = `
## A bystander during one collection's metadata refresh (${label})

\`npm run bench:refresh\`: ${tokens} tokens × ${traits} trait types of their own, read and ranked by
${rounds} indexer rounds in ${(refreshMs / 1000).toFixed(1)} s (5 s of it the ranking's settle time), in the
process that serves the bystander (in-process \`app.request\`, a request every ${INTERVAL_MS} ms, each
timed from when it was due to arrive). Longest event-loop stall during the refresh: **${ms(stalls.max / 1e6)} ms**.

| path | when | requests | p50 ms | p99 ms | max ms |
|---|---|---|---|---|---|
${rows.join('\n')}
`
console.log(markdown)
writeSection(`refresh-bystander-${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`, markdown)
runtime.close()
await hostile.stop()
