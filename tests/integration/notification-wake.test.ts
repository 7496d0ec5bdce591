/**
 * A Node process's sender loop (server/notify/wake.ts) and the database it runs on. `npm run dev`
 * indexes the local chain in its own process before the dev server starts, which woke a sender
 * there; the script then closed its database, and that sender failed every minute from then on
 * ("notifications: Failed query: select "id", "nft_id", "maker", "ends_at" from "listings" …",
 * the driver's CLIENT_CLOSED hidden behind the query). A loop whose database was closed now ends
 * quietly, and a wake on an open database runs.
 */
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import * as market from '../../db/market'
import { nfts, notifications } from '../../db/schema'
import { IDLE_RUN_MS, stopSender, wakeSender } from '../../server/notify/wake'
import { atomsCollection } from '../support/market-rows'
import { createTestRuntime } from '../support/runtime'

const SELLER = '0x00000000000000000000000000000000000000a1'

let warn: MockInstance<typeof console.warn>
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  stopSender()
  vi.useRealTimers()
  warn.mockRestore()
})

const notificationWarnings = () => warn.mock.calls.filter(([text]) => String(text).startsWith('notifications:'))

/** Lets a run under way finish (its statements settle on promises, not timers). */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
}

/** A runtime with one auction in its last hour: a run of its sender tells the seller. */
async function auctionEndingSoon() {
  const runtime = await createTestRuntime()
  const now = new Date()
  const { token } = await atomsCollection(runtime.db, SELLER, now)
  const [nft] = await runtime.db.insert(nfts).values(token('1')).returning()
  await market.recordAuction(runtime.db, {
    nft: { id: nft!.id, collectionId: nft!.collectionId, owner: SELLER },
    seller: SELLER,
    reserveWei: 10n ** 18n,
    endsAt: new Date(now.getTime() + 30 * 60_000),
  })
  const told = () =>
    runtime.db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.recipient, SELLER))
  return { runtime, told }
}

describe('the sender loop of a Node process', () => {
  it('ends quietly when its database is closed, instead of failing every minute', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { runtime, told } = await auctionEndingSoon()
    await wakeSender(runtime)
    await vi.waitFor(async () => expect(await told()).toEqual([{ kind: 'auction_ending' }]))
    await settle()
    runtime.close() // as `npm run dev` closes its script's database before the dev server starts
    await vi.advanceTimersByTimeAsync(5 * IDLE_RUN_MS)
    await settle()
    expect(notificationWarnings()).toEqual([])
  })

  it('stays quiet when the database is closed under a run', async () => {
    const { runtime } = await auctionEndingSoon()
    await wakeSender(runtime)
    runtime.close()
    await settle()
    expect(notificationWarnings()).toEqual([])
    await wakeSender(runtime) // a wake on a closed database starts nothing
    await settle()
    expect(notificationWarnings()).toEqual([])
  })

  it('runs again for the next open database, and still says why a run failed', async () => {
    const first = await auctionEndingSoon()
    await wakeSender(first.runtime)
    first.runtime.close()
    await settle()
    const second = await auctionEndingSoon()
    try {
      await wakeSender(second.runtime)
      await vi.waitFor(async () => expect(await second.told()).toEqual([{ kind: 'auction_ending' }]))
      await settle()
      // A real failure is told with the driver's reason, not only the query.
      stopSender()
      await second.runtime.db.run('DROP TABLE notification_deliveries')
      await second.runtime.db.insert(notifications).values({ recipient: SELLER, kind: 'auction_ended', eventKey: 'x' })
      await wakeSender(second.runtime)
      await vi.waitFor(() => expect(notificationWarnings()).toHaveLength(1))
      expect(String(notificationWarnings()[0]![0])).toMatch(/^notifications: SQLITE_ERROR: no such table/)
    } finally {
      second.runtime.close()
    }
  })
})
