/**
 * CPU time per request of the built fetch handler in this one process, without HTTP: what an
 * endpoint costs the server, unaffected by the load generator sharing the machine. Every path
 * is warmed first (statements prepared, code optimised), then measured in rounds taken in turn;
 * the least CPU of a round counts, as the machine's noise only ever adds. Run by bench/api.ts
 * with the server's environment; prints one JSON object { path: ms }.
 *   node … bench/handler-cpu.ts <path>…
 */
const CALLS = Number(process.env.BENCH_CPU_CALLS ?? 400)
const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 5)
const { default: entry } = (await import(new URL('../dist/server/server.js', import.meta.url).href)) as {
  default: { fetch: (request: Request) => Promise<Response> }
}

async function call(path: string) {
  const response = await entry.fetch(new Request(`http://127.0.0.1${path}`))
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
}

const paths = process.argv.slice(2)
for (const path of paths) for (let i = 0; i < CALLS; i++) await call(path)
const least: Record<string, number> = {}
for (let round = 0; round < ROUNDS; round++) {
  for (const path of paths) {
    const before = process.cpuUsage()
    for (let i = 0; i < CALLS; i++) await call(path)
    const used = process.cpuUsage(before)
    least[path] = Math.min(least[path] ?? Infinity, (used.user + used.system) / 1000 / CALLS)
  }
}
console.log(JSON.stringify(least))
