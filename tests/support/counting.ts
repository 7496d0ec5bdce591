/**
 * Counters of what one round costs: the chain calls an RPC proxy sees (by method, a JSON-RPC
 * batch one HTTP request), and the statements and round trips a Database sends to libSQL.
 *
 *   const rpc = await countingRpc(chain.url)        // point the runtime's chain at rpc.url
 *   const sql = countingDatabase(runtime.db)
 *   rpc.reset(); sql.reset(); await round(); rpc.counts, sql.counts
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Client } from '@libsql/client'
import type { Database } from '../../db/client'

export interface RpcCounts {
  /** HTTP requests: what a Worker pays as subrequests. */
  requests: number
  /** JSON-RPC calls by method (a batch's calls each). */
  methods: Record<string, number>
  /** Each request's methods, in order (a batch several). */
  sent: string[][]
}

/** `rewrite` may change an answer's text before it is passed on (e.g. drop a field some RPCs lack). */
export async function countingRpc(upstream: string, rewrite: (answer: string, methods: string[]) => string = (a) => a) {
  const counts: RpcCounts = { requests: 0, methods: {}, sent: [] }
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString()
    const parsed = JSON.parse(body) as { method: string } | { method: string }[]
    const methods = (Array.isArray(parsed) ? parsed : [parsed]).map((call) => call.method)
    counts.requests++
    counts.sent.push(methods)
    for (const method of methods) counts.methods[method] = (counts.methods[method] ?? 0) + 1
    const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    res.setHeader('content-type', 'application/json')
    res.end(rewrite(await answer.text(), methods))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    reset() {
      Object.assign(counts, { requests: 0, methods: {}, sent: [] })
    },
    close() {
      server.closeAllConnections()
      server.close()
    },
  }
}

export interface SqlCounts {
  /** Round trips: each statement, each batch, and a transaction's begin and commit. */
  requests: number
  /** Statements that change rows (INSERT, UPDATE, DELETE), and transactions opened. */
  writes: number
  transactions: number
  statements: string[]
}

const WRITE = /^\s*(insert|update|delete|replace)\b/i

interface Logger {
  logQuery(query: string, params: unknown[]): void
}

/** Counts what `db` sends from now on (through Drizzle's session: its logger and its client). */
export function countingDatabase(db: Database) {
  const counts: SqlCounts = { requests: 0, writes: 0, transactions: 0, statements: [] }
  const session = (db as unknown as { session: { logger: Logger; options: { logger?: Logger }; client: Client } })
    .session
  const logger: Logger = {
    logQuery(query) {
      counts.requests++
      counts.statements.push(query)
      if (WRITE.test(query)) counts.writes++
    },
  }
  session.logger = logger
  session.options.logger = logger
  const client = session.client
  session.client = new Proxy(client, {
    get(target, property) {
      if (property === 'transaction')
        return (...args: Parameters<Client['transaction']>) => {
          counts.requests += 2
          counts.transactions++
          return target.transaction(...args)
        }
      if (property === 'batch')
        return (...args: Parameters<Client['batch']>) => {
          counts.requests++
          return target.batch(...args)
        }
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
    },
  })
  return {
    counts,
    reset() {
      Object.assign(counts, { requests: 0, writes: 0, transactions: 0, statements: [] })
    },
  }
}
