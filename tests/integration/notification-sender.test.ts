/**
 * The sender's rules, with channels that record what they are handed (the real email and webhook
 * channels are tested against real servers in their own files): retries on the schedule and then
 * given up, a permanent failure given up at once, a wallet's emails grouped with at most one mail
 * per gap, and one slow endpoint holding no other wallet's delivery.
 */
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import * as market from '../../db/market'
import { notificationDeliveries, notificationSettings, nfts } from '../../db/schema'
import type { Attempt, EmailChannel, Outgoing, WebhookChannel } from '../../server/notify/channels'
import { EMAIL_GAP_MS, RETRY_DELAYS_MS, sendNotifications } from '../../server/notify/send'
import { atomsCollection } from '../support/market-rows'
import { createTestRuntime } from '../support/runtime'

const HOLDER = '0x00000000000000000000000000000000000000a1'
const OTHER = '0x00000000000000000000000000000000000000a2'
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const start = new Date('2026-11-26T12:00:00Z')
const later = (ms: number) => new Date(start.getTime() + ms)
const ok: Attempt = { ok: true, status: 200, durationMs: 1 }

type TestRuntime = Awaited<ReturnType<typeof createTestRuntime>>
const runtimes: TestRuntime[] = []
afterEach(() => {
  for (const runtime of runtimes.splice(0)) runtime.close()
})

/** A market where `offers(n)` places n offers on tokens HOLDER (and OTHER) hold, each telling them. */
async function world(settings: (typeof notificationSettings.$inferInsert)[]) {
  const runtime = await createTestRuntime()
  runtimes.push(runtime)
  const { db } = runtime
  const { token } = await atomsCollection(db, HOLDER, start)
  const [mine, theirs] = await db
    .insert(nfts)
    .values([token('1'), { ...token('2'), owner: OTHER }])
    .returning()
  await db.insert(notificationSettings).values(settings)
  let n = 0
  const offer = (nft: typeof mine) =>
    market.recordOrder(
      db,
      {
        side: 'offer',
        nft: { id: nft!.id, collectionId: nft!.collectionId, owner: nft!.owner },
        maker: `0x${'b'.repeat(40)}`,
        priceWei: BigInt(++n) * 10n ** 15n,
        startsAt: start,
        endsAt: later(86_400_000),
        orderHash: hash(n),
        orderJson: '{}',
        signature: '0x',
        counter: 0n,
      },
      start,
    )
  return {
    runtime,
    db,
    offers: async (count: number, nft = mine) => {
      for (let i = 0; i < count; i++) await offer(nft)
    },
    theirs,
    deliveries: () => db.select().from(notificationDeliveries).orderBy(notificationDeliveries.id),
  }
}

const hooks = (answer: (item: Outgoing) => Promise<Attempt> | Attempt) => {
  const calls: Outgoing[] = []
  const channel: WebhookChannel = {
    send: async (item) => {
      calls.push(item)
      return answer(item)
    },
  }
  return { calls, channel }
}

const webhookOf = (address: string, url: string) => ({
  address,
  webhookUrl: url,
  webhookSecret: 'whsec_dGVzdA==',
  updatedAt: start,
})

describe('retries', () => {
  it('a failing endpoint is tried again on the schedule, then given up, each attempt logged', async () => {
    const w = await world([webhookOf(HOLDER, 'https://hooks.example/a')])
    await w.offers(1)
    const { calls, channel } = hooks(() => ({ ok: false, status: 500, error: 'HTTP 500', durationMs: 3 }))
    let at = start
    await sendNotifications(w.runtime, { webhook: channel }, at)
    for (const delay of RETRY_DELAYS_MS) {
      const [row] = await w.deliveries()
      expect(row!.status).toBe('pending')
      expect(row!.nextAttemptAt.getTime()).toBe(at.getTime() + delay)
      // Not due a moment before.
      await sendNotifications(w.runtime, { webhook: channel }, new Date(at.getTime() + delay - 1))
      at = new Date(at.getTime() + delay)
      await sendNotifications(w.runtime, { webhook: channel }, at)
    }
    const [row] = await w.deliveries()
    expect(row).toMatchObject({ status: 'failed', attempts: RETRY_DELAYS_MS.length + 1, lastStatus: 500 })
    expect(row!.lastError).toBe('HTTP 500')
    expect(calls).toHaveLength(RETRY_DELAYS_MS.length + 1)
    // Every attempt carried the same notification, counted.
    expect(calls.map((c) => c.attempt)).toEqual(calls.map((_, i) => i + 1))
    expect(new Set(calls.map((c) => c.notificationId)).size).toBe(1)
  })

  it('a permanent failure is given up at once; a success is sent once', async () => {
    const w = await world([webhookOf(HOLDER, 'https://hooks.example/a'), webhookOf(OTHER, 'https://hooks.example/b')])
    await w.offers(1)
    await w.offers(1, w.theirs)
    const { calls, channel } = hooks((item) =>
      item.target.endsWith('/a') ? { ok: false, error: 'refused', permanent: true, durationMs: 0 } : ok,
    )
    const report = await sendNotifications(w.runtime, { webhook: channel }, start)
    expect(report).toMatchObject({ sent: 1, failed: 1, retried: 0 })
    await sendNotifications(w.runtime, { webhook: channel }, later(86_400_000))
    expect(calls).toHaveLength(2)
    expect((await w.deliveries()).map((d) => d.status)).toEqual(['failed', 'sent'])
  })

  it('a webhook changed after the event was filed is not called at the old address', async () => {
    const w = await world([webhookOf(HOLDER, 'https://hooks.example/old')])
    await w.offers(1)
    await market.dispatchNotifications(w.db, start) // filed for the old address
    await w.db
      .update(notificationSettings)
      .set({ webhookUrl: 'https://hooks.example/new' })
      .where(eq(notificationSettings.address, HOLDER))
    const { calls, channel } = hooks(() => ok)
    await sendNotifications(w.runtime, { webhook: channel }, start)
    expect(calls).toEqual([])
    const [row] = await w.deliveries()
    expect(row).toMatchObject({ status: 'failed', target: 'https://hooks.example/old' })
    expect(row!.lastError).toMatch(/changed or removed/)
  })
})

describe('a flood', () => {
  it("groups a wallet's emails into one mail, at most one per gap", async () => {
    const w = await world([{ address: HOLDER, email: 'holder@example.com', emailConfirmedAt: start, updatedAt: start }])
    await market.saveNotificationPreferences(w.db, HOLDER, { offer_received: { email: true } })
    const mails: Outgoing[][] = []
    const email: EmailChannel = {
      send: async (_to, items) => {
        mails.push(items)
        return ok
      },
    }
    await w.offers(3)
    await sendNotifications(w.runtime, { email }, start)
    expect(mails.map((m) => m.length)).toEqual([3])
    await w.offers(2)
    await sendNotifications(w.runtime, { email }, later(60_000))
    expect(mails).toHaveLength(1) // held back: a mail went a minute ago
    const held = await w.deliveries()
    expect(held.filter((d) => d.status === 'pending').map((d) => d.nextAttemptAt.getTime())).toEqual([
      start.getTime() + EMAIL_GAP_MS,
      start.getTime() + EMAIL_GAP_MS,
    ])
    await sendNotifications(w.runtime, { email }, later(EMAIL_GAP_MS))
    expect(mails.map((m) => m.length)).toEqual([3, 2])
    expect(mails[1]!.every((item) => item.target === 'holder@example.com')).toBe(true)
  })

  it("one wallet's slow endpoint holds no other wallet's delivery; what it leaves waits its turn", async () => {
    const w = await world([webhookOf(HOLDER, 'https://slow.example/in'), webhookOf(OTHER, 'https://fast.example/in')])
    await w.offers(30)
    await w.offers(1, w.theirs)
    const order: string[] = []
    const { channel } = hooks(async (item) => {
      if (item.target.startsWith('https://slow')) await new Promise((resolve) => setTimeout(resolve, 20))
      order.push(item.target)
      return ok
    })
    const report = await sendNotifications(w.runtime, { webhook: channel }, start)
    // The fast endpoint was called before the slow one was done with its first.
    expect(order[0]).toBe('https://fast.example/in')
    // At most 20 to one endpoint per run; the rest are due again at once, for the next run.
    expect(report.sent).toBe(21)
    expect(report.nextDueAt?.getTime()).toBe(start.getTime())
    const second = await sendNotifications(w.runtime, { webhook: channel }, start)
    expect(second.sent).toBe(10)
    expect((await w.deliveries()).every((d) => d.status === 'sent' && d.attempts === 1)).toBe(true)
  })
})
