/**
 * CPU time per request of the built fetch handler in this one process, without HTTP: what an
 * endpoint costs the server, unaffected by the load generator sharing the machine. Run by
 * bench/api.ts with the server's environment; prints one JSON object { path: ms }.
 *   node … bench/handler-cpu.ts <path>…
 */
const CALLS = Number(process.env.BENCH_CPU_CALLS ?? 2_000)
const { default: entry } = (await import(new URL('../dist/server/server.js', import.meta.url).href)) as {
  default: { fetch: (request: Request) => Promise<Response> }
}

async function call(path: string) {
  const response = await entry.fetch(new Request(`http://127.0.0.1${path}`))
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
}

const result: Record<string, number> = {}
for (const path of process.argv.slice(2)) {
  for (let i = 0; i < CALLS / 4; i++) await call(path) // warm: statements prepared, code optimised
  const before = process.cpuUsage()
  for (let i = 0; i < CALLS; i++) await call(path)
  const used = process.cpuUsage(before)
  result[path] = (used.user + used.system) / 1000 / CALLS
}
console.log(JSON.stringify(result))
