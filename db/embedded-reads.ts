/**
 * Reads of an embedded database file without @libsql/client's per-query overhead.
 *
 * For `file:` URLs @libsql/client prepares every statement again and builds each row with a
 * `defineProperty` per column; on a 25-row list page that is most of the request's time
 * (bench/RESULTS.md, ADR 9). Here plain SELECTs outside transactions run on a second
 * connection to the same file, used for nothing else, that keeps its prepared statements;
 * rows are arrays of values that also carry each column by name (see rowType). Everything
 * else (writes, batches, transactions) goes to @libsql/client unchanged. The file is in WAL mode (db/migrate.server.ts), so each
 * read sees the last committed write and never blocks a writer.
 *
 * Node only (`libsql` is a native addon): package.json's `imports` map gives workerd, where
 * there are no files, embedded-reads.workerd.ts instead.
 */
import { existsSync } from 'node:fs'
import type { Client, InArgs, InStatement, InValue, ResultSet, Row } from '@libsql/client'
import Database from 'libsql'

type NativeDatabase = Database.Database
type NativeStatement = Database.Statement<unknown[]>

/** Statements kept per connection; a page uses a handful of query shapes, filters add more. */
const MAX_STATEMENTS = 500
const SELECT = /^\s*select\s/i

/** The file behind an embedded URL (`file:rel/path`, `file:/abs`, `file:///abs`), or null. */
export function embeddedPath(url: string): string | null {
  if (!url.startsWith('file:')) return null
  const path = url
    .slice('file:'.length)
    .replace(/^\/\/(?=\/)/, '')
    .split('?')[0]!
  return path === '' || path.includes(':memory:') ? null : path
}

/** `client` with its plain reads served from a second connection to `path`. */
export function withEmbeddedReads(client: Client, path: string): Client {
  const reader = new Reader(path)
  const execute = (statement: InStatement | string, args?: InArgs): Promise<ResultSet> => {
    const sql = typeof statement === 'string' ? statement : statement.sql
    const values = typeof statement === 'string' ? args : statement.args
    if (!SELECT.test(sql) || (values !== undefined && !Array.isArray(values))) {
      return typeof statement === 'string' ? client.execute(statement, args) : client.execute(statement)
    }
    // Anything the fast path cannot do (the file not created yet, an unbindable value, bad
    // SQL) is left to @libsql/client, which answers or throws its own LibsqlError.
    return reader.all(sql, values ?? []).catch(() => client.execute({ sql, args: values ?? [] }))
  }
  return new Proxy(client, {
    get(target, property) {
      if (property === 'execute') return execute
      if (property === 'close') return () => (reader.close(), target.close())
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

class Reader {
  #database: NativeDatabase | undefined
  #statements = new Map<string, { statement: NativeStatement; rowType: RowType }>()
  #closed = false

  constructor(readonly path: string) {}

  async all(sql: string, args: InValue[]): Promise<ResultSet> {
    // Closed with its client: from then on the client answers (CLIENT_CLOSED, or after its
    // reconnect() every read).
    if (this.#closed) throw new Error('closed')
    const database = (this.#database ??= this.#open())
    let entry = this.#statements.get(sql)
    if (!entry) {
      const statement = database.prepare(sql)
      statement.safeIntegers(true)
      statement.raw(true)
      const columns = statement.columns()
      entry = { statement, rowType: rowType(columns.map((c) => c.name)) }
      if (this.#statements.size >= MAX_STATEMENTS) this.#statements.clear()
      this.#statements.set(sql, entry)
    }
    // One array argument, as @libsql/client passes it: positional, whatever the values are.
    const raw = entry.statement.all(args.map(toSql)) as unknown[][]
    const rows = raw.map(entry.rowType.make)
    const { columns } = entry.rowType
    return {
      columns,
      columnTypes: columns.map(() => ''),
      rows,
      rowsAffected: 0,
      lastInsertRowid: undefined,
      toJSON: () => ({ columns, rows: rows.map((row) => Array.from(row as ArrayLike<unknown>)) }),
    }
  }

  close(): void {
    this.#closed = true
    // libsql closes a connection once its statements are gone: drop them first.
    this.#statements.clear()
    this.#database?.close()
    this.#database = undefined
  }

  #open(): NativeDatabase {
    // Opening would create a missing file; until migrations have made it, reads go to the client.
    if (!existsSync(this.path)) throw new Error(`${this.path} does not exist yet`)
    const database = new Database(this.path)
    database.pragma('busy_timeout = 5000')
    // 64 MiB of page cache instead of SQLite's 2 MiB: list pages that filter on the way along
    // an index (NSFW only, say) touch many pages, and at a million items 2 MiB keeps none of them.
    database.pragma('cache_size = -65536')
    return database
  }
}

interface RowType {
  columns: string[]
  make: (values: unknown[]) => Row
}

/**
 * A row is the array of its values with each column name set on it, so Drizzle reads it by
 * position at array speed and code that reads `row.name` finds it. A name that repeats (a
 * join's two `id`s) keeps its first value, as @libsql/client does. Unlike @libsql/client's
 * rows, `Object.keys` and JSON list the positions too (a real array's are enumerable).
 */
function rowType(columns: string[]): RowType {
  // Names an array already has (`length`, a position such as "0") are left out, as repeats are.
  const named = columns.flatMap((name, index) =>
    columns.indexOf(name) === index && name !== 'length' && !/^(0|[1-9]\d*)$/.test(name)
      ? [[name, index] as const]
      : [],
  )
  return {
    columns,
    make(raw) {
      const row = raw.map(fromSql) as unknown[] & Record<string, unknown>
      for (const [name, index] of named) row[name] = row[index]
      return row as unknown as Row
    },
  }
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER)
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)

/** As @libsql/client's default `intMode: 'number'`: integers as numbers, never silently rounded. */
function fromSql(value: unknown): unknown {
  if (typeof value === 'bigint') {
    if (value < MIN_SAFE || value > MAX_SAFE) {
      throw new RangeError('Received integer which cannot be safely represented as a JavaScript number')
    }
    return Number(value)
  }
  if (value instanceof Buffer) return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength)
  return value
}

/** As @libsql/client binds values; what it would refuse throws (and goes to it). */
function toSql(value: InValue): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value instanceof Date) return value.valueOf()
  if (value instanceof ArrayBuffer) return Buffer.from(value)
  if ((typeof value === 'number' && !Number.isFinite(value)) || value === undefined) {
    throw new RangeError('not bindable')
  }
  return value
}
