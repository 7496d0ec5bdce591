/**
 * `npm run bench:api`: the REST list endpoints against a 1,000,000-NFT database, served by the
 * Node production build (`npm start`), loaded with autocannon on 127.0.0.1. Each endpoint's
 * throughput and latency are also given as a ratio to /api/health measured in the same run.
 * Targets: p99 < 50 ms at 1M items, throughput ≥ 1/4 of /api/health's.
 * The machine is shared and noisy, so each endpoint is measured in rounds, each right after a
 * run of /api/health; the table gives medians over the rounds, the ratio taken per round.
 * `npm start` serves with one process per core (ADR 10) and autocannon shares those cores, so
 * each endpoint's CPU time per request in one process without HTTP (bench/handler-cpu.ts) is
 * given too: the cost of the endpoint itself, against health's.
 *   BENCH_NFTS=1000000  size of the database (built once into bench/.tmp/, migrated and reused after)
 *   BENCH_SECONDS=5     duration of each run
 *   BENCH_ROUNDS=5      rounds per endpoint (the machine is noisy: ±10 % between runs)
 */
import { existsSync, mkdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { endpointTable, expectContent, handlerCpu, measureEndpoints, type Endpoint } from './endpoints'
import { migrateDatabase, seedDatabase, startProductionServer, writeSection } from './lib'

const nfts = Number(process.env.BENCH_NFTS ?? 1_000_000)
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const rounds = Number(process.env.BENCH_ROUNDS ?? 5)
const dbFile = `bench/.tmp/${nfts}.db`

mkdirSync('bench/.tmp', { recursive: true })
if (existsSync(dbFile)) {
  migrateDatabase(dbFile)
} else {
  console.log(`seeding ${nfts} NFTs into ${dbFile} (once)…`)
  seedDatabase(dbFile, ['--nfts', String(nfts)])
}
const server = await startProductionServer(dbFile)
const base = server.url

try {
  const first = (await (await fetch(`${base}/api/v1/collections?tab=top&limit=1`)).json()) as {
    data: { slug: string }[]
  }
  const slug = first.data[0]!.slug
  const owner = (
    (await (await fetch(`${base}/api/v1/nfts?sort=price-asc&limit=1`)).json()) as { data: { owner: string }[] }
  ).data[0]!.owner
  // A cursor 40 pages deep, to show that keyset paging does not slow down with depth.
  let cursor = ''
  for (let i = 0; i < 40; i++) {
    const page = (await (await fetch(`${base}/api/v1/nfts?sort=price-asc&limit=100&cursor=${cursor}`)).json()) as {
      nextCursor: string
    }
    cursor = page.nextCursor
  }

  const endpoints: Endpoint[] = [
    ['nfts default (recently added)', '/api/v1/nfts'],
    ['nfts price-asc', '/api/v1/nfts?sort=price-asc'],
    ['nfts price-desc', '/api/v1/nfts?sort=price-desc'],
    ['nfts ending-soon', '/api/v1/nfts?sort=ending-soon'],
    ['nfts price-asc, page 41', `/api/v1/nfts?sort=price-asc&cursor=${cursor}`],
    ['nfts filter verified', '/api/v1/nfts?filter=verified'],
    ['nfts filter nsfw', '/api/v1/nfts?filter=nsfw'],
    ['nfts filter lazy-minted', '/api/v1/nfts?filter=lazy-minted'],
    ['nfts status buy-now', '/api/v1/nfts?status=buy-now'],
    ['nfts status on-auction', '/api/v1/nfts?status=on-auction'],
    ['nfts status has-offers', '/api/v1/nfts?status=has-offers&sort=price-desc'],
    ['nfts chain Base', '/api/v1/nfts?chain=8453&sort=price-asc'],
    ['nfts of one owner', `/api/v1/nfts?owner=${owner}`],
    ['nfts category art, 0.1–1 ETH', '/api/v1/nfts?category=art&minPrice=0.1&maxPrice=1&sort=price-asc'],
    ['collection page (detail)', `/api/v1/collections/${slug}`],
    ['collection items', `/api/v1/marketplace/filterNFTbyCollection/${slug}?sort=price-asc`],
    ['collection history, daily (30 d)', `/api/v1/collections/${slug}/history`],
    ['collection history, hourly (30 d)', `/api/v1/collections/${slug}/history?interval=hour&range=30d`],
    ['collections trending', '/api/v1/collections?tab=trending'],
    ['rankings 7d', '/api/v1/rankings?period=7d'],
    ['activity (sales)', '/api/v1/activity?type=sale'],
    ['search', '/api/v1/search?q=reverie'],
  ]

  await expectContent(base, endpoints, `delete ${dbFile} to seed a fresh database`)
  const { results, healthRps, healthErrors, healthRequests } = await measureEndpoints(base, endpoints, {
    seconds,
    rounds,
  })
  await server.stop()
  const cpu = handlerCpu(
    dbFile,
    endpoints.map(([, path]) => path),
  )
  writeSection(
    'api',
    `## REST API at ${nfts.toLocaleString('en-US')} NFTs (\`npm run bench:api\`)

Measured ${new Date().toISOString().slice(0, 10)} on this ${availableParallelism()}-core machine: Node production build
(\`npm start\`, one process per core, ADR 10), embedded libSQL file, autocannon with 10 connections from the same
machine. Each endpoint: ${rounds} rounds of a ${seconds} s run of \`/api/health\` then ${seconds} s of the endpoint;
medians over the rounds; each "×" is the median of each round's ratio to health (req/s, or
latency in ms, health's taken as at least 1 ms). \`/api/health\` itself
(one \`select 1\` and a write-lock probe): median ${healthRps.toFixed(0)} req/s over all rounds, ${healthErrors} of its
${healthRequests} answers 503 (lock taken). Target: p99 < 50 ms and at least 1/4 of
/api/health's req/s. "CPU ms/req": CPU time per request of the built handler in one process
without HTTP, ${cpu.health.toFixed(3)} ms for \`/api/health\` (bench/handler-cpu.ts).

${endpointTable(results, cpu)}
`,
  )
} finally {
  await server.stop()
}
