/**
 * The activity feed filtered by kind within a collection or an item, over tRPC and REST: every
 * event of the kind and scope, newest first, page after page under the filter; an unknown kind is
 * a 400 naming the kinds; the collection may be named by slug (any case) or id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACTIVITY_TYPES, type ActivityType } from '../../db/schema'
import { app } from '../../server/app'
import { z } from 'zod'
import { eventShape } from '../../server/rest/shapes'
import { createContext } from '../../server/trpc/init'
import { createCaller } from '../../server/trpc/root'
import { createSeededRuntime } from '../support/seeded'

let runtime: Awaited<ReturnType<typeof createSeededRuntime>>
let caller: ReturnType<typeof createCaller>
interface Event {
  id: number
  type: ActivityType
  collection: number
  nft: number
  at: number
}
let events: Event[]
/** The collection with the most events, its slug, and the item with the most kinds of event. */
let collection: { id: number; slug: string }
let item: number

beforeAll(async () => {
  runtime = await createSeededRuntime(600)
  caller = createCaller(createContext({ request: new Request('http://localhost/'), runtime }))
  const { rows } = await runtime.db.$client.execute('SELECT id, type, collection_id, nft_id, created_at FROM activity')
  events = rows.map((r) => ({
    id: Number(r.id),
    type: String(r.type) as ActivityType,
    collection: Number(r.collection_id),
    nft: Number(r.nft_id),
    at: Number(r.created_at),
  }))
  const most = (key: 'collection' | 'nft', count: (list: Event[]) => number) => {
    const groups = new Map<number, Event[]>()
    for (const e of events) groups.set(e[key], [...(groups.get(e[key]) ?? []), e])
    return [...groups].sort((a, b) => count(b[1]) - count(a[1]))[0]![0]
  }
  const id = most('collection', (list) => list.length)
  collection = { id, slug: (await caller.collection.byIdOrSlug({ idOrSlug: String(id) })).slug }
  item = most('nft', (list) => new Set(list.map((e) => e.type)).size * 1000 + list.length)
})
afterAll(() => runtime.close())

const request = (path: string) => app.request(`http://localhost${path}`, undefined, runtime)

/** Ids of every event that holds, newest first. */
const expected = (holds: (e: Event) => boolean) =>
  events
    .filter(holds)
    .sort((a, b) => b.at - a.at || b.id - a.id)
    .map((e) => e.id)

async function allPages(
  page: (cursor: string | undefined) => Promise<{ data: { id: number }[]; nextCursor: string | null }>,
) {
  const ids: number[] = []
  let cursor: string | undefined
  for (let i = 0; i < 1000; i++) {
    const { data, nextCursor } = await page(cursor)
    ids.push(...data.map((e) => e.id))
    if (!nextCursor) return ids
    cursor = nextCursor
  }
  throw new Error('no last page')
}

describe('activity.list by kind and collection or item (tRPC)', () => {
  it("a collection's events of each kind, page after page, by slug and by id", async () => {
    for (const type of ACTIVITY_TYPES) {
      const want = expected((e) => e.collection === collection.id && e.type === type)
      for (const key of [collection.slug, collection.slug.toUpperCase(), String(collection.id)]) {
        const seen = await allPages((cursor) => caller.activity.list({ type, collection: key, limit: 7, cursor }))
        expect(seen, `${type} in ${key}`).toEqual(want)
      }
    }
    expect(expected((e) => e.collection === collection.id && e.type === 'sale').length).toBeGreaterThan(7)
  })

  it("an item's events of each kind, newest first", async () => {
    const kinds = new Set(events.filter((e) => e.nft === item).map((e) => e.type))
    expect(kinds.size).toBeGreaterThan(1)
    for (const type of ACTIVITY_TYPES) {
      const want = expected((e) => e.nft === item && e.type === type)
      const seen = await allPages((cursor) => caller.activity.list({ type, nft: item, limit: 2, cursor }))
      expect(seen, type).toEqual(want)
    }
  })

  it('an unknown kind or collection is refused, naming the problem', async () => {
    await expect(
      caller.activity.list({ type: 'bogus' as never, collection: collection.slug, limit: 5 }),
    ).rejects.toThrow(/must be one of mint, list, sale, transfer, offer, cancel, like/)
    await expect(caller.activity.list({ type: 'sale', collection: 'no-such-collection', limit: 5 })).rejects.toThrow(
      'collection "no-such-collection" does not exist',
    )
    await expect(caller.activity.list({ type: 'sale', collection: '999999', limit: 5 })).rejects.toThrow(
      'collection "999999" does not exist',
    )
  })
})

describe('GET /api/v1/activity by kind and collection or item (REST)', () => {
  // The documented shape (pageOf's, with the event's type kept for the checks below).
  const page = z.strictObject({ data: z.array(eventShape), nextCursor: z.string().nullable() })

  it('type with collection: only that kind of that collection, in the documented shape', async () => {
    const response = await request(`/api/v1/activity?type=sale&collection=${collection.slug}&limit=5`)
    expect(response.status).toBe(200)
    const body = page.parse(await response.json())
    expect(body.data).toHaveLength(5)
    expect(body.data.every((e) => e.type === 'sale' && e.collection.slug === collection.slug && e.price)).toBe(true)
    expect(body.data.map((e) => e.id)).toEqual(
      expected((e) => e.collection === collection.id && e.type === 'sale').slice(0, 5),
    )
  })

  it('type with collection, paged by the cursor: every sale once, in order (by slug and by id)', async () => {
    for (const key of [collection.slug, String(collection.id)]) {
      const seen = await allPages(async (cursor) => {
        const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
        const response = await request(`/api/v1/activity?type=sale&collection=${key}&limit=4${after}`)
        expect(response.status).toBe(200)
        return page.parse(await response.json())
      })
      expect(seen, key).toEqual(expected((e) => e.collection === collection.id && e.type === 'sale'))
    }
  })

  it('type with nft: only that kind of that item', async () => {
    const type = events.find((e) => e.nft === item)!.type
    const response = await request(`/api/v1/activity?type=${type}&nft=${item}&limit=100`)
    expect(response.status).toBe(200)
    const body = page.parse(await response.json())
    expect(body.data.map((e) => e.id)).toEqual(expected((e) => e.nft === item && e.type === type))
    expect(body.data.every((e) => e.type === type && e.nft.id === item)).toBe(true)
  })

  it('an unknown kind is a 400 naming the allowed kinds; a cursor of another list is a 400 too', async () => {
    const response = await request(`/api/v1/activity?type=sales&collection=${collection.slug}`)
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('BAD_REQUEST')
    expect(body.error.message).toBe('type: must be one of mint, list, sale, transfer, offer, cancel, like')
    const nfts = (await (await request('/api/v1/nfts?limit=1')).json()) as { nextCursor: string }
    const wrongCursor = await request(
      `/api/v1/activity?type=sale&nft=${item}&cursor=${encodeURIComponent(nfts.nextCursor)}`,
    )
    expect(wrongCursor.status).toBe(400)
  })

  it('an unknown collection is a 404 whatever the kind', async () => {
    const response = await request('/api/v1/activity?type=sale&collection=no-such-collection')
    expect(response.status).toBe(404)
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'collection "no-such-collection" does not exist',
    )
  })
})
