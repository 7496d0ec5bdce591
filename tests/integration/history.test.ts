/**
 * A collection's history (collection.history, GET /collections/{idOrSlug}/history): the floor is
 * recorded by the market's writes as it changes (one row per hour, only on a change), buckets are
 * whole UTC days or hours with the current one last, a bucket without a change carries the floor
 * before it, and volume is exact wei.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refreshNftMarket } from '../../db/market'
import { collectionFloors, collections, listings, nfts, sales } from '../../db/schema'
import { app } from '../../server/app'
import { collectionHistory } from '../../server/queries/history'
import { collectShown } from '../../server/http/cache-tags'
import { createContext } from '../../server/trpc/init'
import { createCaller } from '../../server/trpc/root'
import type { Runtime } from '../../server/platform/runtime'
import { atomsCollection } from '../support/market-rows'
import { createTestRuntime } from '../support/runtime'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const CREATOR = '0x70997970c51812dc3a010c7d01b7e8827279cfc8'
const BUYER = '0x90f79bf6eb2c4f870365e785982e1f101e93b906'
/** A fixed moment: 10:30 UTC on a day; its day starts at D. */
const D = Date.UTC(2026, 10, 20)
const NOW = new Date(D + 10.5 * HOUR)

let runtime: Runtime & { close: () => void }
let tokenIds: number[]
let collectionId: number

/** Lists token `i` at `wei` from `at` (until far after), and refreshes the market at `at`. */
async function list(i: number, wei: string, at: number) {
  await runtime.db.insert(listings).values({
    nftId: tokenIds[i]!,
    maker: CREATOR,
    kind: 'fixed',
    priceWei: wei,
    startsAt: new Date(at),
    endsAt: new Date(at + 365 * DAY),
  })
  await refreshNftMarket(runtime.db, [tokenIds[i]!], new Date(at))
}
async function unlist(i: number, at: number) {
  await runtime.db.update(listings).set({ status: 'cancelled' }).where(eq(listings.nftId, tokenIds[i]!))
  await refreshNftMarket(runtime.db, [tokenIds[i]!], new Date(at))
}
async function sell(i: number, wei: string, at: number, buyer = BUYER) {
  await runtime.db.insert(sales).values({
    nftId: tokenIds[i]!,
    collectionId,
    seller: CREATOR,
    buyer,
    priceWei: wei,
    priceSort: Number(wei) / 1e18,
    soldAt: new Date(at),
  })
}

beforeAll(async () => {
  runtime = await createTestRuntime()
  const { collection, token } = await atomsCollection(runtime.db, CREATOR, new Date(D - 10 * DAY))
  collectionId = collection.id
  const rows = await runtime.db
    .insert(nfts)
    .values(['1', '2', '3'].map((id) => token(id)))
    .returning({ id: nfts.id })
  tokenIds = rows.map((r) => r.id)
  // Three days back: listed at 0.52 ETH, then 0.41 at 05:10 the day before yesterday.
  await list(0, '520000000000000001', D - 3 * DAY + 2 * HOUR)
  await list(1, '410000000000000007', D - 2 * DAY + 5 * HOUR + 10 * 60_000)
  // The same hour: a cheaper listing comes and goes (the hour's low), the floor ends at 0.41.
  await list(2, '300000000000000000', D - 2 * DAY + 5 * HOUR + 20 * 60_000)
  await unlist(2, D - 2 * DAY + 5 * HOUR + 40 * 60_000)
  // Yesterday nothing changed. Today at 09:00 the 0.41 is bought: the floor is 0.52 again.
  await unlist(1, D + 9 * HOUR)
  // Sales: two yesterday (one a second before midnight), one today, and a maker's fill of their own order.
  await sell(0, '1000000000000000001', D - DAY)
  await sell(0, '2500000000000000003', D - 1)
  await sell(1, '410000000000000007', D + 9 * HOUR)
  await sell(1, '999', D + 9 * HOUR, CREATOR)
})
afterAll(() => runtime?.close())

describe('the floor history the market writes', () => {
  it('holds one row per hour in which the floor changed: its low and its end', async () => {
    const rows = await runtime.db
      .select()
      .from(collectionFloors)
      .where(eq(collectionFloors.collectionId, collectionId))
      .orderBy(collectionFloors.hour)
    expect(rows).toEqual([
      { collectionId, hour: D - 3 * DAY + 2 * HOUR, lowWei: '520000000000000001', floorWei: '520000000000000001' },
      { collectionId, hour: D - 2 * DAY + 5 * HOUR, lowWei: '300000000000000000', floorWei: '410000000000000007' },
      { collectionId, hour: D + 9 * HOUR, lowWei: '520000000000000001', floorWei: '520000000000000001' },
    ])
  })

  it('writes nothing when a write leaves the floor as it was', async () => {
    await refreshNftMarket(runtime.db, [tokenIds[0]!], new Date(D + 10 * HOUR))
    const rows = await runtime.db.select().from(collectionFloors).where(eq(collectionFloors.collectionId, collectionId))
    expect(rows).toHaveLength(3)
  })
})

describe('collection.history', () => {
  it('daily: whole UTC days, the current last, the floor carried through days without a change', async () => {
    const history = await collectionHistory(runtime.db, { idOrSlug: 'atoms', interval: 'day', range: '7d' }, NOW)
    expect(history!.buckets.map((b) => b.start)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((n) => new Date(D - n * DAY).toISOString()),
    )
    expect(history!.buckets.map((b) => b.floor?.wei ?? null)).toEqual([
      null,
      null,
      null,
      '520000000000000001', // listed that day
      '300000000000000000', // the lowest of the day, though it lasted twenty minutes
      '410000000000000007', // carried: nothing changed
      '410000000000000007', // live until 09:00 today
    ])
    const yesterday = history!.buckets[5]!
    expect(yesterday.sales).toBe(2)
    expect(yesterday.volume).toEqual({ wei: '3500000000000000004', eth: '3.500000000000000004' })
    // A maker's fill of their own order is no volume.
    expect(history!.buckets[6]).toMatchObject({ sales: 1, volume: { wei: '410000000000000007' } })
    expect(history!.buckets[3]!.floor).toEqual({
      wei: '520000000000000001',
      eth: '0.520000000000000001',
      currency: 'ETH',
    })
  })

  it('hourly: the hour of a change holds its low, the next hours the floor it ended at', async () => {
    const history = await collectionHistory(runtime.db, { idOrSlug: 'atoms', interval: 'hour', range: '7d' }, NOW)
    expect(history!.buckets).toHaveLength(7 * 24)
    expect(history!.buckets.at(-1)!.start).toBe(new Date(D + 10 * HOUR).toISOString())
    const at = (t: number) => history!.buckets.find((b) => b.start === new Date(t).toISOString())!
    expect(at(D - 2 * DAY + 4 * HOUR).floor?.wei).toBe('520000000000000001')
    expect(at(D - 2 * DAY + 5 * HOUR).floor?.wei).toBe('300000000000000000')
    expect(at(D - 2 * DAY + 6 * HOUR).floor?.wei).toBe('410000000000000007')
    expect(at(D + 8 * HOUR).floor?.wei).toBe('410000000000000007')
    // The hour the floor rose: the 0.41 was live at its start.
    expect(at(D + 9 * HOUR).floor?.wei).toBe('410000000000000007')
    expect(at(D + 10 * HOUR).floor?.wei).toBe('520000000000000001')
    // A sale a millisecond before midnight is in the last hour of its day.
    expect(at(D - HOUR)).toMatchObject({ sales: 1, volume: { wei: '2500000000000000003' } })
    expect(at(D)).toMatchObject({ sales: 0, volume: { wei: '0', eth: '0' } })
  })

  it('all: from the first day with a sale or a floor, by numeric id too', async () => {
    const history = await collectionHistory(
      runtime.db,
      { idOrSlug: String(collectionId), interval: 'day', range: 'all' },
      NOW,
    )
    expect(history!.buckets[0]!.start).toBe(new Date(D - 3 * DAY).toISOString())
    expect(history!.buckets).toHaveLength(4)
  })

  it('an empty collection: no floor, no sales; all is its current bucket alone; an unknown one is undefined', async () => {
    await runtime.db.insert(collections).values({
      slug: 'empty',
      chainId: 31337,
      contract: '0x00000000000000000000000000000000000000dd',
      name: 'Empty',
      logoUrl: '/logo.svg',
      bannerUrl: '/banner.svg',
      category: 'art',
      creator: CREATOR,
    })
    const week = await collectionHistory(runtime.db, { idOrSlug: 'empty', interval: 'day', range: '7d' }, NOW)
    expect(week!.buckets).toHaveLength(7)
    expect(week!.buckets.every((b) => b.floor === null && b.sales === 0 && b.volume.wei === '0')).toBe(true)
    const all = await collectionHistory(runtime.db, { idOrSlug: 'empty', interval: 'day', range: 'all' }, NOW)
    expect(all!.buckets.map((b) => b.start)).toEqual([new Date(D).toISOString()])
    expect(
      await collectionHistory(runtime.db, { idOrSlug: 'nothing-here', interval: 'day', range: '7d' }, NOW),
    ).toBeUndefined()
  })
})

describe('the edge cache', () => {
  it('files a history under its collection and keeps it no longer than its last bucket lasts', async () => {
    const caller = createCaller(createContext({ request: new Request('http://localhost/'), runtime }))
    const { tags, maxAge } = await collectShown(() =>
      caller.collection.history({ idOrSlug: 'atoms', interval: 'hour' }),
    )
    expect(tags).toContain('collection-atoms')
    expect(maxAge).toBeGreaterThanOrEqual(60)
    expect(maxAge).toBeLessThanOrEqual(3_600)
    const daily = await collectShown(() => caller.collection.history({ idOrSlug: 'atoms' }))
    expect(daily.maxAge).toBeLessThanOrEqual(86_400)
  })
})

describe('GET /api/v1/collections/{idOrSlug}/history', () => {
  const get = async (path: string) => {
    const response = await app.request(`/api/v1/collections/${path}`, {}, runtime)
    return { status: response.status, body: (await response.json()) as any } // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  it('answers the buckets with exact money, daily and 30 days by default', async () => {
    const { status, body } = await get('atoms/history')
    expect(status).toBe(200)
    expect(body.data.interval).toBe('day')
    expect(body.data.range).toBe('30d')
    expect(body.data.buckets).toHaveLength(30)
    for (const bucket of body.data.buckets) {
      expect(bucket.volume.wei).toMatch(/^\d+$/)
      expect(Object.keys(bucket).sort()).toEqual(['floor', 'sales', 'start', 'volume'])
    }
    const hourly = await get('atoms/history?interval=hour&range=7d')
    expect(hourly.body.data.buckets).toHaveLength(168)
  })

  it('404 for an unknown collection, 400 naming the allowed values', async () => {
    expect((await get('nope/history')).status).toBe(404)
    const bad = await get('atoms/history?interval=week')
    expect(bad.status).toBe(400)
    expect(bad.body.error.message).toMatch(/^interval: must be one of day, hour/)
    const range = await get('atoms/history?range=1y')
    expect(range.status).toBe(400)
    expect(range.body.error.message).toMatch(/^range: must be one of 7d, 30d, all/)
    const hourlyAll = await get('atoms/history?interval=hour&range=all')
    expect(hourlyAll.status).toBe(400)
    expect(hourlyAll.body.error.message).toMatch(/^range: hourly buckets reach back at most 30 days/)
  })
})
