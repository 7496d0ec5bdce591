/**
 * Drizzle prepared queries, kept per database under a key naming everything their SQL
 * depends on (the values are placeholders): a list builds its SQL once per shape of query
 * (sort, which filters), not once per request. Bounded: shapes are few, and a flood of
 * new ones only empties the cache.
 */
import { fillPlaceholders, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Database } from '../../db/client'

const byDatabase = new WeakMap<Database, Map<string, unknown>>()
const MAX_SHAPES = 1_000

export function prepared<T>(db: Database, key: string, prepare: () => T): T {
  let cache = byDatabase.get(db)
  if (!cache) byDatabase.set(db, (cache = new Map()))
  let query = cache.get(key) as T | undefined
  if (query === undefined) {
    if (cache.size >= MAX_SHAPES) cache.clear()
    cache.set(key, (query = prepare()))
  }
  return query
}

/** The prepared query of one shape of a list (`name` tells lists apart), built the first time. */
export const preparedShape = <S, P>(db: Database, name: string, shape: S, build: (shape: S) => { prepare: () => P }) =>
  prepared(db, `${name}:${JSON.stringify(shape)}`, () => build(shape).prepare())

/**
 * A placeholder where Drizzle's types want a value (`eq(column, …)`, `.limit(…)`). Bound
 * as given: pass what the driver stores (a Date column's milliseconds, not the Date).
 */
export const placeholder = <T = never>(name: string): T => sql.placeholder(name) as Placeholder as T

/**
 * `value IN (the ids of a JSON array)`: a list of any length behind one placeholder (bind
 * `JSON.stringify(ids)`), where `IN (?, ?, …)` would make each length its own statement.
 * SQLite looks each id up by key.
 */
export const inJsonList = (value: SQLWrapper, list: SQLWrapper): SQL =>
  sql`${value} IN (SELECT value FROM json_each(${list}))`

/** A query's SQL with its placeholders filled in, as the query-plan test explains it. */
export function filledStatement(
  query: { toSQL: () => { sql: string; params: unknown[] } },
  values: Record<string, unknown>,
): { sql: string; params: unknown[] } {
  const { sql: text, params } = query.toSQL()
  return { sql: text, params: fillPlaceholders(params, values) }
}
