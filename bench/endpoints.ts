/**
 * Measuring REST endpoints against the production server, shared by bench/api.ts and
 * bench/backfill.ts: autocannon in rounds, each right after a run of /api/health (the machine is
 * shared and noisy, so each endpoint's ratio to health is taken per round and the median kept),
 * and each endpoint's CPU time per request in one process without HTTP (bench/handler-cpu.ts).
 */
import { execFileSync } from 'node:child_process'
import autocannon from 'autocannon'
import { productionEnv } from './lib'

/** [name shown in the table, path] */
export type Endpoint = [string, string]

export interface EndpointResult {
  name: string
  path: string
  rps: number
  ratio: number
  p50: number
  p99: number
  p50Ratio: number
  p99Ratio: number
  errors: number
}

/** The targets of a list endpoint: p99 under 50 ms, at least 1/4 of /api/health's req/s, no error. */
export const meetsTarget = (r: EndpointResult) => r.p99 < 50 && r.ratio >= 0.25 && r.errors === 0

export const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!

/**
 * Fails when an endpoint answers anything but 200 with something to show: timing an empty page
 * would flatter it (a database seeded long ago has no live auctions or offers left).
 */
export async function expectContent(base: string, endpoints: Endpoint[], hint: string): Promise<void> {
  for (const [name, path] of endpoints) {
    const response = await fetch(base + path)
    const body = (await response.json()) as { data: unknown }
    const shown = Array.isArray(body.data)
      ? body.data.length
      : Object.values(body.data as object).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 1), 0)
    if (response.status !== 200 || shown === 0) {
      throw new Error(`${name} (${path}) answers ${response.status} with nothing to show; ${hint}`)
    }
  }
}

/** Each endpoint in `rounds` rounds of `seconds` s, each after as long a run of /api/health (10 connections unless said). */
export async function measureEndpoints(
  base: string,
  endpoints: Endpoint[],
  { seconds, rounds, connections = 10 }: { seconds: number; rounds: number; connections?: number },
): Promise<{ results: EndpointResult[]; healthRps: number; healthErrors: number; healthRequests: number }> {
  const run = async (path: string) => {
    const result = await autocannon({ url: base + path, connections, duration: seconds })
    return {
      rps: result.requests.average,
      requests: result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    }
  }
  const healthRuns: number[] = []
  // /api/health answers 503 when its write probe finds the lock taken (two server processes
  // probing at once, under load): counted, as such answers are cheaper than a real one.
  let healthErrors = 0
  let healthRequests = 0
  const results: EndpointResult[] = []
  for (const [name, path] of endpoints) {
    const runs: (Awaited<ReturnType<typeof run>> & { ratio: number; p50Ratio: number; p99Ratio: number })[] = []
    for (let round = 0; round < rounds; round++) {
      const health = await run('/api/health')
      const endpoint = await run(path)
      healthRuns.push(health.rps)
      healthErrors += health.errors
      healthRequests += health.requests
      runs.push({
        ...endpoint,
        ratio: endpoint.rps / health.rps,
        p50Ratio: endpoint.p50 / Math.max(health.p50, 1),
        p99Ratio: endpoint.p99 / Math.max(health.p99, 1),
      })
    }
    const result: EndpointResult = {
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
  return { results, healthRps: median(healthRuns), healthErrors, healthRequests }
}

/**
 * CPU ms per request of each path (and /api/health first) in one process without HTTP. Run it
 * after the server has stopped: health's write probe answers 503 while another process writes.
 */
export function handlerCpu(dbFile: string, paths: string[]): { cpu: Record<string, number>; health: number } {
  console.log('CPU time per request in one process…')
  const cpu = JSON.parse(
    execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'bench/handler-cpu.ts', '/api/health', ...paths], {
      env: { ...process.env, ...productionEnv(dbFile) },
      encoding: 'utf8',
    }),
  ) as Record<string, number>
  return { cpu, health: cpu['/api/health']! }
}

/** The Markdown table of `results`, CPU columns from `handlerCpu`. */
export function endpointTable(results: EndpointResult[], { cpu, health }: ReturnType<typeof handlerCpu>): string {
  const short = (path: string) => (path.length > 60 ? path.slice(0, 57) + '…' : path)
  const rows = results.map((r) => {
    const ms = cpu[r.path]!
    return `| ${r.name} | \`${short(r.path)}\` | ${r.rps.toFixed(0)} | ${r.ratio.toFixed(2)} | ${r.p50} (×${r.p50Ratio.toFixed(1)}) | ${r.p99} (×${r.p99Ratio.toFixed(1)}) | ${r.errors} | ${ms.toFixed(3)} (×${(ms / health).toFixed(1)}) | ${meetsTarget(r) ? 'yes' : '**no**'} |`
  })
  return `| endpoint | path | req/s | × health | p50 ms | p99 ms | errors | CPU ms/req | meets target |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${rows.join('\n')}`
}
