/**
 * `npm run bench:pages`: server rendering of home, explore, an item and a collection on the Node
 * production build (`npm start`, one process per core) over the default seed, with autocannon
 * (50 connections) from the same machine. Node keeps no page cache (the edge cache is the
 * Workers'; Node only labels answers for a CDN), so every request is rendered. Each page is
 * measured in rounds, each right after a run of /api/health, and compared with it per round.
 * Targets: at least 1/10 of /api/health's req/s, p99 ≤ 500 ms. Each page's CPU time per render
 * in one process without HTTP is given too (bench/handler-cpu.ts): the machine is shared, and
 * that figure moves least with what else runs on it.
 *   BENCH_SECONDS=5  duration of each run
 *   BENCH_ROUNDS=3   rounds per page
 */
import { mkdirSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { handlerCpu, measureEndpoints, type Endpoint } from './endpoints'
import { seedDatabase, startProductionServer, writeSection } from './lib'

const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
const connections = 50
const dbFile = 'bench/.tmp/pages.db'
/** Renders are ~20× a list request: fewer calls per CPU round than bench:api's. */
process.env.BENCH_CPU_CALLS ??= '100'

mkdirSync('bench/.tmp', { recursive: true })
rmSync(dbFile, { force: true })
seedDatabase(dbFile)
const server = await startProductionServer(dbFile)
const base = server.url

try {
  const top = (await (await fetch(`${base}/api/v1/collections?tab=top&limit=1`)).json()) as { data: { slug: string }[] }
  const pages: Endpoint[] = [
    ['home', '/'],
    ['explore', '/collection/explore_collection'],
    ['item', '/item/item_20'],
    ['collection', `/collection/${top.data[0]!.slug}`],
  ]
  const sizes: Record<string, number> = {}
  for (const [name, path] of pages) {
    const response = await fetch(base + path)
    const html = await response.text()
    if (response.status !== 200 || !html.includes('</html>')) {
      throw new Error(`${name} (${path}) answers ${response.status}: nothing to measure`)
    }
    sizes[path] = html.length
  }
  const load = loadavg()[0]!.toFixed(1)
  const { results, healthRps } = await measureEndpoints(base, pages, { seconds, rounds, connections })
  await server.stop()
  const cpu = handlerCpu(
    dbFile,
    pages.map(([, path]) => path),
  )
  const rows = results.map((r) => {
    const ms = cpu.cpu[r.path]!
    const met = r.ratio >= 0.1 && r.p99 <= 500 && r.errors === 0
    return `| ${r.name} | \`${r.path}\` | ${(sizes[r.path]! / 1024).toFixed(0)} KB | ${r.rps.toFixed(0)} | ${r.ratio.toFixed(3)} | ${r.p50} | ${r.p99} | ${r.errors} | ${ms.toFixed(2)} (×${(ms / cpu.health).toFixed(0)}) | ${met ? 'yes' : '**no**'} |`
  })
  writeSection(
    'pages',
    `## Server-rendered pages (\`npm run bench:pages\`)

Measured ${new Date().toISOString().slice(0, 10)} on this ${availableParallelism()}-core machine, load average ${load} when the
run began (the machine is shared with other work: figures move by ±30 % between runs). Node production
build (\`npm start\`, one process per core), default seed, no page cache; autocannon with ${connections}
connections from the same machine. Each page: ${rounds} rounds of a ${seconds} s run of \`/api/health\` then
${seconds} s of the page; medians over the rounds, "× health" the median of each round's ratio.
\`/api/health\`: median ${healthRps.toFixed(0)} req/s. Target: ≥ 0.1 × health, p99 ≤ 500 ms. "CPU ms/render":
CPU time per request of the built handler in one process without HTTP (health: ${cpu.health.toFixed(3)} ms).

| page | path | HTML | req/s | × health | p50 ms | p99 ms | errors | CPU ms/render | meets target |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${rows.join('\n')}
`,
  )
} finally {
  await server.stop()
}
