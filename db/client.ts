import { createClient, type Client } from '@libsql/client'
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql'
import { embeddedPath, withEmbeddedReads } from '#db/embedded-reads'
import { batchingReads } from './read-batches'
import * as schema from './schema'
import { serialTransactions } from './serial-transactions'
import { takingTurns } from './turns'

export type Database = LibSQLDatabase<typeof schema> & { $client: Client }

export interface DatabaseConfig {
  url: string
  authToken?: string | undefined
  /**
   * Embedded only: how long a write waits for another process's write lock before it fails with
   * SQLITE_BUSY (a 503 for a request). Default REQUEST_BUSY_WAIT_MS.
   */
  busyWaitMs?: number | undefined
}

/** A request's write gives up on a held write lock after this long: as long as health waits. */
export const REQUEST_BUSY_WAIT_MS = 1_000
/** Scripts (migrations, seeding, a command-line index run) may wait longer: nobody is kept waiting. */
export const BACKGROUND_BUSY_WAIT_MS = 5_000

/**
 * One Drizzle database over @libsql/client. The URL picks the transport:
 * `file:` (embedded, Node only), `http://127.0.0.1:8080` (sqld) or `libsql://` (Turso).
 * Under workerd, @libsql/client resolves to its web build, which speaks HTTP only.
 */
export function createDatabase({ url, authToken, busyWaitMs = REQUEST_BUSY_WAIT_MS }: DatabaseConfig): Database {
  const embedded = url.startsWith('file:') || url === ':memory:'
  // Embedded: this process's own transactions take turns, and a write waits for another
  // process's lock by retrying, never in SQLite's busy timeout (a native sleep that would stall
  // every request, reads included). A server (sqld, Turso) waits on its side, a round trip away:
  // reads a request starts together share one.
  const client = embedded
    ? serialTransactions(createClient({ url, authToken, timeout: 0 }), {
        busyWaitMs,
        discardBusyConnections: !url.includes(':memory:'),
      })
    : // No queue of its own (the client's default is 20 statements at once, shared by the whole
      // isolate): a statement queued by one request would be sent when another's ends, from that
      // request's context, which Workers cancel as a hung request, and the queue then never drains.
      batchingReads(createClient({ url, authToken, concurrency: Number.POSITIVE_INFINITY }))
  if (!embedded) return drizzle(client, { schema })
  // Its statements answer synchronously: a long run of them takes turns with requests (./turns.ts).
  const path = embeddedPath(url)
  return drizzle(takingTurns(path === null ? client : withEmbeddedReads(client, path)), { schema })
}

const lockProbes = new Map<string, Client>()
/** One probe at a time per file: concurrent health checks share it instead of contending. */
const probesUnderWay = new Map<string, Promise<void>>()
/** Between tries of the non-waiting probe: short, so a brief write does not read as blocked. */
const PROBE_RETRY_MS = 25

/**
 * Throws when a write could not take the database's write lock within `waitMs`. An embedded file
 * is asked on a connection of its own that does not wait (the native call would stall the event
 * loop for the whole busy timeout), tried again every few ms until `waitMs` has passed, so only
 * a lock held that long (not another process's short write) reads as blocked; a server is asked
 * with the write itself, bounded by `waitMs`. The statement needs the lock and changes nothing.
 */
export async function assertWritable(db: Database, { url, authToken }: DatabaseConfig, waitMs: number): Promise<void> {
  const probe = 'DELETE FROM leases WHERE 0'
  if (url.startsWith('file:') && url !== 'file::memory:') {
    let underWay = probesUnderWay.get(url)
    if (!underWay) {
      underWay = probeFile({ url, authToken }, probe, waitMs).finally(() => probesUnderWay.delete(url))
      probesUnderWay.set(url, underWay)
    }
    return underWay
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const blocked = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`writes are blocked: no write lock within ${waitMs} ms`)), waitMs)
  })
  const write = db.$client.execute(probe)
  write.catch(() => {}) // may settle after the answer
  try {
    await Promise.race([write, blocked])
  } finally {
    clearTimeout(timer)
  }
}

async function probeFile({ url, authToken }: DatabaseConfig, probe: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs
  for (;;) {
    let client = lockProbes.get(url)
    if (!client) lockProbes.set(url, (client = createClient({ url, authToken, timeout: 0 })))
    try {
      await client.execute(probe)
      return
    } catch (error) {
      // A connection whose write found the lock taken keeps a lock of its own afterwards (libsql
      // leaves the failed statement open), which would block every other writer: never reuse it.
      lockProbes.delete(url)
      client.close()
      if (Date.now() >= deadline) {
        throw new Error(`writes are blocked: another writer held the database lock for ${waitMs} ms`, {
          cause: error,
        })
      }
      await new Promise((resolve) => setTimeout(resolve, PROBE_RETRY_MS))
    }
  }
}
