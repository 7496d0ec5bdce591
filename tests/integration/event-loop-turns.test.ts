/**
 * An embedded database answers synchronously, so a loop of awaited statements would never let the
 * event loop turn: here such loops (outside and inside a transaction, on a file and in memory)
 * let timers and a bystander's request run between their statements.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createDatabase, type Database } from '../../db/client'
import { leases } from '../../db/schema'
import { app } from '../../server/app'
import { createTestRuntime } from '../support/runtime'

// Thousands of statements, or transactions on anvil: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 })

let runtime: Awaited<ReturnType<typeof createTestRuntime>>
beforeAll(async () => {
  runtime = await createTestRuntime()
})
afterAll(() => runtime?.close())

/** How many times a 1 ms timer fired while `work` ran. */
async function ticksDuring(work: () => Promise<void>): Promise<number> {
  let ticks = 0
  const timer = setInterval(() => ticks++, 1)
  try {
    await work()
    return ticks
  } finally {
    clearInterval(timer)
  }
}

/** 3,000 statements, one after another: far longer than one turn. */
async function statements(db: Database) {
  for (let i = 0; i < 1_000; i++) {
    await db.insert(leases).values({ name: `turn-${i}`, holder: 'test', expiresAt: Date.now() })
    await db
      .select()
      .from(leases)
      .where(eq(leases.name, `turn-${i}`))
    await db.delete(leases).where(eq(leases.name, `turn-${i}`))
  }
}

describe('statements of an embedded database take turns with the event loop', () => {
  it('a loop of statements lets timers run, and a request arriving meanwhile is answered before it ends', async () => {
    let done = 0
    let answered = 0
    const ticks = await ticksDuring(async () => {
      const loop = statements(runtime.db).then(() => void (done = performance.now()))
      // A request arrives as sockets' do: on a turn of the event loop, after the loop has begun.
      const request = new Promise<number>((resolve) =>
        setTimeout(() => {
          void Promise.resolve(app.request('http://localhost/api/v1/nfts?limit=5', {}, runtime)).then((response) => {
            answered = performance.now()
            resolve(response.status)
          })
        }, 0),
      )
      expect(await request).toBe(200)
      await loop
    })
    expect(ticks).toBeGreaterThan(0)
    expect(answered).toBeLessThan(done)
  })

  it("and so do a transaction's statements", async () => {
    const ticks = await ticksDuring(() => runtime.db.transaction((tx) => statements(tx as unknown as Database)))
    expect(ticks).toBeGreaterThan(0)
  })

  it('in memory too', async () => {
    const db = createDatabase({ url: ':memory:' })
    try {
      await db.run(sql`CREATE TABLE leases (name TEXT PRIMARY KEY, holder TEXT, expires_at INTEGER)`)
      expect(await ticksDuring(() => statements(db))).toBeGreaterThan(0)
    } finally {
      db.$client.close()
    }
  })
})
