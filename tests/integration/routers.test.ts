import { readFileSync } from 'node:fs'
import type { InValue, Row } from '@libsql/client'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCaller, type RouterInputs } from '../../server/trpc/root'
import { createContext } from '../../server/trpc/init'
import { createSeededRuntime, SEED_NOW } from '../support/seeded'
import { referenceItems, referenceList, type ReferenceItem } from '../support/nft-reference'

let runtime: Awaited<ReturnType<typeof createSeededRuntime>>
let caller: ReturnType<typeof createCaller>
/** The seeded items as the tables (listings, offers, collections) describe them. */
let items: ReferenceItem[]
beforeAll(async () => {
  runtime = await createSeededRuntime(1_200)
  caller = createCaller(createContext({ request: new Request('http://localhost/'), runtime }))
  items = await referenceItems(runtime.db, Date.now())
})
afterAll(() => runtime.close())

type ListInput = RouterInputs['nft']['list']
/** Every row of a keyset list, page after page from the first (at most 1,200 pages). */
async function allPages<T>(page: (cursor: string | undefined) => Promise<{ data: T[]; nextCursor: string | null }>) {
  const rows: T[] = []
  let cursor: string | undefined
  // One page per row at limit 1 (the property test's smallest page over 1,200 items).
  for (let guard = 0; guard <= 1_200; guard++) {
    const next = await page(cursor)
    rows.push(...next.data)
    if (!next.nextCursor) return rows
    cursor = next.nextCursor
  }
  throw new Error('paging did not end')
}
async function everyPage(input: ListInput) {
  const rows = await allPages((cursor) => caller.nft.list({ ...input, cursor }))
  return { rows, ids: rows.map((n) => n.id) }
}
const eth = (n: { price: { eth: string } | null }) => (n.price ? Number(n.price.eth) : null)

describe('nft.list sorts', () => {
  it('Price: Low to High puts listed items first by price, unlisted last', async () => {
    const { rows } = await everyPage({ sort: 'price-asc', limit: 100 })
    const prices = rows.map(eth)
    const firstUnlisted = prices.indexOf(null)
    expect(firstUnlisted).toBeGreaterThan(0)
    expect(prices.slice(firstUnlisted).every((p) => p === null)).toBe(true)
    const listed = prices.slice(0, firstUnlisted) as number[]
    expect(listed).toEqual([...listed].sort((a, b) => a - b))
  })

  it('Price: high to low puts the most expensive first, unlisted last', async () => {
    const { rows } = await everyPage({ sort: 'price-desc', limit: 100 })
    const listed = rows.map(eth).filter((p): p is number => p !== null)
    expect(listed).toEqual([...listed].sort((a, b) => b - a))
    expect(eth(rows.at(-1)!)).toBeNull()
  })

  it('Recently Added is newest first', async () => {
    const { data } = await caller.nft.list({ sort: 'recently-added', limit: 50 })
    const dates = data.map((n) => Date.parse(n.addDate))
    expect(dates).toEqual([...dates].sort((a, b) => b - a))
  })

  it('Auction Ending Soon lists live auctions, soonest end first', async () => {
    const { rows } = await everyPage({ sort: 'ending-soon', limit: 100 })
    expect(rows.length).toBeGreaterThan(0)
    const ends = rows.map((n) => Date.parse(n.auctionEndsAt!))
    expect(ends.every((t) => t > Date.now())).toBe(true)
    expect(ends).toEqual([...ends].sort((a, b) => a - b))
  })
})

describe('nft traits', () => {
  const traitRows = async () => {
    const { rows } = await runtime.db.$client.execute(
      'select nft_id, trait_type, value from nft_attributes order by nft_id, trait_type',
    )
    const byNft = new Map<number, { trait_type: string; value: string }[]>()
    for (const row of rows) {
      const list = byNft.get(Number(row.nft_id)) ?? []
      list.push({ trait_type: String(row.trait_type), value: String(row.value) })
      byNft.set(Number(row.nft_id), list)
    }
    return byNft
  }

  it('lists show every trait row of each item, ordered by trait type', async () => {
    const byNft = await traitRows()
    // The lists leave NSFW items out until asked for them: both together are every item.
    const rows = [...(await everyPage({ limit: 100 })).rows, ...(await everyPage({ filter: 'nsfw', limit: 100 })).rows]
    expect(rows.length).toBe(1_200)
    for (const nft of rows) expect(nft.attributes, `NFT ${nft.id}`).toEqual(byNft.get(nft.id) ?? [])
    expect(rows.filter((n) => n.attributes.length > 1).length).toBeGreaterThan(100)
  })

  it("the backfill migration rebuilds the same copy from a database's trait rows", async () => {
    const before = (await runtime.db.$client.execute('select id, attributes from nfts order by id')).rows
    await runtime.db.$client.execute("update nfts set attributes = '[]'")
    await runtime.db.$client.execute(readFileSync('db/migrations/0007_nft_attributes_backfill.sql', 'utf8'))
    const after = (await runtime.db.$client.execute('select id, attributes from nfts order by id')).rows
    expect(after.map((r) => [r.id, JSON.parse(String(r.attributes))])).toEqual(
      before.map((r) => [r.id, JSON.parse(String(r.attributes))]),
    )
  })
})

describe('nft.list filters', () => {
  it.each([
    { filter: 'verified' },
    { filter: 'nsfw' },
    { filter: 'lazy-minted' },
    { status: 'buy-now' },
    { status: 'on-auction' },
    { status: 'has-offers' },
  ] as const)('%j keeps every matching item and nothing else', async (only) => {
    const expected = referenceList(items, { sort: 'price-asc', ...only })
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(items.length)
    expect((await everyPage({ ...only, sort: 'price-asc', limit: 100 })).ids).toEqual(expected)
  })

  it('filters by collection slug, category, chain, owner together', async () => {
    const first = (await caller.nft.list({ limit: 1, sort: 'price-asc' })).data[0]!
    const query = { collection: first.collection.slug, category: first.category, chain: first.chainId }
    const expected = referenceList(items, { sort: 'recently-added', ...query })
    expect(expected.length).toBeGreaterThan(1)
    expect((await everyPage({ ...query, limit: 100 })).ids).toEqual(expected)
    // Any case of the owner's address.
    const owned = await everyPage({ owner: first.owner.toUpperCase().replace('0X', '0x'), limit: 100 })
    expect(owned.ids).toEqual(referenceList(items, { sort: 'recently-added', owner: first.owner }))
    expect(owned.ids).toContain(first.id)
  })

  it('a price range keeps listed items from minPrice to maxPrice (both included), in any sort', async () => {
    const prices = items.flatMap((n) => (n.priceWei === null ? [] : [n.priceWei])).sort((a, b) => (a < b ? -1 : 1))
    const low = prices[Math.floor(prices.length / 4)]!
    const high = prices[Math.floor(prices.length / 2)]!
    const range = { minPrice: Number(low) / 1e18, maxPrice: Number(high) / 1e18 }
    for (const sort of ['price-asc', 'price-desc', 'recently-added'] as const) {
      const expected = referenceList(items, { sort, ...range })
      expect(expected.length).toBeGreaterThan(10)
      expect(expected.length).toBeLessThan(prices.length / 2)
      expect((await everyPage({ sort, ...range, limit: 100 })).ids, sort).toEqual(expected)
    }
    // Both ends included: a range of one price finds exactly the items at that price.
    const exact = { minPrice: range.maxPrice, maxPrice: range.maxPrice }
    const atHigh = await everyPage({ sort: 'price-asc', ...exact, limit: 100 })
    expect(atHigh.ids).toEqual(referenceList(items, { sort: 'price-asc', ...exact }))
    expect(atHigh.rows.length).toBeGreaterThan(0)
    expect(atHigh.rows.every((n) => n.price?.wei === high.toString())).toBe(true)
    // One bound alone: unlisted items are neither above nor below a price.
    for (const sort of ['price-asc', 'price-desc', 'recently-added', 'ending-soon'] as const) {
      const above = await everyPage({ sort, minPrice: range.maxPrice, limit: 100 })
      expect(above.rows.every((n) => n.price !== null && BigInt(n.price.wei) >= high)).toBe(true)
      expect(above.ids, sort).toEqual(referenceList(items, { sort, minPrice: range.maxPrice }))
      const below = await everyPage({ sort, maxPrice: range.minPrice, limit: 100 })
      expect(below.rows.every((n) => n.price !== null && BigInt(n.price.wei) <= low)).toBe(true)
      expect(below.ids, sort).toEqual(referenceList(items, { sort, maxPrice: range.minPrice }))
    }
  })

  it('rejects an unknown collection with NOT_FOUND', async () => {
    await expect(caller.nft.list({ collection: 'no-such-collection' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('keyset paging (property)', () => {
  const option = <T>(values: readonly T[]) => fc.option(fc.constantFrom(...values), { nil: undefined })
  const bounds = [0, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5]

  it('pages through exactly the matching rows of the tables, each once, in the order of the sort', async () => {
    const slugs = [...new Set(items.map((n) => n.collection))].slice(0, 6)
    const owners = [...new Set(items.map((n) => n.owner))].slice(0, 6)
    const query = fc.record({
      sort: fc.constantFrom('price-asc', 'price-desc', 'recently-added', 'ending-soon' as const),
      filter: option(['verified', 'nsfw', 'lazy-minted'] as const),
      status: option(['buy-now', 'on-auction', 'has-offers'] as const),
      category: option(['art', 'photography', 'sports', 'collectibles', 'utility', 'virtual-worlds'] as const),
      collection: option(slugs),
      chain: option([1, 8453, 11155111]),
      owner: option(owners),
      minPrice: option(bounds),
      maxPrice: option(bounds),
      q: option(['reverie', 'the', 'neon', '#12', 'vol']),
    })
    await fc.assert(
      fc.asyncProperty(query, fc.integer({ min: 1, max: 60 }), async (q, limit) => {
        fc.pre(q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice)
        const paged = await everyPage({ ...q, limit })
        expect(paged.ids).toEqual(referenceList(items, q))
      }),
      { numRuns: 60 },
    )
  })

  it('a cursor from another sort is refused', async () => {
    const page = await caller.nft.list({ sort: 'price-asc', limit: 2 })
    await expect(caller.nft.list({ sort: 'recently-added', cursor: page.nextCursor! })).rejects.toThrow(/cursor/)
  })
})

describe('collections, rankings, activity, users, search', () => {
  it('collection tabs order by trending, all-time volume and newest', async () => {
    const top = (await caller.collection.list({ tab: 'top', limit: 100 })).data
    const volumes = top.map((c) => Number(c.stats.volumeAll!.eth))
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a))
    const recent = (await caller.collection.list({ tab: 'recent', limit: 100 })).data.map((c) =>
      Date.parse(c.createdAt),
    )
    expect(recent).toEqual([...recent].sort((a, b) => b - a))
    expect(
      (await caller.collection.list({ tab: 'trending', category: 'art' })).data.every((c) => c.category === 'art'),
    ).toBe(true)
  })

  it('the trending tab ranks by 24h volume change, highest first; without a day before to compare, by 24h volume after', async () => {
    const trending = (await caller.collection.list({ tab: 'trending', limit: 100 })).data
    const changed = trending.filter((c) => c.stats.change24h !== null)
    const unchanged = trending.slice(changed.length)
    expect(changed.length).toBeGreaterThan(5)
    expect(trending.slice(0, changed.length)).toEqual(changed)
    const changes = changed.map((c) => c.stats.change24h!)
    expect(changes).toEqual([...changes].sort((a, b) => b - a))
    expect(new Set(changes.map(Math.sign)).size, 'rises and falls').toBeGreaterThan(1)
    const volumes = unchanged.map((c) => BigInt(c.stats.volume24h?.wei ?? '0'))
    expect(volumes).toEqual([...volumes].sort((a, b) => (b > a ? 1 : b < a ? -1 : 0)))
  })

  it('collection stats are consistent with its items', async () => {
    const c = (await caller.collection.list({ tab: 'top', limit: 1 })).data[0]!
    const detail = await caller.collection.byIdOrSlug({ idOrSlug: c.slug })
    // Its figures count every item, NSFW ones too, which its grid shows only when asked.
    const items = {
      rows: [
        ...(await everyPage({ collection: c.slug, limit: 100 })).rows,
        ...(await everyPage({ collection: c.slug, filter: 'nsfw', limit: 100 })).rows,
      ],
    }
    expect(detail.stats.items).toBe(items.rows.length)
    expect(detail.stats.listed).toBe(items.rows.filter((n) => n.price).length)
    expect(detail.stats.owners).toBe(new Set(items.rows.map((n) => n.owner)).size)
    const cheapest = items.rows
      .map(eth)
      .filter((p): p is number => p !== null)
      .sort((a, b) => a - b)[0]
    expect(Number(detail.stats.floor!.eth)).toBe(cheapest)
    expect(BigInt(detail.stats.volumeAll!.wei)).toBeGreaterThanOrEqual(BigInt(detail.stats.volume30d!.wei))
  })

  it('rankings by period come from sales, ranked 1..n across pages', async () => {
    const first = await caller.ranking.list({ period: '7d', limit: 5 })
    const second = await caller.ranking.list({ period: '7d', limit: 5, cursor: first.nextCursor! })
    expect([...first.data, ...second.data].map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    const volumes = [...first.data, ...second.data].map((r) => Number(r.volume!.eth))
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a))
    expect(volumes[0]).toBeGreaterThan(0)
  })

  it('rankings are the sums of the sales table over each period, for any category and chain, page after page', async () => {
    const { rows: sales } = await runtime.db.$client.execute(
      'select s.collection_id, s.price_wei, s.sold_at, c.category, c.chain_id from sales s join collections c on c.id = s.collection_id',
    )
    const { rows: all } = await runtime.db.$client.execute('select id, category, chain_id from collections')
    const days = { '24h': 1, '7d': 7, '30d': 30, all: Infinity } as const
    for (const [period, length] of Object.entries(days) as [keyof typeof days, number][]) {
      for (const scope of [{}, { category: 'art' as const }, { chain: 8453 }]) {
        const inScope = (r: Row) =>
          (!('category' in scope) || r.category === scope.category) &&
          (!('chain' in scope) || r.chain_id === scope.chain)
        const volume = new Map<number, bigint>()
        for (const sale of sales) {
          const age = SEED_NOW.getTime() - Number(sale.sold_at)
          if (!inScope(sale) || age < 0 || age >= length * 86_400_000) continue
          const id = Number(sale.collection_id)
          volume.set(id, (volume.get(id) ?? 0n) + BigInt(String(sale.price_wei)))
        }
        const expected = all
          .filter(inScope)
          .map((r) => ({ id: Number(r.id), wei: volume.get(Number(r.id)) ?? 0n }))
          .sort((a, b) => (a.wei === b.wei ? b.id - a.id : a.wei > b.wei ? -1 : 1))
        const ranked = await allPages((cursor) => caller.ranking.list({ period, ...scope, limit: 7, cursor }))
        const label = `${period} ${JSON.stringify(scope)}`
        expect(expected.length, label).toBeGreaterThan(1)
        expect(expected[0]!.wei, label).toBeGreaterThan(0n)
        expect(
          ranked.map((r) => r.rank),
          label,
        ).toEqual(expected.map((_, i) => i + 1))
        expect(
          ranked.map((r) => r.collection.id),
          label,
        ).toEqual(expected.map((e) => e.id))
        expect(
          ranked.map((r) => BigInt(r.volume?.wei ?? '0')),
          label,
        ).toEqual(expected.map((e) => e.wei))
      }
    }
  })

  it('collection tabs page through every collection of a chain or category once', async () => {
    const { rows } = await runtime.db.$client.execute('select id, category, chain_id from collections')
    for (const tab of ['trending', 'top', 'recent'] as const) {
      for (const scope of [{ chain: 8453 }, { category: 'photography' as const }, {}]) {
        const ids = (await allPages((cursor) => caller.collection.list({ tab, ...scope, limit: 4, cursor }))).map(
          (c) => c.id,
        )
        const expected = rows
          .filter(
            (r) =>
              (!('chain' in scope) || r.chain_id === scope.chain) &&
              (!('category' in scope) || r.category === scope.category),
          )
          .map((r) => Number(r.id))
        expect(ids.length, `${tab} ${JSON.stringify(scope)}`).toBe(expected.length)
        expect(new Set(ids)).toEqual(new Set(expected))
        expect(ids).toEqual((await caller.collection.list({ tab, ...scope, limit: 100 })).data.map((c) => c.id))
      }
    }
  })

  it('activity feeds by type, collection, item and user hold every event of the table, newest first, page after page', async () => {
    const { rows } = await runtime.db.$client.execute(
      'select id, type, collection_id, nft_id, from_address, to_address, created_at from activity',
    )
    const events = rows.map((r) => ({
      id: Number(r.id),
      type: String(r.type),
      collection: Number(r.collection_id),
      nft: Number(r.nft_id),
      users: [r.from_address, r.to_address],
      at: Number(r.created_at),
    }))
    const busy = <K extends 'collection' | 'nft'>(key: K) => {
      const counts = new Map<number, number>()
      for (const e of events) counts.set(e[key], (counts.get(e[key]) ?? 0) + 1)
      return [...counts].sort((a, b) => b[1] - a[1])[0]![0]
    }
    const collection = busy('collection')
    const nft = busy('nft')
    const user = String(events.find((e) => e.type === 'sale')!.users[1])
    const slug = (await caller.collection.byIdOrSlug({ idOrSlug: String(collection) })).slug
    const feeds = [
      [{ type: 'transfer' as const }, (e: (typeof events)[number]) => e.type === 'transfer'],
      [{ collection: slug }, (e: (typeof events)[number]) => e.collection === collection],
      [{ nft }, (e: (typeof events)[number]) => e.nft === nft],
      [{ user }, (e: (typeof events)[number]) => e.users.includes(user)],
      [
        { type: 'sale' as const, collection: slug },
        (e: (typeof events)[number]) => e.type === 'sale' && e.collection === collection,
      ],
    ] as const
    for (const [input, holds] of feeds) {
      const expected = events
        .filter(holds)
        .sort((a, b) => b.at - a.at || b.id - a.id)
        .map((e) => e.id)
      expect(expected.length, JSON.stringify(input)).toBeGreaterThan(3)
      const seen = await allPages((cursor) => caller.activity.list({ ...input, limit: 50, cursor }))
      expect(
        seen.map((e) => e.id),
        JSON.stringify(input),
      ).toEqual(expected)
    }
  })

  it('activity filters by type, item and user, newest first', async () => {
    const sales = (await caller.activity.list({ type: 'sale', limit: 50 })).data
    expect(sales.length).toBeGreaterThan(0)
    expect(sales.every((e) => e.type === 'sale' && e.price)).toBe(true)
    const user = sales[0]!.to!
    const mine = (await caller.activity.list({ user, limit: 100 })).data
    expect(mine.every((e) => e.from === user || e.to === user)).toBe(true)
    const times = mine.map((e) => Date.parse(e.createdAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('user tabs: owned and favorited', async () => {
    const nft = (await caller.nft.list({ limit: 1 })).data[0]!
    const owned = await caller.user.nfts({ filter: 'owned', address: nft.owner, limit: 100 })
    expect(owned.data.map((n) => n.id)).toContain(nft.id)
    const onSale = await caller.user.nfts({ filter: 'on-sale', address: nft.owner, limit: 100 })
    expect(onSale.data.every((n) => n.price && n.owner === nft.owner)).toBe(true)
  })

  it('user tabs: favorited, newest like first, page after page', async () => {
    const {
      rows: [fan],
    } = await runtime.db.$client.execute(
      'select user_address as address from favorites group by user_address order by count(*) desc limit 1',
    )
    const address = String(fan!.address)
    const { rows } = await runtime.db.$client.execute({
      sql: 'select nft_id as id from favorites where user_address = ? order by created_at desc, nft_id desc',
      args: [address],
    })
    const expected = rows.map((r) => Number(r.id))
    expect(expected.length).toBeGreaterThan(3)
    const seen = await allPages((cursor) => caller.user.nfts({ filter: 'favorited', address, limit: 3, cursor }))
    expect(seen.map((n) => n.id)).toEqual(expected)
  })

  it('search is ranked and tolerates typos', async () => {
    const exact = await caller.search.query({ q: 'Neon Cathedrals' })
    expect(exact.collections[0]?.name).toBe('Neon Cathedrals')
    const typo = await caller.search.query({ q: 'cathedrls' })
    expect(typo.collections.map((c) => c.name)).toContain('Neon Cathedrals')
    // Typo matches only stand in for no match at all: next to exact ones they are noise.
    const found = await caller.search.query({ q: 'reverie', limit: 20 })
    expect(found.nfts.length).toBeGreaterThan(0)
    expect(found.collections.every((c) => /reverie/i.test(`${c.name} ${c.description}`))).toBe(true)
    expect(found.users.every((u) => /reverie/i.test(u.username ?? ''))).toBe(true)
    // A smaller limit shows the best of the same ranking; items come in id order.
    const [many, few] = await Promise.all([
      caller.search.query({ q: 'the', limit: 20 }),
      caller.search.query({ q: 'the', limit: 3 }),
    ])
    expect(many.collections.length).toBeGreaterThan(3)
    expect(few.collections.map((c) => c.id)).toEqual(many.collections.slice(0, 3).map((c) => c.id))
    expect(few.nfts.map((n) => n.id)).toEqual(many.nfts.slice(0, 3).map((n) => n.id))
    expect(many.nfts.map((n) => n.id)).toEqual(many.nfts.map((n) => n.id).sort((a, b) => a - b))
    const nfts = await caller.nft.list({ q: 'Reverie', limit: 5 })
    expect(nfts.data.every((n) => n.name.startsWith('Reverie'))).toBe(true)
  })

  it('search shows collections named as the query first, then those holding every word in their name, then the rest; most traded first within each', async () => {
    const all = (await caller.collection.list({ tab: 'top', limit: 100 })).data
    expect(all.length).toBeGreaterThan(30)
    const volume = (c: (typeof all)[number]) => BigInt(c.stats.volumeAll?.wei ?? '0')
    for (const q of ['the', 'Neon Cathedrals', 'reverie', 'NEON']) {
      const words = q.toLowerCase().split(' ')
      const tier = (c: (typeof all)[number]) =>
        c.name.toLowerCase() === q.toLowerCase() ? 0 : words.every((w) => c.name.toLowerCase().includes(w)) ? 1 : 2
      const expected = all
        .filter((c) => words.every((w) => `${c.name} ${c.description}`.toLowerCase().includes(w)))
        .sort((a, b) => tier(a) - tier(b) || (volume(b) > volume(a) ? 1 : volume(b) < volume(a) ? -1 : a.id - b.id))
        .slice(0, 20)
      expect(expected.length, q).toBeGreaterThan(0)
      const found = await caller.search.query({ q, limit: 20 })
      expect(
        found.collections.map((c) => c.name),
        q,
      ).toEqual(expected.map((c) => c.name))
    }
    // Named exactly as typed (any case): first, even when another holds the words and trades more.
    expect((await caller.search.query({ q: 'neon cathedrals' })).collections[0]?.name).toBe('Neon Cathedrals')
  })

  it('search finds the same users after VACUUM and after a dump is restored', async () => {
    const fresh = await createSeededRuntime(100)
    const run = (sql: string, args: InValue[] = []) => fresh.db.$client.execute({ sql, args })
    try {
      const search = createCaller(createContext({ request: new Request('http://localhost/'), runtime: fresh })).search
      // Gaps in the users' row numbers, then the newest user's name as the query.
      await run('DELETE FROM users WHERE rowid % 3 = 0')
      const { rows } = await run('SELECT username FROM users WHERE username IS NOT NULL ORDER BY rowid DESC LIMIT 1')
      const q = String(rows[0]!.username)
      const before = (await search.query({ q, limit: 20 })).users
      expect(before.map((u) => u.username)).toContain(q)
      // VACUUM may renumber the rows of a table without an INTEGER PRIMARY KEY (SQLite's docs).
      await run('VACUUM')
      expect((await search.query({ q, limit: 20 })).users).toEqual(before)
      // A dump (sqlite3 .dump) holds each table's columns, not its rowids, and replays the rows
      // before it makes the triggers again; the search index's own tables come back as they were.
      const dump = await run('SELECT * FROM users ORDER BY rowid')
      const triggers = await run("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'users'")
      for (const trigger of triggers.rows) await run(`DROP TRIGGER ${String(trigger.name)}`)
      await run('DELETE FROM users')
      const columns = dump.columns.join(', ')
      const marks = dump.columns.map(() => '?').join(', ')
      for (const row of dump.rows) {
        await run(
          `INSERT INTO users (${columns}) VALUES (${marks})`,
          dump.columns.map((c) => row[c] as InValue),
        )
      }
      for (const trigger of triggers.rows) await run(String(trigger.sql))
      expect((await search.query({ q, limit: 20 })).users).toEqual(before)
    } finally {
      fresh.close()
    }
  })

  it('a search shorter than three characters finds collections and users whose names start with it, in name order', async () => {
    const { rows } = await runtime.db.$client.execute('select name from collections')
    const { rows: people } = await runtime.db.$client.execute('select username from users where username is not null')
    for (const q of ['ne', 'NE', 'c', ' Ch ']) {
      const prefix = q.trim().toLowerCase()
      const byName = (names: string[]) =>
        names
          .filter((name) => name.toLowerCase().startsWith(prefix))
          .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1))
          .slice(0, 20)
      const found = await caller.search.query({ q, limit: 20 })
      const collectionsExpected = byName(rows.map((r) => String(r.name)))
      expect(collectionsExpected.length, q).toBeGreaterThan(0)
      expect(
        found.collections.map((c) => c.name),
        q,
      ).toEqual(collectionsExpected)
      expect(
        found.users.map((u) => u.username),
        q,
      ).toEqual(byName(people.map((r) => String(r.username))))
      expect(found.nfts).toEqual([])
    }
    await expect(caller.nft.list({ q: 'ne' })).rejects.toThrow(/needs a word of three characters or more/)
  })

  it('a name search on the list finds every matching item, in the sort asked for, page after page', async () => {
    const { rows } = await runtime.db.$client.execute(
      "select id from nfts where name like '%reverie%' and nsfw = 0 order by price_asc_key, id",
    )
    const expected = rows.map((r) => Number(r.id))
    expect(expected.length).toBeGreaterThan(20)
    expect((await everyPage({ q: 'reverie', sort: 'price-asc', limit: 7 })).ids).toEqual(expected)
    const art = await everyPage({ q: 'reverie', category: 'art', limit: 100 })
    expect(art.rows.every((n) => n.category === 'art' && /reverie/i.test(n.name))).toBe(true)
    await expect(caller.nft.list({ q: 'zq' })).rejects.toThrow(/needs a word of three characters/)
  })
})
