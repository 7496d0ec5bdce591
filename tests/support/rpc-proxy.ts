/**
 * A JSON-RPC proxy in front of a local chain that keeps, per method, how many requests were sent
 * and the most that were under way at once (batches count each call they carry).
 */
import { createServer } from 'node:http'

export interface RpcProxy {
  url: string
  /** The most `method` calls that were under way at the same time since the start or `reset()`. */
  peak: (method: string) => number
  calls: (method: string) => number
  reset: () => void
  stop: () => Promise<void>
}

export async function startRpcProxy(target: string): Promise<RpcProxy> {
  const running = new Map<string, number>()
  let peaks = new Map<string, number>()
  let counts = new Map<string, number>()
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8')
      let methods: string[] = []
      try {
        const parsed = JSON.parse(body) as { method: string } | { method: string }[]
        methods = (Array.isArray(parsed) ? parsed : [parsed]).map((call) => call.method)
      } catch {
        // forwarded as it is: the chain answers what it makes of it
      }
      for (const method of methods) {
        const now = (running.get(method) ?? 0) + 1
        running.set(method, now)
        peaks.set(method, Math.max(peaks.get(method) ?? 0, now))
        counts.set(method, (counts.get(method) ?? 0) + 1)
      }
      try {
        const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        outgoing.writeHead(answer.status, { 'content-type': 'application/json' })
        outgoing.end(await answer.text())
      } catch (error) {
        outgoing.writeHead(502, { 'content-type': 'text/plain' })
        outgoing.end(`rpc proxy: ${(error as Error).message}`)
      } finally {
        for (const method of methods) running.set(method, running.get(method)! - 1)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    peak: (method) => peaks.get(method) ?? 0,
    calls: (method) => counts.get(method) ?? 0,
    reset: () => {
      peaks = new Map()
      counts = new Map()
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
