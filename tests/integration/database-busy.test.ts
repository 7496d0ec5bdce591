/**
 * Another process holds the embedded database's write lock (a second server process, a
 * migration, a shell left in BEGIN IMMEDIATE). A write gives up after a second with a 503 that
 * says when to come back, reads go on meanwhile, health says so, and once the lock is free
 * nothing of this process is left holding one.
 */
import { createClient } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase } from '../../db/client'
import { app } from '../../server/app'
import type { Runtime } from '../../server/platform/runtime'
import { createTestRuntime } from '../support/runtime'
import { sessionCookie } from '../support/session'

let base: Awaited<ReturnType<typeof createTestRuntime>>
/** The database as a server process opens it (createRuntime): a request's write waits 1 s at most. */
let runtime: Runtime
let cookie: string

const request = async (path: string, init?: RequestInit) => app.request(`http://localhost:3000${path}`, init, runtime)
const trpcNonce = () =>
  request('/api/trpc/siweNonce', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Takes the write lock on a connection of its own, as a second process would; `release` ends it. */
async function holdWriteLock() {
  const other = createClient({ url: base.url })
  const lock = await other.transaction('write')
  return async () => {
    await lock.rollback()
    other.close()
  }
}

/** Reads a visitor and a signed-in wallet make; each must answer 200. */
async function reads() {
  const answers = [
    await request('/api/v1/collections'),
    await request('/api/auth/session', { headers: { cookie } }),
    await request('/api/trpc/session', { headers: { cookie } }),
  ]
  for (const answer of answers) expect(answer.status, answer.url).toBe(200)
  expect(await answers[2]!.json()).toMatchObject({ result: { data: { address: expect.any(String) } } })
}

beforeAll(async () => {
  base = await createTestRuntime()
  runtime = { ...base, db: createDatabase({ url: base.url }) }
  cookie = await sessionCookie('0x'.padEnd(42, 'a'))
  await reads() // warm: the first request of a route loads what it needs
})
afterAll(() => {
  runtime.db.$client.close()
  base.close()
})

describe('a write lock held by another process', () => {
  it('answers writes with 503, Retry-After and the error shape, while reads answer meanwhile', async () => {
    const release = await holdWriteLock()
    try {
      let nonceSettled = false
      const nonce = request('/api/v1/auth/nonce').finally(() => (nonceSettled = true))
      // While the nonce's write waits for the lock: a wait inside SQLite would hold up this
      // timer, and these reads, until it had failed.
      await sleep(50)
      await reads()
      expect(nonceSettled).toBe(false)

      const refused = await nonce
      expect(refused.status).toBe(503)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await refused.json()).toEqual({
        error: {
          code: 'DATABASE_BUSY',
          message: 'The database is busy with another write right now; please try again in a few seconds.',
        },
      })

      const viaTrpc = await trpcNonce()
      expect(viaTrpc.status).toBe(503)
      expect(Number(viaTrpc.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await viaTrpc.json()).toMatchObject({
        error: {
          message: expect.stringContaining('The database is busy'),
          data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 },
        },
      })

      // The plain check reads only: the database answers. The deep one asks for the write lock.
      expect((await request('/api/health')).status).toBe(200)
      const health = await request('/api/health/deep')
      expect(health.status).toBe(503)
      expect(await health.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } })
    } finally {
      await release()
    }
  }, 20_000)

  it('leaves nothing locked: once it is free, writes work here and another process can write at once', async () => {
    const release = await holdWriteLock()
    try {
      expect((await request('/api/v1/auth/nonce')).status).toBe(503)
    } finally {
      await release()
    }
    // The connection whose write was refused is not used again: one that kept its refused
    // statement would keep the write lock after its next write.
    expect((await request('/api/v1/auth/nonce')).status).toBe(200)
    expect((await trpcNonce()).status).toBe(200)
    const other = createClient({ url: base.url, timeout: 0 })
    try {
      await (await other.transaction('write')).rollback()
    } finally {
      other.close()
    }
    expect((await request('/api/health/deep')).status).toBe(200)
  }, 20_000)

  it('waits for a lock held briefly instead of refusing at once', async () => {
    const release = await holdWriteLock()
    const released = sleep(150).then(release)
    try {
      const nonce = await request('/api/v1/auth/nonce')
      expect(nonce.status).toBe(200)
      expect(await nonce.json()).toMatchObject({ data: { nonce: expect.any(String) } })
    } finally {
      await released
    }
  }, 20_000)
})
