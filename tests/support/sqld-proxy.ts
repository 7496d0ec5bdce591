/**
 * A proxy in front of sqld on 127.0.0.1 that counts the database round trips passing through it
 * (each Hrana pipeline or cursor request is one) and can hold every request and every answer for
 * `delayMs` (a database far away: 80 ms each way is a visitor on another continent).
 */
import { createServer, request as httpRequest } from 'node:http'

export interface SqldProxy {
  /** The DATABASE_URL to hand the server instead of sqld's own. */
  url: string
  /** Round trips since the start or the last `reset()`. */
  roundTrips: () => number
  /** The SQL each of those round trips carried, one string per trip. */
  trips: () => string[]
  reset: () => void
  /** The next round trip whose SQL matches `pattern` is answered 503 without reaching sqld (a crash at that point). */
  failNext: (pattern: RegExp) => void
  stop: () => Promise<void>
}

/** What @libsql/client's HTTP transport posts per round trip (the version probe is not one). */
const ROUND_TRIP = /^\/v[0-9]+\/(pipeline|cursor)$/

/** Every `"sql"` string of a Hrana request body, joined: enough to tell what a trip was for. */
function sqlOf(body: string): string {
  const found: string[] = []
  JSON.parse(body, (key, value: unknown) => {
    if (key === 'sql' && typeof value === 'string') found.push(value)
    return value
  })
  return found.join('; ')
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function startSqldProxy(target: string, { delayMs = 0 } = {}): Promise<SqldProxy> {
  const upstream = new URL(target)
  let trips: string[] = []
  let failing: RegExp | undefined
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', async () => {
      if (ROUND_TRIP.test(incoming.url ?? '')) {
        const statements = sqlOf(Buffer.concat(chunks).toString('utf8'))
        trips.push(statements)
        if (failing?.test(statements)) {
          failing = undefined
          outgoing.writeHead(503, { 'content-type': 'text/plain' })
          outgoing.end('sqld proxy: failed on purpose')
          return
        }
      }
      await wait(delayMs)
      const forwarded = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: upstream.host },
        },
        (answer) => {
          const body: Buffer[] = []
          answer.on('data', (chunk: Buffer) => body.push(chunk))
          answer.on('end', async () => {
            await wait(delayMs)
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
            outgoing.end(Buffer.concat(body))
          })
        },
      )
      forwarded.on('error', (error) => {
        outgoing.writeHead(502, { 'content-type': 'text/plain' })
        outgoing.end(`sqld proxy: ${error.message}`)
      })
      forwarded.end(Buffer.concat(chunks))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    roundTrips: () => trips.length,
    trips: () => [...trips],
    reset: () => {
      trips = []
    },
    failNext: (pattern) => {
      failing = pattern
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
