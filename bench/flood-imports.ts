/**
 * `npm run bench:floods`: an honest import behind two contracts that flood every block just under
 * the bound that pauses one (9,500 Transfer logs a block, 10,000 pauses), read as `npm run dev`
 * reads the local chain: one indexer round every 2 s (back to back when a round takes longer),
 * each with a follower's budgets (backfill 2 s, metadata 1 s).
 *
 * Measured: when the honest import reaches `following`, when the floods do, how long rounds take
 * while they are read, and how long a bystander's transfer (another collection, one each round)
 * takes from its block to the API.
 *
 *   BENCH_FLOOD_BLOCKS=5   flooded blocks per contract before the honest import
 *   BENCH_SECTION=floods   the section of bench/RESULTS.md it writes
 */
import { eq } from 'drizzle-orm'
import { collections } from '../db/schema'
import { indexConfiguredChains } from '../server/trading/indexing'
import { testAccount } from '../tests/support/chain'
import { deployForeignArt721 } from '../tests/support/foreign'
import { deployHostile721 } from '../tests/support/hostile'
import { startMarket } from '../tests/support/market'
import { writeSection } from './lib'

const blocks = BigInt(process.env.BENCH_FLOOD_BLOCKS ?? 5)
const section = process.env.BENCH_SECTION ?? 'floods'
const FLOOD = 9_500n
const ROUND_EVERY_MS = 2_000
const holder = testAccount(5)
const friend = testAccount(6)

const m = await startMarket([1n])
const statusOf = async (contract: string) =>
  (await m.runtime.db.select().from(collections).where(eq(collections.contract, contract.toLowerCase())))[0]!
    .indexStatus
const ownerHere = async (contract: string) =>
  (
    (await m.api(`/v1/nfts/31337/${contract}/1`)).body.data as unknown as { owner: string } | undefined
  )?.owner.toLowerCase()
const percentile = (values: number[], p: number) =>
  values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!
const seconds = (ms: number) => (ms / 1000).toFixed(1)

try {
  const floods = [await deployHostile721(m.chain.url), await deployHostile721(m.chain.url)]
  for (const [i, flood] of floods.entries()) {
    await flood.mint(holder.address, 1n)
    for (let block = 0n; block < blocks; block++) await flood.flood(10_000_000n * BigInt(i + 1) + block * FLOOD, FLOOD)
    await m.importCollection(flood.address, holder)
  }
  const honest = await deployForeignArt721(m.chain.url)
  await honest.mint(holder.address, 1n, 1n)
  await m.importCollection(honest.address, friend)
  console.log(`two floods of ${blocks} × ${FLOOD} Transfer logs, then an honest import; rounds every 2 s`)

  const started = performance.now()
  const roundMs: number[] = []
  const bystanderMs: number[] = []
  let honestAt: { ms: number; rounds: number } | null = null
  let floodsAt: { ms: number; rounds: number } | null = null
  for (let round = 1; !floodsAt && round <= 400; round++) {
    const to = round % 2 ? friend : holder
    await honest.transfer(round % 2 ? holder : friend, to.address, 1n)
    const moved = performance.now()
    const roundStart = performance.now()
    const result = (
      await indexConfiguredChains(m.runtime, 31337, { backfillBudgetMs: 2_000, metadataBudgetMs: 1_000 })
    )[31337]
    if (result && 'error' in result) throw new Error(result.error)
    roundMs.push(performance.now() - roundStart)
    if (honestAt === null && (await statusOf(honest.address)) === 'following')
      honestAt = { ms: performance.now() - started, rounds: round }
    if ((await ownerHere(honest.address)) === to.address.toLowerCase()) bystanderMs.push(performance.now() - moved)
    const states = await Promise.all(floods.map((f) => statusOf(f.address)))
    if (states.every((s) => s === 'following')) floodsAt = { ms: performance.now() - started, rounds: round }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, ROUND_EVERY_MS - roundMs.at(-1)!)))
  }
  const rows = [
    ['honest import reaches `following`', honestAt ? `${seconds(honestAt.ms)} s (round ${honestAt.rounds})` : 'never'],
    [
      'both floods reach `following`',
      floodsAt ? `${seconds(floodsAt.ms)} s (round ${floodsAt.rounds})` : 'not in 400 rounds',
    ],
    [
      'a round while the floods are read: p50 / p95 / max',
      `${seconds(percentile(roundMs, 50))} / ${seconds(percentile(roundMs, 95))} / ${seconds(Math.max(...roundMs))} s`,
    ],
    [
      "a bystander's transfer, block to API: p50 / max",
      `${seconds(percentile(bystanderMs, 50))} / ${seconds(Math.max(...bystanderMs))} s (${bystanderMs.length} of ${roundMs.length} in their round)`,
    ],
  ]
  const table = ['| measure | result |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join('\n')
  console.log(table)
  writeSection(
    section,
    `## An honest import behind two floods (\`npm run bench:floods\`, ${new Date().toISOString().slice(0, 10)})

Two imported ERC-721s each log ${FLOOD.toLocaleString('en-US')} Transfer events in each of ${blocks} blocks (just under
the 10,000 that pause one), then an honest collection is imported; rounds as \`npm run dev\` runs them (every 2 s,
backfill 2 s, metadata 1 s), one transfer in the honest collection before each round. Embedded database, anvil.

${table}`,
  )
} finally {
  await m.stop()
}
