/**
 * What /api/health costs: load balancers poll it every few seconds from every instance, so it
 * answers from memory and at most one read, and writes nothing. Counted twice: the statements
 * Drizzle sends (embedded file), and the round trips a hosted database bills (sqld behind a
 * counting proxy, where the write-lock probe would show as a trip of its own). The write-lock
 * probe is the deep check's, asked for with a token, and still finds a locked database.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSqld, type RunningProcess } from '../../scripts/processes'
import { app } from '../../server/app'
import type { HealthReport } from '../../server/health/check'
import type { Runtime } from '../../server/platform/runtime'
import { countingDatabase } from '../support/counting'
import { createTestRuntime } from '../support/runtime'
import { startSqldProxy, type SqldProxy } from '../support/sqld-proxy'

type TestRuntime = Awaited<ReturnType<typeof createTestRuntime>>
const TOKEN = 'health-token-for-tests-0123456789'
const get = (runtime: Runtime, path: string, init?: RequestInit) =>
  app.request(`http://localhost:3000${path}`, init, runtime)
const deep = (runtime: Runtime, token = TOKEN) =>
  get(runtime, '/api/health/deep', { headers: { authorization: `Bearer ${token}` } })
const WRITE = /\b(insert|update|delete|replace)\b/i

/** The embedded file the Node server uses, with a 1 s cache as in production. */
let cached: TestRuntime
/** The same without the cache: each check reads. */
let uncached: TestRuntime
/** Counters installed before the first statement (a prepared query keeps the logger it was built with). */
let counted: { cached: ReturnType<typeof countingDatabase>; uncached: ReturnType<typeof countingDatabase> }

beforeAll(async () => {
  cached = await createTestRuntime({ HEALTH_CACHE_MS: '1000', HEALTH_TOKEN: TOKEN })
  uncached = await createTestRuntime({ HEALTH_CACHE_MS: '0', HEALTH_TOKEN: TOKEN })
  counted = { cached: countingDatabase(cached.db), uncached: countingDatabase(uncached.db) }
})
afterAll(() => {
  cached.close()
  uncached.close()
})

describe('GET /api/health on the embedded database', () => {
  it('sends one read statement and no write, and keeps the JSON it always answered', async () => {
    const sql = counted.uncached
    sql.reset()
    const response = await get(uncached, '/api/health')
    expect(response.status).toBe(200)
    expect(sql.counts).toMatchObject({ requests: 1, writes: 0, transactions: 0 })
    expect(sql.counts.statements[0]).toMatch(/^select /)
    const body = (await response.json()) as HealthReport
    expect(body).toEqual({
      status: 'ok',
      time: expect.any(String),
      check: 'read',
      database: { status: 'ok', latencyMs: expect.any(Number) },
      chain: { status: 'not-configured' },
      indexer: { status: 'ok', chains: [] },
      edgeCache: { status: 'ok', oldestPendingMs: null },
    })
  })

  it('costs one read for a burst of probes: those that arrive together share it, and later ones within HEALTH_CACHE_MS reuse it', async () => {
    const sql = counted.cached
    sql.reset()
    const burst = await Promise.all(Array.from({ length: 20 }, () => get(cached, '/api/health')))
    expect(burst.map((r) => r.status)).toEqual(Array(20).fill(200))
    for (let i = 0; i < 20; i++) expect((await get(cached, '/api/health')).status).toBe(200)
    expect((await get(cached, '/api/trpc/health')).status).toBe(200)
    expect(sql.counts).toMatchObject({ requests: 1, writes: 0 })

    // Without the cache, probes asked for together still share one read; each later one reads.
    const each = counted.uncached
    each.reset()
    await Promise.all(Array.from({ length: 20 }, () => get(uncached, '/api/health')))
    expect(each.counts.requests).toBe(1)
    for (let i = 0; i < 3; i++) await get(uncached, '/api/health')
    expect(each.counts).toMatchObject({ requests: 4, writes: 0 })
  })

  it('reads again once its report is older than HEALTH_CACHE_MS', async () => {
    const sql = counted.cached
    await new Promise((resolve) => setTimeout(resolve, 1_050))
    sql.reset()
    const first = (await (await get(cached, '/api/health')).json()) as HealthReport
    const second = (await (await get(cached, '/api/health')).json()) as HealthReport
    expect(sql.counts.requests).toBe(1)
    expect(second.time).toBe(first.time) // the same report: `time` says when it was made
  })

  it('does not wait for, nor probe, a write lock another process holds: reads still work', async () => {
    const other = createClient({ url: uncached.url })
    const lock = await other.transaction('write')
    try {
      const started = performance.now()
      const response = await get(uncached, '/api/health')
      expect(response.status).toBe(200)
      expect(performance.now() - started).toBeLessThan(500) // the probe waits 1 s before it says blocked
      // The deep check asks for the lock, and says writes are blocked.
      const checked = await deep(uncached)
      expect(checked.status).toBe(503)
      expect(await checked.json()).toMatchObject({
        status: 'degraded',
        check: 'deep',
        database: { status: 'down', error: expect.stringMatching(/writes are blocked/) },
      })
    } finally {
      await lock.rollback()
      other.close()
    }
    expect((await deep(uncached)).status).toBe(200)
  })
})

describe('GET /api/health/deep: who may make the write', () => {
  it('answers 401 with WWW-Authenticate without the token or with a wrong one, and the report with it', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-wrong-token-000' },
      { authorization: TOKEN },
    ]
    for (const headers of attempts) {
      const response = await get(uncached, '/api/health/deep', { headers })
      expect(response.status).toBe(401)
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/)
      expect(await response.json()).toEqual({
        error: { code: 'UNAUTHORIZED', message: expect.stringContaining('Authorization: Bearer <HEALTH_TOKEN>') },
      })
    }
    const response = await deep(uncached)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'ok', check: 'deep', database: { status: 'ok' } })
  })

  it('is refused in production when no HEALTH_TOKEN is configured, and open outside production', async () => {
    const open = { ...uncached, env: { ...uncached.env, health: { cacheMs: 0, token: undefined } } }
    expect((await get(open, '/api/health/deep')).status).toBe(200)
    const production = { ...open, env: { ...open.env, NODE_ENV: 'production' as const } }
    const refused = await get(production, '/api/health/deep')
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({
      error: { code: 'FORBIDDEN', message: expect.stringContaining('HEALTH_TOKEN') },
    })
  })
})

describe('on a hosted database (sqld): the round trips it bills', () => {
  let dir: string
  let sqld: RunningProcess
  let proxy: SqldProxy
  let hosted: TestRuntime

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vitrine-health-'))
    sqld = await startSqld(join(dir, 'sqld'))
    proxy = await startSqldProxy(sqld.url)
    hosted = await createTestRuntime({ DATABASE_URL: proxy.url, HEALTH_CACHE_MS: '0', HEALTH_TOKEN: TOKEN })
  }, 60_000)
  afterAll(async () => {
    hosted?.close()
    await proxy?.stop()
    await sqld?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('one read trip per plain check and none that writes; the deep check adds its one write', async () => {
    expect((await get(hosted, '/api/health')).status).toBe(200) // the client's first connection
    proxy.reset()
    for (let i = 0; i < 3; i++) expect((await get(hosted, '/api/health')).status).toBe(200)
    expect(proxy.roundTrips()).toBe(3)
    expect(proxy.trips().filter((trip) => WRITE.test(trip))).toEqual([])

    proxy.reset()
    expect((await deep(hosted)).status).toBe(200)
    expect(proxy.trips().filter((trip) => WRITE.test(trip))).toEqual([
      expect.stringMatching(/^DELETE FROM leases WHERE 0/),
    ])
    expect(proxy.roundTrips()).toBe(2)
  }, 30_000)
})
