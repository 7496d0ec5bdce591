/**
 * A JSON-RPC proxy in front of a local chain that keeps, per method, how many calls were sent
 * and how many of them asked exactly what an earlier one asked (batches count each call).
 */
import { createServer } from 'node:http'

export interface RpcProxy {
  url: string
  calls: (method: string) => number
  /** Calls of `method` with the same parameters as an earlier one (a block range read twice). */
  repeats: (method: string) => number
  reset: () => void
  stop: () => Promise<void>
}

export async function startRpcProxy(target: string): Promise<RpcProxy> {
  let seen = new Set<string>()
  let repeated = new Map<string, number>()
  let counts = new Map<string, number>()
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8')
      try {
        const parsed = JSON.parse(body) as { method: string; params?: unknown } | { method: string; params?: unknown }[]
        for (const { method, params } of Array.isArray(parsed) ? parsed : [parsed]) {
          counts.set(method, (counts.get(method) ?? 0) + 1)
          const key = `${method} ${JSON.stringify(params)}`
          if (seen.has(key)) repeated.set(method, (repeated.get(method) ?? 0) + 1)
          seen.add(key)
        }
      } catch {
        // forwarded as it is: the chain answers what it makes of it
      }
      try {
        const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        outgoing.writeHead(answer.status, { 'content-type': 'application/json' })
        outgoing.end(await answer.text())
      } catch (error) {
        outgoing.writeHead(502, { 'content-type': 'text/plain' })
        outgoing.end(`rpc proxy: ${(error as Error).message}`)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    calls: (method) => counts.get(method) ?? 0,
    repeats: (method) => repeated.get(method) ?? 0,
    reset: () => {
      seen = new Set()
      repeated = new Map()
      counts = new Map()
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
