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
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import autocannon from 'autocannon'
import { migrateDatabase, productionEnv, seedDatabase, startProductionServer, writeSection } from './lib'

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

  const endpoints: [string, string][] = [
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
    ['collections trending', '/api/v1/collections?tab=trending'],
    ['rankings 7d', '/api/v1/rankings?period=7d'],
    ['activity (sales)', '/api/v1/activity?type=sale'],
    ['search', '/api/v1/search?q=reverie'],
  ]

  // Timing an empty page would flatter an endpoint: a database seeded long ago has no live
  // auctions or offers left (its times are relative to the day it was seeded).
  for (const [name, path] of endpoints) {
    const response = await fetch(base + path)
    const body = (await response.json()) as { data: unknown }
    const shown = Array.isArray(body.data)
      ? body.data.length
      : Object.values(body.data as object).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 1), 0)
    if (response.status !== 200 || shown === 0) {
      throw new Error(
        `${name} (${path}) answers ${response.status} with nothing to show; delete ${dbFile} to seed a fresh database`,
      )
    }
  }

  const run = async (path: string) => {
    const result = await autocannon({ url: base + path, connections: 10, duration: seconds })
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    }
  }
  const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!

  const healthRuns: number[] = []
  const results: {
    name: string
    path: string
    rps: number
    ratio: number
    p50: number
    p99: number
    p50Ratio: number
    p99Ratio: number
    errors: number
  }[] = []
  for (const [name, path] of endpoints) {
    const runs: (Awaited<ReturnType<typeof run>> & { ratio: number; p50Ratio: number; p99Ratio: number })[] = []
    for (let round = 0; round < rounds; round++) {
      const health = await run('/api/health')
      const endpoint = await run(path)
      healthRuns.push(health.rps)
      runs.push({
        ...endpoint,
        ratio: endpoint.rps / health.rps,
        p50Ratio: endpoint.p50 / Math.max(health.p50, 1),
        p99Ratio: endpoint.p99 / Math.max(health.p99, 1),
      })
    }
    const result = {
      name,
      path,
      rps: median(runs.map((r) => r.rps)),
      ratio: median(runs.map((r) => r.ratio)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      p50Ratio: median(runs.map((r) => r.p50Ratio)),
      p99Ratio: median(runs.map((r) => r.p99Ratio)),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
    }
    results.push(result)
    console.log(
      `${name.padEnd(34)} ${result.rps.toFixed(0).padStart(6)} req/s  ×${result.ratio.toFixed(2)} health  p50 ${result.p50} ms  p99 ${result.p99} ms  errors ${result.errors}`,
    )
  }

  console.log('CPU time per request in one process…')
  const cpu = JSON.parse(
    execFileSync(
      process.execPath,
      ['node_modules/tsx/dist/cli.mjs', 'bench/handler-cpu.ts', '/api/health', ...endpoints.map(([, path]) => path)],
      {
        env: { ...process.env, ...productionEnv(dbFile) },
        encoding: 'utf8',
      },
    ),
  ) as Record<string, number>
  const healthCpu = cpu['/api/health']!

  const short = (path: string) => (path.length > 60 ? path.slice(0, 57) + '…' : path)
  const rows = results.map((r) => {
    const ok = r.p99 < 50 && r.ratio >= 0.25 && r.errors === 0
    const ms = cpu[r.path]!
    return `| ${r.name} | \`${short(r.path)}\` | ${r.rps.toFixed(0)} | ${r.ratio.toFixed(2)} | ${r.p50} (×${r.p50Ratio.toFixed(1)}) | ${r.p99} (×${r.p99Ratio.toFixed(1)}) | ${r.errors} | ${ms.toFixed(3)} (×${(ms / healthCpu).toFixed(1)}) | ${ok ? 'yes' : '**no**'} |`
  })
  writeSection(
    'api',
    `## REST API at ${nfts.toLocaleString('en-US')} NFTs (\`npm run bench:api\`)

Measured ${new Date().toISOString().slice(0, 10)} on this ${availableParallelism()}-core machine: Node production build
(\`npm start\`, one process per core, ADR 10), embedded libSQL file, autocannon with 10 connections from the same
machine. Each endpoint: ${rounds} rounds of a ${seconds} s run of \`/api/health\` then ${seconds} s of the endpoint;
medians over the rounds; each "×" is the median of each round's ratio to health (req/s, or
latency in ms, health's taken as at least 1 ms). \`/api/health\` itself
(one \`select 1\`): median ${median(healthRuns).toFixed(0)} req/s over all rounds. Target: p99 < 50 ms and at least 1/4 of
/api/health's req/s. "CPU ms/req": CPU time per request of the built handler in one process
without HTTP, ${healthCpu.toFixed(3)} ms for \`/api/health\` (bench/handler-cpu.ts).

| endpoint | path | req/s | × health | p50 ms | p99 ms | errors | CPU ms/req | meets target |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${rows.join('\n')}
`,
  )
} finally {
  await server.stop()
}
