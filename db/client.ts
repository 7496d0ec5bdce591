import { createClient, type Client } from '@libsql/client'
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql'
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
  // An embedded file is shared by `npm run dev`'s server and its indexer loop (two processes):
  // wait up to 5 s for the other's write lock instead of failing with SQLITE_BUSY.
  if (url.startsWith('file:')) void client.execute('PRAGMA busy_timeout = 5000').catch(() => undefined)
  return drizzle(client, { schema })
}
