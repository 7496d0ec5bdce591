/**
 * db/embedded-reads.ts serves SELECTs on an embedded file from its own connection. What the
 * rest of the code reads must not change: same rows as @libsql/client, the latest committed
 * write, nothing uncommitted, the same refusals.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type Client, type ResultSet } from '@libsql/client'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { embeddedPath, withEmbeddedReads } from '../../db/embedded-reads'

let dir: string
let plain: Client
let fast: Client
/** Calls that reached @libsql/client under `fast`. */
let underlying: MockInstance

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vitrine-reads-'))
  const path = join(dir, 'reads.db')
  plain = createClient({ url: `file:${path}` })
  await plain.execute('PRAGMA journal_mode = WAL')
  await plain.batch([
    'create table makers (id integer primary key, name text not null, verified integer not null)',
    'create table items (id integer primary key, maker_id integer not null, name text, price_wei text, added_at integer, art blob)',
    "insert into makers values (1, 'Ada', 1), (2, 'Lin', 0)",
    "insert into items values (10, 1, 'Dawn', '1500000000000000000', 1700000000000, x'cafe'), (11, 2, null, null, null, null)",
  ])
  const inner = createClient({ url: `file:${path}` })
  underlying = vi.spyOn(inner, 'execute')
  fast = withEmbeddedReads(inner, path)
})

afterEach(() => {
  fast.close()
  plain.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A row as readers use it: by position (Drizzle) and by name. */
function shape(result: ResultSet) {
  return {
    columns: result.columns,
    rows: result.rows.map((row) => ({
      length: row.length,
      positions: Array.prototype.slice.call(row),
      named: Object.fromEntries(result.columns.map((c) => [c, row[c]])),
    })),
  }
}

const joinSql = `select items.id, items.name, items.price_wei, items.added_at, makers.id, makers.name, makers.verified
  from items join makers on makers.id = items.maker_id where items.id >= ? order by items.id`

describe('embedded reads', () => {
  it('give the rows @libsql/client gives, repeated names and nulls included', async () => {
    const expected = shape(await plain.execute({ sql: joinSql, args: [0] }))
    expect(shape(await fast.execute({ sql: joinSql, args: [0] }))).toEqual(expected)
    // The second run reuses the prepared statement.
    expect(shape(await fast.execute(joinSql, [0]))).toEqual(expected)
    expect(expected.rows[0]!.positions).toEqual([10, 'Dawn', '1500000000000000000', 1700000000000, 1, 'Ada', 1])
    expect(expected.rows[0]!.named).toEqual({
      id: 10,
      name: 'Dawn',
      price_wei: '1500000000000000000',
      added_at: 1700000000000,
      verified: 1,
    })
    expect(underlying).not.toHaveBeenCalled()
  })

  it('bind values as @libsql/client does (booleans, dates) and read blobs as ArrayBuffer', async () => {
    const sql =
      'select name, art from items where added_at = ? and maker_id in (select id from makers where verified = ?)'
    const args = [new Date(1700000000000), true]
    const [fastRow] = (await fast.execute({ sql, args })).rows
    const [plainRow] = (await plain.execute({ sql, args })).rows
    expect(fastRow!.name).toBe('Dawn')
    expect(fastRow!.art).toBeInstanceOf(ArrayBuffer)
    expect([...new Uint8Array(fastRow!.art as ArrayBuffer)]).toEqual([...new Uint8Array(plainRow!.art as ArrayBuffer)])
  })

  it('see every committed write at once, and nothing of an open transaction', async () => {
    const count = async () => Number((await fast.execute('select count(*) as n from items')).rows[0]!.n)
    expect(await count()).toBe(2)
    expect(underlying).not.toHaveBeenCalled()
    await fast.execute("insert into items (id, maker_id, name) values (12, 1, 'Noon')")
    expect(await count()).toBe(3)

    const transaction = await fast.transaction('write')
    await transaction.execute("insert into items (id, maker_id, name) values (13, 1, 'Dusk')")
    expect(await count()).toBe(3)
    await transaction.commit()
    expect(await count()).toBe(4)
    expect(underlying).toHaveBeenCalledTimes(1) // the insert
  })

  it('refuse what @libsql/client refuses, with its error', async () => {
    await fast.execute('insert into items (id, maker_id) values (9007199254740993, 1)')
    const tooBig = 'select id from items where id > 9007199254740991'
    await expect(fast.execute(tooBig)).rejects.toThrow(/cannot be safely represented/)
    await expect(fast.execute('select nope from items')).rejects.toMatchObject({ code: 'SQLITE_ERROR' })
    await expect(fast.execute({ sql: 'select ?', args: [undefined as never] })).rejects.toThrow(/undefined/)
  })

  it('keep positions and length when a column is named like them, and bind a lone blob', async () => {
    const sql = 'select 1 as length, 2 as "0", 3 as x'
    expect(shape(await fast.execute(sql)).rows[0]!.positions).toEqual([1, 2, 3])
    const [row] = (await fast.execute(sql)).rows
    expect([row!.length, row!.x]).toEqual([3, 3])
    const [blob] = (await fast.execute({ sql: 'select ? as b', args: [new Uint8Array([1, 2, 3]).buffer] })).rows
    expect([...new Uint8Array(blob!.b as ArrayBuffer)]).toEqual([1, 2, 3])
    expect(underlying).not.toHaveBeenCalled()
  })

  it('close with their client: a read after close is refused as the client refuses it', async () => {
    await fast.execute('select count(*) from items')
    fast.close()
    await expect(fast.execute('select count(*) from items')).rejects.toMatchObject({ code: 'CLIENT_CLOSED' })
  })

  it('leave a file that does not exist yet to @libsql/client', async () => {
    const path = join(dir, 'later.db')
    const client = withEmbeddedReads(createClient({ url: `file:${path}` }), path)
    expect((await client.execute('select 1 as one')).rows[0]!.one).toBe(1)
    client.close()
  })

  it('apply only to files', () => {
    expect(embeddedPath('file:.data/vitrine.db')).toBe('.data/vitrine.db')
    expect(embeddedPath('file:///tmp/a.db')).toBe('/tmp/a.db')
    expect(embeddedPath('file:/tmp/a.db?mode=ro')).toBe('/tmp/a.db')
    expect(embeddedPath('file::memory:')).toBeNull()
    expect(embeddedPath('http://127.0.0.1:8080')).toBeNull()
    expect(embeddedPath('libsql://vitrine.turso.io')).toBeNull()
  })
})
