/**
 * One database round trip for the reads a request starts together.
 *
 * Over HTTP (sqld, Turso) every `execute` is a round trip, and a page's loaders start several
 * queries at once (the home page's three lists, an item with its listings and offers). Inside
 * `readBatch(work)`, the plain SELECTs started before the event loop's next turn are sent as one
 * read-only `batch`: one round trip, one consistent snapshot. Writes, transactions and reads
 * outside a scope go to the client unchanged, and a batch that fails is retried statement by
 * statement, so each caller still gets its own answer or its own error.
 *
 * Scoped per request (AsyncLocalStorage, which workerd has under nodejs_compat, as TanStack
 * Start's own request context does): on Workers a promise must be settled from the request
 * that awaits it, so requests never share a batch.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Client, InStatement, ResultSet } from '@libsql/client'

interface Pending {
  statement: InStatement
  resolve: (result: ResultSet) => void
  reject: (error: unknown) => void
}

class ReadQueue {
  pending: Pending[] = []
  scheduled = false
}

const scope = new AsyncLocalStorage<ReadQueue>()
const SELECT = /^\s*(?:select|with)\s/i

/** Runs `work` with its reads batched (on a client wrapped by `batchingReads`). */
export const readBatch = <T>(work: () => T): T => scope.run(new ReadQueue(), work)

/** `client` whose plain reads inside `readBatch` share round trips. */
export function batchingReads(client: Client): Client {
  const execute = (statement: InStatement | string, args?: Parameters<Client['execute']>[1]): Promise<ResultSet> => {
    const queue = scope.getStore()
    const stmt: InStatement =
      typeof statement === 'string' ? (args === undefined ? statement : { sql: statement, args }) : statement
    const sql = typeof stmt === 'string' ? stmt : stmt.sql
    if (!queue || !SELECT.test(sql)) return client.execute(stmt)
    return new Promise<ResultSet>((resolve, reject) => {
      queue.pending.push({ statement: stmt, resolve, reject })
      if (queue.scheduled) return
      queue.scheduled = true
      // After this turn's microtasks: every loader that started a read by then joins it.
      setTimeout(() => {
        queue.scheduled = false
        void flush(client, queue.pending.splice(0))
      }, 0)
    })
  }
  return new Proxy(client, {
    get(target, property) {
      if (property === 'execute') return execute
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

async function flush(client: Client, batch: Pending[]): Promise<void> {
  if (batch.length === 1) {
    const [only] = batch as [Pending]
    return client.execute(only.statement).then(only.resolve, only.reject)
  }
  try {
    const results = await client.batch(
      batch.map((p) => p.statement),
      'read',
    )
    batch.forEach((p, i) => p.resolve(results[i]!))
  } catch {
    // One bad statement fails the whole batch: let each find out on its own.
    await Promise.all(batch.map((p) => client.execute(p.statement).then(p.resolve, p.reject)))
  }
}
