/**
 * `npm run bench:health`: what a load balancer's probe costs. `/api/health` against
 * `/robots.txt` (a static answer built in memory, the cheapest route the server has) on the Node
 * production build (`npm start`, one process per core), autocannon on 127.0.0.1, in alternating
 * rounds (the machine is shared and noisy). Measured twice: as shipped (HEALTH_CACHE_MS=1000,
 * a report kept a second per isolate) and with HEALTH_CACHE_MS=0 (each probe reads the database
 * once, checks under way shared). Target: health at least half of robots.txt's req/s.
 *   BENCH_SECONDS=5   duration of each run
 *   BENCH_ROUNDS=5    rounds per server
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { availableParallelism, cpus, loadavg } from 'node:os'
import autocannon from 'autocannon'
import { createDatabase } from '../db/client'
import { drainCachePurges } from '../server/http/cache-purge'
import { median } from './endpoints'
import { migrateDatabase, productionEnv, seedDatabase, startProductionServer, writeSection } from './lib'

const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const rounds = Number(process.env.BENCH_ROUNDS ?? 5)
const connections = 10
const dbFile = 'bench/.tmp/health.db'

mkdirSync('bench/.tmp', { recursive: true })
if (existsSync(dbFile)) migrateDatabase(dbFile)
else seedDatabase(dbFile, ['--nfts', '1000'])
{
  // The seed leaves its pages' purges in the outbox, which a Node server empties at its first
  // write or indexer round; until then health says the edge cache is late (503). Empty it as
  // that first round would, so that the probes timed are the 200s a running site answers.
  const db = createDatabase({ url: `file:${dbFile}` })
  await drainCachePurges({ db, env: { cachePurge: undefined } })
  db.$client.close()
}

interface Run {
  rps: number
  p50: number
  p99: number
  errors: number
}

async function run(url: string): Promise<Run> {
  const result = await autocannon({ url, connections, duration: seconds })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

interface Measured {
  label: string
  robots: Run
  health: Run
  ratio: number
}

async function measure(label: string, env: Record<string, string>, build: boolean): Promise<Measured> {
  const server = await startProductionServer(dbFile, { env, build })
  try {
    const first = await fetch(`${server.url}/api/health`)
    if (first.status !== 200) throw new Error(`/api/health answers ${first.status}: ${await first.text()}`)
    const robots: Run[] = []
    const health: Run[] = []
    const ratios: number[] = []
    for (let round = 0; round < rounds; round++) {
      const r = await run(`${server.url}/robots.txt`)
      const h = await run(`${server.url}/api/health`)
      robots.push(r)
      health.push(h)
      ratios.push(h.rps / r.rps)
      console.log(`${label} round ${round + 1}: robots ${r.rps.toFixed(0)} req/s, health ${h.rps.toFixed(0)} req/s`)
    }
    const summary = (runs: Run[]): Run => ({
      rps: median(runs.map((x) => x.rps)),
      p50: median(runs.map((x) => x.p50)),
      p99: median(runs.map((x) => x.p99)),
      errors: runs.reduce((sum, x) => sum + x.errors, 0),
    })
    return { label, robots: summary(robots), health: summary(health), ratio: median(ratios) }
  } finally {
    await server.stop()
  }
}

const loadBefore = loadavg()[0]!
const shipped = await measure('HEALTH_CACHE_MS=1000 (default)', {}, true)
const uncached = await measure('HEALTH_CACHE_MS=0', { HEALTH_CACHE_MS: '0' }, false)

/** CPU ms per request of the built handler in one process without HTTP (bench/handler-cpu.ts). */
function handlerCpu(cacheMs: string): Record<string, number> {
  const output = execFileSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'bench/handler-cpu.ts', '/robots.txt', '/api/health'],
    { env: { ...process.env, ...productionEnv(dbFile), HEALTH_CACHE_MS: cacheMs }, encoding: 'utf8' },
  )
  return JSON.parse(output) as Record<string, number>
}
const cpuShipped = handlerCpu('1000')
const cpuUncached = handlerCpu('0')

const row = (m: Measured, path: string, r: Run) =>
  `| ${m.label} | \`${path}\` | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} |`
const date = new Date().toISOString().slice(0, 10)
writeSection(
  'health',
  `## A load balancer's probe: \`/api/health\` against \`/robots.txt\` (\`npm run bench:health\`)

Measured ${date} on this shared 2-core machine (${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, other
engineers' jobs running beside it: load average ${loadBefore.toFixed(1)} when it began, ${loadavg()[0]!.toFixed(1)} when it ended): Node production build (\`npm start\`, one process per core, ADR 10),
embedded libSQL file, autocannon with ${connections} connections from the same machine, so the load
generator takes a share of the two cores the server has. ${rounds} rounds of ${seconds} s of \`/robots.txt\`
then ${seconds} s of \`/api/health\` on each server; medians over the rounds, the ratio taken per round.
Target: health at least half of robots.txt's req/s.

| configuration | path | req/s | p50 ms | p99 ms | errors |
| --- | --- | ---: | ---: | ---: | ---: |
${row(shipped, '/robots.txt', shipped.robots)}
${row(shipped, '/api/health', shipped.health)}
${row(uncached, '/robots.txt', uncached.robots)}
${row(uncached, '/api/health', uncached.health)}

Health ÷ robots.txt: ${shipped.ratio.toFixed(2)} as shipped (a report kept 1 s per isolate), ${uncached.ratio.toFixed(2)} with
HEALTH_CACHE_MS=0 (one read per probe; probes under way share it). Before this change health took a
\`select 1\`, the write-lock probe (a write), the indexer's cursors and the purge outbox on every call:
about 2,100 req/s where robots.txt answered 7,400 (0.28; the earlier figures, not measured in this run).

CPU per request of the built handler in one process without HTTP (bench/handler-cpu.ts, least of 5
rounds of 400 calls; unaffected by the load generator): \`/robots.txt\` ${cpuShipped['/robots.txt']!.toFixed(3)} ms,
\`/api/health\` ${cpuShipped['/api/health']!.toFixed(3)} ms as shipped and ${cpuUncached['/api/health']!.toFixed(3)} ms with HEALTH_CACHE_MS=0 (one
read per call).`,
)
console.log(`health ÷ robots.txt: ${shipped.ratio.toFixed(2)} (cached), ${uncached.ratio.toFixed(2)} (uncached)`)
