/**
 * `npm run bench:refresh`: what one collection's metadata refresh costs everyone else on a Node
 * server. A hostile imported ERC-721 of 5,000 tokens, each with 22 trait types of its own (no other
 * token shares them), all due after one BatchMetadataUpdate; the indexer's rounds read their
 * metadata from a local server and then rank the collection, in this process, while a bystander
 * asks `/api/v1/nfts` and `/api/health` one request after another through the same app. Reported:
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
const PAUSE_MS = 5
const BYSTANDER = ['/api/v1/nfts?limit=25', '/api/health'] as const

/** One request after another, each path in turn, until `done`; every latency in ms by path. */
async function bystander(done: () => boolean) {
  const latencies = new Map<string, number[]>(BYSTANDER.map((path) => [path, []]))
  // Each request is sent 5 ms after the last answer, as a client would: a stalled event loop
  // delays it even while this loop sleeps, so its latency counts from when it was sent.
  for (let i = 0, sent = performance.now(); !done(); i++) {
    const path = BYSTANDER[i % BYSTANDER.length]!
    const response = await app.request(`http://localhost${path}`, {}, runtime)
    await response.arrayBuffer()
    const answered = performance.now()
    latencies.get(path)!.push(answered - sent)
    sent = answered + PAUSE_MS
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS))
  }
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
process that serves the bystander (in-process \`app.request\`, one request at a time). Longest event-loop
stall during the refresh: **${ms(stalls.max / 1e6)} ms**.

| path | when | requests | p50 ms | p99 ms | max ms |
|---|---|---|---|---|---|
${rows.join('\n')}
`
console.log(markdown)
writeSection(`refresh-bystander-${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`, markdown)
runtime.close()
await hostile.stop()
