/**
 * Trait filters, the traits endpoint and rarity ranks over REST, on the seeded market: every answer
 * is checked against the rows themselves (each token's traits, its listing), not against the
 * queries that made it.
 */
import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyTokenMetadata, rankCollection, RARITY_SETTLE_MS, recordToken, refreshNftMarket } from '../../db/market'
import { roundIsIdle } from '../../chain/indexer/idle'
import type { PublicClient } from 'viem'
import { chainCursors, collections, nfts, type Trait } from '../../db/schema'
import { app } from '../../server/app'
import { withTraits } from '../support/market-rows'
import { TYPES_PER_PAGE, VALUES_PER_TYPE } from '../../server/inputs/trait-syntax'
import { createSeededRuntime } from '../support/seeded'

let runtime: Awaited<ReturnType<typeof createSeededRuntime>>
let slug: string
let collectionId: number
/** The collection's tokens as stored: id, traits, listing. */
let tokens: { id: number; attributes: Trait[]; priceWei: string | null; priceAscKey: number; nsfw: boolean }[]
/** What lists show by default: NSFW tokens only when asked for. */
const shown = () => tokens.filter((t) => !t.nsfw)

beforeAll(async () => {
  runtime = await createSeededRuntime(1_200)
  const [first] = await runtime.db.select().from(collections).where(eq(collections.id, 3))
  slug = first!.slug
  collectionId = first!.id
  tokens = await runtime.db
    .select({
      id: nfts.id,
      attributes: nfts.attributes,
      priceWei: nfts.priceWei,
      priceAscKey: nfts.priceAscKey,
      nsfw: nfts.nsfw,
    })
    .from(nfts)
    .where(eq(nfts.collectionId, collectionId))
})
afterAll(() => runtime.close())

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function get(path: string): Promise<{ status: number; body: any }> {
  const response = await app.request(`http://localhost/api/v1${path}`, undefined, runtime)
  return { status: response.status, body: await response.json() }
}

/** Every item of a list, page after page. */
async function all(path: string): Promise<{ id: number; rarity: { rank: number } | null }[]> {
  const items = []
  let cursor = ''
  do {
    const { status, body } = await get(`${path}&limit=50${cursor ? `&cursor=${cursor}` : ''}`)
    expect(status, JSON.stringify(body)).toBe(200)
    items.push(...body.data)
    cursor = body.nextCursor ?? ''
  } while (cursor)
  return items
}

/** A metadata read that changes only the token's traits. */

const has = (token: (typeof tokens)[number], type: string, values: string[]) =>
  token.attributes.some((t) => t.trait_type === type && values.includes(t.value))
const ids = (list: { id: number }[]) => list.map((n) => n.id).sort((a, b) => a - b)
const q = (text: string) => encodeURIComponent(text)

/** Every trait value of a collection, walking its pages of types and each type's pages of values. */
async function everyTrait(collection: string) {
  const rows = []
  let cursor = ''
  do {
    const { status, body } = await get(`/collections/${collection}/traits${cursor ? `?cursor=${cursor}` : ''}`)
    expect(status, JSON.stringify(body)).toBe(200)
    for (const { type, values } of body.types as { type: string; values: number }[]) {
      const ofType = []
      let after = ''
      do {
        const page = await get(`/collections/${collection}/traits?type=${q(type)}${after ? `&cursor=${after}` : ''}`)
        expect(page.status, JSON.stringify(page.body)).toBe(200)
        ofType.push(...page.body.data)
        after = page.body.nextCursor ?? ''
      } while (after)
      expect(ofType, type).toHaveLength(values)
      rows.push(...ofType)
    }
    cursor = body.nextCursor ?? ''
  } while (cursor)
  return rows
}

describe('GET /collections/{idOrSlug}/traits', () => {
  it("answers every value with the number of tokens carrying it and the cheapest one's listing", async () => {
    const { status, body } = await get(`/collections/${slug}/traits`)
    expect(status).toBe(200)
    expect(Object.keys(body).sort()).toEqual(['data', 'nextCursor', 'types', 'typesLeft'])
    const expected = new Map<string, { count: number; floor: (typeof tokens)[number] | null }>()
    for (const token of tokens) {
      for (const trait of token.attributes) {
        const key = `${trait.trait_type}\u0000${trait.value}`
        const entry = expected.get(key) ?? { count: 0, floor: null }
        entry.count++
        if (token.priceWei !== null && (!entry.floor || token.priceAscKey < entry.floor.priceAscKey))
          entry.floor = token
        expected.set(key, entry)
      }
    }
    const every = await everyTrait(slug)
    expect(every).toHaveLength(expected.size)
    for (const row of [...every, ...body.data]) {
      const want = expected.get(`${row.type}\u0000${row.value}`)!
      expect(row.count, `${row.type}: ${row.value}`).toBe(want.count)
      expect(row.floor?.wei ?? null, `${row.type}: ${row.value}`).toBe(want.floor?.priceWei ?? null)
      expect(row.displayType).toBeNull()
    }
    // The first page: each type with its most common values (all of them when few), most common first.
    for (const { type, values } of body.types) {
      const ofType = body.data.filter((r: { type: string }) => r.type === type)
      expect(ofType).toHaveLength(Math.min(values, VALUES_PER_TYPE))
      expect(ofType.map((r: { count: number }) => r.count)).toEqual(
        ofType.map((r: { count: number }) => r.count).sort((a: number, b: number) => b - a),
      )
    }
  })

  it('finds values within one type by text, and answers 404 for a collection that does not exist', async () => {
    const { body } = await get(`/collections/${slug}/traits?type=Background&q=MI`)
    expect(body.data.length).toBeGreaterThan(0)
    for (const row of body.data) {
      expect(row.type).toBe('Background')
      expect(row.value.toLowerCase()).toContain('mi')
    }
    expect((await get('/collections/no-such-collection/traits')).status).toBe(404)
  })
})

describe('GET /nfts?collection=…&trait=…', () => {
  it('lists exactly the tokens carrying the value', async () => {
    const listed = await all(`/nfts?collection=${slug}&trait=${q('Background:Mint')}`)
    const want = shown().filter((t) => has(t, 'Background', ['Mint']))
    expect(want.length).toBeGreaterThan(0)
    expect(ids(listed)).toEqual(ids(want))
  })

  it('ORs values of one type and ANDs types, with the sort, status and price filters', async () => {
    const path =
      `/nfts?collection=${slug}&trait=${q('Background:Mint')}&trait=${q('Background:Sand')}` +
      `&trait=${q('Palette:Neon')}&trait=${q('Palette:Earth')}&sort=price-asc&status=buy-now&minPrice=0.001`
    const listed = await all(path)
    const want = shown().filter(
      (t) =>
        has(t, 'Background', ['Mint', 'Sand']) &&
        has(t, 'Palette', ['Neon', 'Earth']) &&
        t.priceWei !== null &&
        t.priceAscKey >= 0.001,
    )
    expect(ids(listed)).toEqual(ids(want))
    const prices = listed.map((n) => tokens.find((t) => t.id === n.id)!.priceAscKey)
    expect(prices).toEqual(prices.toSorted((a, b) => a - b))
  })

  it('takes values with colons and unicode, and 50 values at once', async () => {
    expect((await get(`/nfts?collection=${slug}&trait=${q('Background:a:b:c')}`)).body.data).toEqual([])
    expect((await get(`/nfts?collection=${slug}&trait=${q('Mood:Calme 🌊 ünïcode')}`)).body.data).toEqual([])
    const fifty = Array.from({ length: 50 }, (_, i) => `trait=${q(`Mood:v${i}`)}`).join('&')
    expect((await get(`/nfts?collection=${slug}&${fifty}`)).status).toBe(200)
  })

  it('never answers fuzzed trait filters with a 5xx', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom('Background:Mint', 'Mood:', ':', '\\:x:y', 'Level:1..', 'Level:..', 'a'.repeat(400) + ':b'),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom('trait', 'traitRange'), text), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('recently-added', 'price-asc', 'rarest'),
        async (pairs, sort) => {
          const query = new URLSearchParams([['collection', slug], ['sort', sort], ...pairs])
          const response = await app.request(`http://localhost/api/v1/nfts?${query}`, undefined, runtime)
          expect(response.status, query.toString()).toBeLessThan(500)
          const traits = await app.request(
            `http://localhost/api/v1/collections/${slug}/traits?${new URLSearchParams({ type: pairs[0]![1], q: pairs.at(-1)![1] })}`,
            undefined,
            runtime,
          )
          expect(traits.status).toBeLessThan(500)
        },
      ),
      { numRuns: 150 },
    )
  })

  it('refuses plainly what it cannot answer, with a 400 naming it', async () => {
    const cases: [string, RegExp][] = [
      [`/nfts?collection=${slug}&trait=Nope:1`, /no trait "Nope"/],
      [`/nfts?collection=${slug}&trait=Background`, /Type:Value/],
      [`/nfts?collection=${slug}&trait=${q(':Mint')}`, /no trait type/],
      [`/nfts?collection=${slug}&trait=${q('Background:')}`, /no value/],
      [`/nfts?collection=${slug}&${Array.from({ length: 51 }, (_, i) => `trait=Mood:v${i}`).join('&')}`, /at most 50/],
      [`/nfts?collection=${slug}&traitRange=${q('Level:9..2')}`, /min 9 is greater than max 2/],
      [`/nfts?collection=${slug}&traitRange=${q('Level:a..b')}`, /numbers/],
      [`/nfts?collection=${slug}&traitRange=${q('Mood:1..2')}`, /no numeric trait "Mood"/],
      [`/nfts?trait=${q('Background:Mint')}`, /trait filters need a collection/],
      [`/nfts?sort=rarest`, /rarest needs a collection/],
      [`/nfts?collection=${slug}&sort=price-asc&sort=rarest`, /sort/],
    ]
    for (const [path, message] of cases) {
      const { status, body } = await get(path)
      expect(status, path).toBe(400)
      expect(body.error.message, path).toMatch(message)
    }
  })
})

describe('numeric traits', () => {
  it('filter by range, show their display type, and stay out of rarity', async () => {
    const some = tokens.slice(0, 12)
    for (const [i, token] of some.entries()) {
      await applyTokenMetadata(
        runtime.db,
        token.id,
        withTraits([
          ...token.attributes,
          { trait_type: 'Level', value: String(i + 1), display_type: 'number' },
          { trait_type: 'Born', value: String(1_700_000_000 + i * 86_400), display_type: 'date' },
        ]),
      )
    }
    const levels = await all(`/nfts?collection=${slug}&traitRange=${q('Level:3..7.5')}`)
    expect(ids(levels)).toEqual(ids(some.slice(2, 7)))
    const open = await all(`/nfts?collection=${slug}&traitRange=${q('Level:..2')}&traitRange=${q('Born:1700000000..')}`)
    expect(ids(open)).toEqual(ids(some.slice(0, 2)))
    const { body } = await get(`/collections/${slug}/traits?type=Level`)
    expect(body.data).toHaveLength(12)
    expect(body.data[0]).toMatchObject({ type: 'Level', count: 1, displayType: 'number' })
    // The ranks before and after: numbers change nothing.
    const before = await all(`/nfts?collection=${slug}&sort=rarest`)
    await rankCollection(runtime.db, collectionId)
    const after = await all(`/nfts?collection=${slug}&sort=rarest`)
    expect(after.map((n) => [n.id, n.rarity])).toEqual(before.map((n) => [n.id, n.rarity]))
  })
})

describe('the counts of each value', () => {
  it('stay equal to the tokens carrying it through metadata changes, and floors follow listings', async () => {
    const recount = async () =>
      runtime.db.all(sql`
        SELECT collection_id, trait_type, value, count(*) AS n FROM nft_attributes GROUP BY 1, 2, 3
        EXCEPT SELECT collection_id, trait_type, value, token_count FROM collection_traits`)
    const stored = async () =>
      runtime.db.all(sql`
        SELECT collection_id, trait_type, value, token_count FROM collection_traits
        EXCEPT SELECT collection_id, trait_type, value, count(*) FROM nft_attributes GROUP BY 1, 2, 3`)
    expect(await recount()).toEqual([])
    expect(await stored()).toEqual([])
    // A value no other token has disappears with the last token that had it.
    const token = tokens[1]!
    await applyTokenMetadata(runtime.db, token.id, withTraits([{ trait_type: 'Comet', value: 'Once' }]))
    expect((await get(`/collections/${slug}/traits?type=Comet`)).body.data).toMatchObject([{ value: 'Once', count: 1 }])
    await applyTokenMetadata(runtime.db, token.id, withTraits(token.attributes))
    expect((await get(`/collections/${slug}/traits?type=Comet`)).body.data).toEqual([])
    expect(await recount()).toEqual([])
    expect(await stored()).toEqual([])
    // The cheapest listed token of a value stops being listed: the value's floor is the next one.
    const listed = tokens.filter((t) => t.priceWei !== null && !t.nsfw).sort((a, b) => a.priceAscKey - b.priceAscKey)
    const cheapest = listed[0]!
    const trait = cheapest.attributes[0]!
    const floorOf = async () =>
      (await get(`/collections/${slug}/traits?type=${q(trait.trait_type)}`)).body.data.find(
        (r: { value: string }) => r.value === trait.value,
      ).floor
    expect((await floorOf()).wei).toBe(cheapest.priceWei)
    await runtime.db.run(sql`UPDATE listings SET status = 'cancelled' WHERE nft_id = ${cheapest.id}`)
    await refreshNftMarket(runtime.db, [cheapest.id])
    const next = tokens
      .filter((t) => t.id !== cheapest.id && t.priceWei !== null && has(t, trait.trait_type, [trait.value]))
      .sort((a, b) => a.priceAscKey - b.priceAscKey)[0]
    expect((await floorOf())?.wei ?? null).toBe(next?.priceWei ?? null)
    // Every trait row carries its token's price key (the floors read it).
    const [stray] = await runtime.db.all<{ n: number }>(sql`
      SELECT count(*) AS n FROM nft_attributes a JOIN nfts n ON n.id = a.nft_id WHERE a.price_key != n.price_asc_key`)
    expect(stray!.n).toBe(0)
  })
})

describe('rarity', () => {
  it('ranks every token of the collection, rarest first, and says of how many', async () => {
    const ranked = await all(`/nfts?collection=${slug}&sort=rarest`)
    expect(ranked).toHaveLength(shown().length)
    const ranks = ranked.map((n) => n.rarity!.rank)
    expect(ranks[0]).toBe(1)
    expect(ranks).toEqual(ranks.toSorted((a, b) => a - b))
    for (const n of ranked) expect(n.rarity).toMatchObject({ of: tokens.length, score: expect.any(Number) })
    // With the NSFW ones (listed apart): rank r is the place of the first of the tokens tied at it.
    const every = [...ranked, ...(await all(`/nfts?collection=${slug}&sort=rarest&filter=nsfw`))]
    expect(every).toHaveLength(tokens.length)
    const byRank = every.map((n) => n.rarity!.rank).sort((a, b) => a - b)
    byRank.forEach((rank) => expect(rank).toBe(byRank.indexOf(rank) + 1))
    expect(byRank.every((rank, i) => rank <= i + 1)).toBe(true)
  })

  it('ranks a token whose traits became unique first, in the round after its metadata changed', async () => {
    const token = tokens.at(-1)!
    await applyTokenMetadata(
      runtime.db,
      token.id,
      withTraits([
        { trait_type: 'Background', value: 'Aurora' },
        { trait_type: 'Palette', value: 'Gold' },
        { trait_type: 'Halo', value: 'Golden' },
      ]),
    )
    const [stale] = await runtime.db
      .select({ at: collections.rarityStaleAt })
      .from(collections)
      .where(eq(collections.id, collectionId))
    expect(stale!.at).not.toBeNull()
    const changed = await rankCollection(runtime.db, collectionId)
    expect(changed).toContain(token.id)
    const { body } = await get(`/nfts/${token.id}`)
    expect(body.data.rarity).toMatchObject({ rank: 1, of: tokens.length })
    const [after] = await runtime.db
      .select({ at: collections.rarityStaleAt })
      .from(collections)
      .where(eq(collections.id, collectionId))
    expect(after!.at).toBeNull()
    // Nothing changed since: ranking again writes nothing.
    expect(await rankCollection(runtime.db, collectionId)).toEqual([])
  })

  it('a mint marks its collection, and the round after the settling time ranks it', async () => {
    const [row] = await runtime.db.select().from(collections).where(eq(collections.id, 6))
    const collection = { ...row!, creator: row!.creator! }
    await runtime.db.run(sql`UPDATE collections SET rarity_stale_at = NULL WHERE id = ${collection.id}`)
    const minted = await recordToken(runtime.db, {
      collection,
      tokenId: 990_001n,
      name: 'Fresh mint',
      description: '',
      image: '/x.svg',
      owner: collection.creator,
      lazyMinted: false,
      attributes: [{ trait_type: 'Background', value: 'Never seen' }],
      addDate: new Date(),
    })
    const [marked] = await runtime.db.select().from(collections).where(eq(collections.id, collection.id))
    expect(marked!.rarityStaleAt).not.toBeNull()
    // The round's idle check (its one read) says ranks are due once the settling time has passed.
    await runtime.db.insert(chainCursors).values({ chainId: collection.chainId, block: 0, updatedAt: new Date() })
    const client = { getBlockNumber: async () => 0n, getBlock: async () => ({ hash: null }) } as unknown as PublicClient
    const check = (at: number) =>
      roundIsIdle({ db: runtime.db, client, chainId: collection.chainId, confirmations: 0, now: new Date(at) })
    expect((await check(Date.now())).rarityDue).toBe(false)
    expect(await check(Date.now() + RARITY_SETTLE_MS + 1_000)).toMatchObject({ rarityDue: true, idle: true })
    await rankCollection(runtime.db, collection.id)
    const { body } = await get(`/nfts/${minted}`)
    expect(body.data.rarity).toMatchObject({ rank: 1 })
    expect((await check(Date.now() + RARITY_SETTLE_MS + 1_000)).rarityDue).toBe(false)
  })

  it('leaves tokens without read metadata unranked, and a collection without text traits without ranks', async () => {
    const [other] = await runtime.db.select().from(collections).where(eq(collections.id, 4))
    await runtime.db.run(sql`UPDATE nfts SET attributes = '[]' WHERE collection_id = ${other!.id}`)
    await runtime.db.run(
      sql`DELETE FROM nft_attributes WHERE nft_id IN (SELECT id FROM nfts WHERE collection_id = ${other!.id})`,
    )
    await runtime.db.run(sql`DELETE FROM collection_traits WHERE collection_id = ${other!.id}`)
    await rankCollection(runtime.db, other!.id)
    const { body } = await get(`/nfts?collection=${other!.slug}&sort=rarest&limit=5`)
    expect(body.data.length).toBeGreaterThan(0)
    for (const nft of body.data) expect(nft.rarity).toBeNull()
    expect((await get(`/collections/${other!.slug}/traits`)).body).toEqual({
      data: [],
      types: [],
      typesLeft: 0,
      nextCursor: null,
    })
    expect((await get(`/nfts?collection=${other!.slug}&trait=Background:Mint`)).status).toBe(400)

    const pending = tokens[5]!
    await runtime.db.run(sql`UPDATE nfts SET metadata_status = 'pending' WHERE id = ${pending.id}`)
    await rankCollection(runtime.db, collectionId)
    expect((await get(`/nfts/${pending.id}`)).body.data.rarity).toBeNull()
    expect((await get(`/nfts/${tokens[6]!.id}`)).body.data.rarity.of).toBe(tokens.length - 1)
  })

  it('answers a type with thousands of distinct values 200 at a time, the rest by search or its cursor', async () => {
    // 3,000 more tokens in another collection, each with a value of its own.
    const [other] = await runtime.db.select().from(collections).where(eq(collections.id, 5))
    await runtime.db.run(sql`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
      INSERT INTO nfts (collection_id, chain_id, contract, token_id, name, image, owner, creator, category, add_date)
      SELECT c.id, c.chain_id, c.contract, 'serial-' || i, 'Serial #' || i, '', c.creator, c.creator, c.category, 0
      FROM n, collections c WHERE c.id = ${other!.id}`)
    await runtime.db.run(sql`
      INSERT INTO nft_attributes (nft_id, collection_id, trait_type, value)
      SELECT id, collection_id, 'Serial', printf('Serial %05d', substr(token_id, 8))
      FROM nfts WHERE collection_id = ${other!.id} AND token_id LIKE 'serial-%'`)
    await runtime.db.run(sql`
      INSERT INTO collection_traits (collection_id, trait_type, value, token_count)
      SELECT collection_id, trait_type, value, count(*) FROM nft_attributes
      WHERE collection_id = ${other!.id} AND trait_type = 'Serial' GROUP BY 1, 2, 3`)
    const { body } = await get(`/collections/${other!.slug}/traits?type=Serial`)
    expect(body.data).toHaveLength(200)
    expect(body.types).toEqual([{ type: 'Serial', tokens: 3000, values: 3000 }])
    expect(body.data.some((r: { value: string }) => r.value === 'Serial 02999')).toBe(false)
    const found = await get(`/collections/${other!.slug}/traits?type=Serial&q=02999`)
    expect(found.body.data.map((r: { value: string }) => r.value)).toEqual(['Serial 02999'])
    const filtered = await get(`/nfts?collection=${other!.slug}&trait=${q('Serial:Serial 02999')}`)
    expect(filtered.body.data.map((n: { name: string }) => n.name)).toEqual(['Serial #2999'])
    // Page after page by its cursor: every value once, most common first.
    const seen: string[] = []
    let cursor = ''
    do {
      const page = await get(
        `/collections/${other!.slug}/traits?type=Serial&limit=200${cursor ? `&cursor=${cursor}` : ''}`,
      )
      expect(page.body.data.length).toBeLessThanOrEqual(200)
      seen.push(...page.body.data.map((r: { value: string }) => r.value))
      cursor = page.body.nextCursor ?? ''
    } while (cursor)
    expect(seen).toHaveLength(3000)
    expect(new Set(seen).size).toBe(3000)
    expect(seen).toEqual([...seen].sort())
  })

  it('bounds a collection of thousands of types and long values, each type and value still reachable', async () => {
    // 3,000 types of one token each, and one type of 3,000 values: every name and value as long as kept.
    const [hostile] = await runtime.db.select().from(collections).where(eq(collections.id, 6))
    const long = (prefix: string, length: number) =>
      sql`substr(${prefix} || printf('%05d', i) || ${'x'.repeat(length)}, 1, ${length})`
    await runtime.db.run(sql`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
      INSERT INTO collection_traits (collection_id, trait_type, value, token_count)
      SELECT ${hostile!.id}, ${long('Type ', 64)}, ${long('Value ', 200)}, 1 FROM n
      UNION ALL SELECT ${hostile!.id}, 'Flood', ${long('Flood ', 200)}, 2 FROM n`)
    const first = await app.request(`http://localhost/api/v1/collections/${hostile!.slug}/traits`, undefined, runtime)
    const bytes = (await first.clone().arrayBuffer()).byteLength
    const body = await first.json()
    expect(bytes).toBeLessThan(256 * 1024)
    // The most common type first, cut to its most common values; the types left out are counted.
    expect(body.types[0]).toEqual({ type: 'Flood', tokens: 6000, values: 3000 })
    expect(body.data.filter((r: { type: string }) => r.type === 'Flood')).toHaveLength(VALUES_PER_TYPE)
    expect(body.types).toHaveLength(TYPES_PER_PAGE)
    const original = await runtime.db.get<{ n: number }>(
      sql`SELECT count(DISTINCT trait_type) AS n FROM collection_traits WHERE collection_id = ${hostile!.id}`,
    )
    expect(body.typesLeft).toBe(original.n - TYPES_PER_PAGE)
    // A page of one type is bounded as well.
    const flood = await app.request(
      `http://localhost/api/v1/collections/${hostile!.slug}/traits?type=Flood`,
      undefined,
      runtime,
    )
    expect((await flood.arrayBuffer()).byteLength).toBeLessThan(256 * 1024)
    // Every type and every value is reachable.
    const every = await everyTrait(hostile!.slug)
    const stored = await runtime.db.all<{ type: string; value: string }>(
      sql`SELECT trait_type AS type, value FROM collection_traits WHERE collection_id = ${hostile!.id}`,
    )
    const key = (r: { type: string; value: string }) => `${r.type}\u0000${r.value}`
    expect(every.map(key).sort()).toEqual(stored.map(key).sort())
  }, 60_000) // thousands of writes and pages: seconds on a busy machine

  it('refuses a cursor it did not make, or one of another list, and a page of types past its bound', async () => {
    expect((await get(`/collections/${slug}/traits?cursor=bm90IGEgY3Vyc29y`)).status).toBe(400)
    const { body } = await get(`/collections/${slug}/traits?limit=1`)
    expect(body.nextCursor).not.toBeNull()
    const wrong = await get(`/collections/${slug}/traits?type=Background&cursor=${body.nextCursor}`)
    expect(wrong.status).toBe(400)
    expect(wrong.body.error.message).toContain('cursor')
    expect((await get(`/collections/${slug}/traits?limit=${TYPES_PER_PAGE + 1}`)).status).toBe(400)
  })
})
