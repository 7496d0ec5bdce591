import type { Database } from '../client'

/** An open transaction of `Database`. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
/**
 * Where an operation runs: the database (the operation is its own transaction) or a caller's
 * transaction (it becomes a savepoint of it, as when the local market is seeded in one go).
 */
export type Db = Database | Tx

/** Rows or ids per statement: well below SQLite's limit on bound parameters. */
const CHUNK = 400

/** `items` in lists of at most CHUNK, one statement each. */
export const chunks = <T>(items: T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK))
