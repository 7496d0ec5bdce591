/**
 * How long an isolate trusts the pages' generation it read (server/http/edge-cache.ts, ADR 17): a
 * change is never served from the cache more than GENERATION_TRUST_MS after it commits, even when
 * the read's answer is slow or concurrent requests' answers arrive out of order. A real libSQL
 * database whose generation answers can be held back; the Cache API (Workers only) is a small
 * in-memory stand-in keyed by URL, as `caches.default` is.
 */
import type { Client, InStatement } from '@libsql/client'
import { drizzle } from 'drizzle-orm/libsql'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../db/client'
import { openMigratedDatabase } from '../../db/migrate.server'
import { pagesChanged, pagesGeneration } from '../../db/page-generation'
import * as schema from '../../db/schema'
import { CACHE_STATUS_HEADER } from '../../server/http/cache-policy'
import { edgeCache, GENERATION_TRUST_MS } from '../../server/http/edge-cache'

const dir = mkdtempSync(join(tmpdir(), 'vitrine-edge-generation-'))
let db: Database
let slowDb: Database

/** The next read of the generation runs at once, but its answer waits for `release`. */
let held: { release: Promise<void>; answered: () => void } | undefined
/** The next read of the generation fails, as with the database down or its table missing. */
let failNext = false

const stored = new Map<string, Response>()
const memoryCache = {
  match: async (request: Request) => stored.get(request.url)?.clone(),
  put: async (request: Request, response: Response) => void stored.set(request.url, response),
}

beforeAll(async () => {
  db = await openMigratedDatabase({ url: `file:${join(dir, 'db.sqlite')}` })
  const client = new Proxy(db.$client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target)
      if (property !== 'execute' || typeof value !== 'function') {
        return typeof value === 'function' ? value.bind(target) : value
      }
      return async (statement: InStatement, ...rest: unknown[]) => {
        const sql = typeof statement === 'string' ? statement : statement.sql
        if (failNext && sql.includes('page_generation')) {
          failNext = false
          throw new Error('no such table: page_generation')
        }
        const hold = sql.includes('page_generation') ? held : undefined
        if (hold) held = undefined
        const result: unknown = await (value as Client['execute']).apply(target, [statement, ...rest] as never)
        if (hold) {
          hold.answered()
          await hold.release
        }
        return result
      }
    },
  })
  slowDb = drizzle(client, { schema }) as unknown as Database
  ;(globalThis as { caches?: unknown }).caches = { default: memoryCache }
})

afterAll(() => {
  delete (globalThis as { caches?: unknown }).caches
  db.$client.close()
  rmSync(dir, { recursive: true, force: true })
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** Long enough for the isolate to stop trusting the generation it read. */
const afterTrust = () => sleep(GENERATION_TRUST_MS + 100)

/** A page answered through the edge cache; its render says `body`. */
async function ask(path: string, body: string) {
  const response = await edgeCache(new Request(`https://vitrine.example${path}`), { db: slowDb }, () =>
    Response.json(body),
  )
  return { status: response.headers.get(CACHE_STATUS_HEADER), body: await response.json() }
}

/** Starts a request whose read of the generation answers only when the returned `release` is called. */
async function askHeldBack(path: string) {
  let release!: () => void
  let answered!: () => void
  const read = new Promise<void>((resolve) => (answered = resolve))
  held = { release: new Promise<void>((resolve) => (release = resolve)), answered }
  const response = ask(path, path)
  await read // the generation is read: its answer is of this moment
  return { release, response }
}

describe('the generation an isolate trusts', () => {
  it('is the one it asked for last, not the one whose answer arrived last', async () => {
    await afterTrust()
    expect(await ask('/rankings', 'before')).toEqual({ status: 'miss', body: 'before' })
    await afterTrust()

    const earlier = await askHeldBack('/activity') // reads the generation before the change
    await pagesChanged(db)
    expect((await ask('/search', 'after')).status).toBe('miss') // reads it after, first to arrive
    earlier.release()
    await earlier.response

    expect(await ask('/rankings', 'after')).toEqual({ status: 'miss', body: 'after' })
  })

  it('is trusted from when it was asked: a slow answer does not keep a change unseen longer', async () => {
    await afterTrust()
    expect(await ask('/collection/avatar_1', 'before')).toEqual({ status: 'miss', body: 'before' })
    await afterTrust()

    const slow = await askHeldBack('/item/1') // reads the generation before the change
    await pagesChanged(db)
    await afterTrust() // its answer arrives more than the trusted time after the change
    slow.release()
    await slow.response

    expect(await ask('/collection/avatar_1', 'after')).toEqual({ status: 'miss', body: 'after' })
  })

  it('that cannot be read stores nothing, and the page is still answered', async () => {
    await afterTrust()
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    failNext = true
    expect(await ask('/about', 'first')).toEqual({ status: 'bypass', body: 'first' })
    expect(log.mock.calls[0]?.[0]).toMatch(/generation could not be read, nothing is stored/)
    log.mockRestore()
    expect(await ask('/about', 'second')).toEqual({ status: 'miss', body: 'second' })
  })

  it("is not the visitor's to choose: a URL naming a generation is filed apart from the page", async () => {
    const now = await pagesGeneration(db)
    await afterTrust()
    for (const planted of [now, now + 1]) {
      expect((await ask(`/blog?__pages=${planted}`, 'planted')).body).toBe('planted')
    }
    expect(await ask('/blog', 'the page')).toEqual({ status: 'miss', body: 'the page' })
    await pagesChanged(db)
    await afterTrust()
    expect(await ask('/blog', 'the page, later')).toEqual({ status: 'miss', body: 'the page, later' })
  })
})
