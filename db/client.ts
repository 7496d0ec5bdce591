import { createClient, type Client } from '@libsql/client'
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql'
import { embeddedPath, withEmbeddedReads } from '#db/embedded-reads'
import * as schema from './schema'

export type Database = LibSQLDatabase<typeof schema> & { $client: Client }

export interface DatabaseConfig {
  url: string
  authToken?: string | undefined
}

/**
 * One Drizzle database over @libsql/client. The URL picks the transport:
 * `file:` (embedded, Node only), `http://127.0.0.1:8080` (sqld) or `libsql://` (Turso).
 * Under workerd, @libsql/client resolves to its web build, which speaks HTTP only.
 */
export function createDatabase({ url, authToken }: DatabaseConfig): Database {
  const client = createClient({ url, authToken })
  const path = embeddedPath(url)
  if (path === null) return drizzle(client, { schema })
  // A write waits up to 5 s for another connection's lock (a transaction, the read connection,
  // another process) instead of failing with SQLITE_BUSY.
  void client.execute('PRAGMA busy_timeout = 5000').catch(() => undefined)
  return drizzle(withEmbeddedReads(client, path), { schema })
}
