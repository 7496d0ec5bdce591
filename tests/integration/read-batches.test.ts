import { createClient, type Client } from '@libsql/client'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { batchingReads, readBatch } from '../../db/read-batches'

const dir = mkdtempSync(join(tmpdir(), 'vitrine-read-batches-'))
let raw: Client
const calls: string[] = []
let client: Client

beforeAll(async () => {
  raw = createClient({ url: `file:${join(dir, 'db.sqlite')}` })
  await raw.execute('create table t (id integer primary key, name text)')
  await raw.execute("insert into t (name) values ('a'), ('b'), ('c')")
  // The real client, with each trip to the database written down.
  const counted = new Proxy(raw, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target)
      if ((property === 'execute' || property === 'batch') && typeof value === 'function') {
        return (...args: unknown[]) => (calls.push(property), value.apply(target, args))
      }
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  client = batchingReads(counted)
})

afterAll(() => {
  raw.close()
  rmSync(dir, { recursive: true, force: true })
})

const names = (rows: { rows: unknown[] }) => rows.rows.map((row) => (row as { name: string }).name)

describe('reads a request starts together', () => {
  it('go in one batch, each caller getting its own rows', async () => {
    calls.length = 0
    const [a, b, c] = await readBatch(() =>
      Promise.all([
        client.execute({ sql: 'select name from t where id = ?', args: [1] }),
        client.execute('select name from t where id = 2'),
        Promise.resolve().then(() => client.execute({ sql: 'select name from t where id > ?', args: [1] })),
      ]),
    )
    expect([names(a), names(b), names(c)]).toEqual([['a'], ['b'], ['b', 'c']])
    expect(calls).toEqual(['batch'])
  })

  it('a bad statement fails alone: the others still answer', async () => {
    calls.length = 0
    const [good, bad] = await readBatch(() =>
      Promise.allSettled([client.execute('select name from t where id = 3'), client.execute('select nope from t')]),
    )
    expect(good.status === 'fulfilled' && names(good.value)).toEqual(['c'])
    expect(bad.status).toBe('rejected')
    expect(calls[0]).toBe('batch')
  })

  it('writes, and reads outside a request, go straight to the client', async () => {
    calls.length = 0
    await client.execute('select 1')
    await readBatch(() => client.execute({ sql: 'update t set name = ? where id = 1', args: ['z'] }))
    expect(calls).toEqual(['execute', 'execute'])
    const [row] = await readBatch(() => Promise.all([client.execute('select name from t where id = 1')]))
    expect(names(row)).toEqual(['z'])
  })

  it('requests never share a batch', async () => {
    calls.length = 0
    await Promise.all([
      readBatch(() => Promise.all([client.execute('select 1'), client.execute('select 2')])),
      readBatch(() => Promise.all([client.execute('select 3'), client.execute('select 4')])),
    ])
    expect(calls).toEqual(['batch', 'batch'])
  })
})
