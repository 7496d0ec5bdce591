import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leaseHeld, releaseLease, takeLease } from '../../db/leases'
import { createTestRuntime } from '../support/runtime'

let runtime: Awaited<ReturnType<typeof createTestRuntime>>
beforeAll(async () => {
  runtime = await createTestRuntime()
})
afterAll(() => runtime?.close())

describe('leases', () => {
  it('are held by one holder at a time until released or expired', async () => {
    const { db } = runtime
    expect(await takeLease(db, 'job', 'a', 60_000, 1_000)).toBe(true)
    expect(await takeLease(db, 'job', 'b', 60_000, 2_000)).toBe(false)
    expect(await leaseHeld(db, 'job', 2_000)).toBe(true)
    // Expired: anyone may take it.
    expect(await takeLease(db, 'job', 'b', 60_000, 61_001)).toBe(true)
    await releaseLease(db, 'job', 'a') // not a's any more: nothing changes
    expect(await takeLease(db, 'job', 'a', 60_000, 62_000)).toBe(false)
    await releaseLease(db, 'job', 'b')
    expect(await leaseHeld(db, 'job', 62_000)).toBe(false)
  })

  it('are taken again by a holder that still holds one it could not give back (a follower after an outage)', async () => {
    const { db } = runtime
    expect(await takeLease(db, 'chain', 'chain-follower:1', 60_000, 1_000)).toBe(true)
    expect(await takeLease(db, 'chain', 'chain-follower:1', 60_000, 2_000)).toBe(true)
    expect(await takeLease(db, 'chain', 'a node server', 60_000, 3_000)).toBe(false)
  })
})
