import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../server/app'
import { createSeededRuntime } from '../support/seeded'
import {
  collectionPageShape,
  collectionShape,
  eventShape,
  nftDetailShape,
  nftShape,
  userNftShape,
  oneOf,
  pageOf,
  rankingShape,
  searchShape,
  userShape,
} from '../../server/rest/shapes'
import { z } from 'zod'
import { sessionCookie } from '../support/session'

let runtime: Awaited<ReturnType<typeof createSeededRuntime>>
beforeAll(async () => {
  runtime = await createSeededRuntime(600)
})
afterAll(() => runtime.close())

const request = (path: string, init?: RequestInit) => app.request(`http://localhost${path}`, init, runtime)
const getJson = async (path: string) => {
  const response = await request(path)
  return { status: response.status, body: (await response.json()) as any } // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('GET /api/v1 lists', () => {
  it('/nfts answers { data, nextCursor } with the NFT shape', async () => {
    const { status, body } = await getJson('/api/v1/nfts?sort=price-asc&limit=3')
    expect(status).toBe(200)
    expect(body.data).toHaveLength(3)
    expect(typeof body.nextCursor).toBe('string')
    const nft = body.data[0]
    expect(nft).toMatchObject({
      id: expect.any(Number),
      chainId: expect.any(Number),
      contract: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      tokenId: expect.stringMatching(/^\d+$/),
      name: expect.any(String),
      image: expect.stringMatching(/^\/api\/art\/nft\/.+\.svg$/),
      collection: {
        id: expect.any(Number),
        slug: expect.any(String),
        name: expect.any(String),
        verified: expect.any(Boolean),
      },
      owner: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      creator: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      price: { wei: expect.stringMatching(/^\d+$/), eth: expect.any(String), currency: 'ETH' },
      verified: expect.any(Boolean),
      nsfw: expect.any(Boolean),
      lazyMinted: expect.any(Boolean),
      likes: expect.any(Number),
      attributes: expect.arrayContaining([{ trait_type: 'Rarity', value: expect.any(String) }]),
    })
    expect(new Date(nft.addDate).toISOString()).toBe(nft.addDate)
    expect(BigInt(nft.price.wei)).toBe(BigInt(Math.round(Number(nft.price.eth) * 1e4)) * 10n ** 14n)
  })

  it('/nfts/{id}, /collections/{slug}, /users/{address}, profile tabs, marketplace filter', async () => {
    const nft = (await getJson('/api/v1/nfts?limit=1')).body.data[0]
    const detail = await getJson(`/api/v1/nfts/${nft.id}`)
    expect(detail.status).toBe(200)
    expect(detail.body.data).toMatchObject({ id: nft.id, listings: expect.any(Array), offers: expect.any(Array) })

    const collection = await getJson(`/api/v1/collections/${nft.collection.slug}`)
    expect(collection.body.data).toMatchObject({
      slug: nft.collection.slug,
      stats: { items: expect.any(Number), listedPercent: expect.any(Number) },
    })
    expect((await getJson(`/api/v1/collections/${nft.collection.id}`)).body.data.slug).toBe(nft.collection.slug)

    const byCollection = await getJson(
      `/api/v1/marketplace/filterNFTbyCollection/${nft.collection.slug}?sort=price-desc&limit=5`,
    )
    expect(
      byCollection.body.data.every((n: { collection: { slug: string } }) => n.collection.slug === nft.collection.slug),
    ).toBe(true)

    const user = await getJson(`/api/v1/users/${nft.owner.toLowerCase()}`)
    expect(user.body.data.address).toBe(nft.owner)
    for (const filter of ['owned', 'created', 'on-sale', 'favorited']) {
      const tab = await getJson(`/api/v1/users/${filter}/${nft.owner}`)
      expect(tab.status, filter).toBe(200)
      expect(Array.isArray(tab.body.data)).toBe(true)
    }
  })

  it('/collections, /rankings, /activity, /search and /openapi.json', async () => {
    expect((await getJson('/api/v1/collections?tab=top&limit=2')).body.data).toHaveLength(2)
    expect((await getJson('/api/v1/rankings?period=30d&category=art')).body.data[0]).toMatchObject({ rank: 1 })
    expect((await getJson('/api/v1/activity?type=sale&limit=2')).body.data[0].type).toBe('sale')
    expect((await getJson('/api/v1/search?q=cathedral')).body.data.collections[0].name).toBe('Neon Cathedrals')
    const doc = (await getJson('/api/v1/openapi.json')).body
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/nfts',
        '/users/{filter}/{walletAddress}',
        '/marketplace/filterNFTbyCollection/{idOrSlug}',
      ]),
    )
  })

  it('every answer holds to the shape openapi.json documents for it, field for field', async () => {
    const offered = (await getJson('/api/v1/nfts?status=has-offers&sort=price-asc&limit=1')).body.data[0]
    const auction = (await getJson('/api/v1/nfts?status=on-auction&limit=1')).body.data[0]
    const fan = String(
      (await runtime.db.$client.execute('select user_address from favorites limit 1')).rows[0]!.user_address,
    )
    const answers: [string, string, z.ZodType][] = [
      ['/nfts', '/api/v1/nfts?sort=price-desc&limit=30', pageOf(nftShape)],
      ['/nfts/{id}', `/api/v1/nfts/${offered.id}`, oneOf(nftDetailShape)],
      ['/nfts/{id}', `/api/v1/nfts/${auction.id}`, oneOf(nftDetailShape)],
      ['/users/{address}', `/api/v1/users/${offered.owner}`, oneOf(userShape)],
      ['/users/{filter}/{walletAddress}', `/api/v1/users/favorited/${fan}`, pageOf(userNftShape)],
      ['/collections', '/api/v1/collections?tab=trending&limit=40', pageOf(collectionShape)],
      ['/collections/{idOrSlug}', `/api/v1/collections/${offered.collection.slug}`, oneOf(collectionPageShape)],
      [
        '/marketplace/filterNFTbyCollection/{idOrSlug}',
        `/api/v1/marketplace/filterNFTbyCollection/${offered.collection.slug}`,
        pageOf(nftShape),
      ],
      ['/rankings', '/api/v1/rankings?period=all&limit=40', pageOf(rankingShape)],
      ['/activity', '/api/v1/activity?limit=100', pageOf(eventShape)],
      ['/search', '/api/v1/search?q=the&limit=20', oneOf(searchShape)],
    ]
    const doc = (await getJson('/api/v1/openapi.json')).body
    for (const [documented, path, shape] of answers) {
      const { status, body } = await getJson(path)
      expect(status, path).toBe(200)
      const parsed = shape.safeParse(body)
      expect(parsed.error?.issues ?? [], path).toEqual([])
      const schema = doc.paths[documented].get.responses['200'].content['application/json'].schema
      const { $schema: _dialect, ...expected } = z.toJSONSchema(shape, { io: 'output', unrepresentable: 'any' })
      expect(schema, documented).toEqual(expected)
    }
  })

  it('unknown ids are 404s in the error shape', async () => {
    for (const path of ['/api/v1/nfts/999999', '/api/v1/collections/nope', `/api/v1/users/0x${'0'.repeat(40)}`]) {
      const { status, body } = await getJson(path)
      expect(status, path).toBe(404)
      expect(body.error.code).toBe('NOT_FOUND')
    }
  })
})

describe('bad input is a 400 naming the field', () => {
  it.each([
    ['/api/v1/nfts?sort=cheapest', 'sort'],
    ['/api/v1/nfts?limit=0', 'limit'],
    ['/api/v1/nfts?limit=10000', 'limit'],
    ['/api/v1/nfts?owner=0x1234', 'owner'],
    ['/api/v1/nfts?cursor=not-a-cursor', 'cursor'],
    ['/api/v1/nfts?minPrice=2&maxPrice=1', 'maxPrice'],
    ['/api/v1/nfts?category=paintings', 'category'],
    ['/api/v1/users/owned/not-an-address', 'address'],
    ['/api/v1/users/stolen/0x' + '1'.repeat(40), 'filter'],
    ['/api/v1/collections?tab=hot', 'tab'],
    ['/api/v1/rankings?period=1y', 'period'],
    ['/api/v1/nfts/abc', 'id'],
    ['/api/v1/search', 'q'],
    ['/api/v1/search?q=', 'q'],
    ['/api/v1/search?q=%20%20', 'q'],
    ['/api/v1/rankings?chain=mainnet', 'chain'],
    ['/api/v1/collections?category=paintings', 'category'],
  ])('%s', async (path, field) => {
    const { status, body } = await getJson(path)
    expect(status).toBe(400)
    expect(body.error.code).toBe('BAD_REQUEST')
    expect(body.error.message).toMatch(new RegExp(`(^|; )${field}: `))
  })

  it("an empty parameter counts as absent; 'all' (any case) is every category or chain", async () => {
    const ids = async (path: string) => {
      const { status, body } = await getJson(path)
      expect(status, path).toBe(200)
      return (body.data as { id?: number; collection?: { id: number } }[]).map((row) => row.id ?? row.collection!.id)
    }
    const everything = await ids('/api/v1/nfts?sort=price-asc&limit=50')
    expect(everything.length).toBe(50)
    expect(await ids('/api/v1/nfts?sort=price-asc&limit=50&minPrice=&maxPrice=&category=&q=')).toEqual(everything)
    expect(await ids('/api/v1/nfts?sort=price-asc&limit=50&category=All&chain=all')).toEqual(everything)
    const art = await ids('/api/v1/nfts?sort=price-asc&limit=50&category=art')
    expect(art.length).toBeGreaterThan(0)
    expect(await ids('/api/v1/nfts?sort=price-asc&limit=50&category=Art')).toEqual(art)
    const rankings = await ids('/api/v1/rankings?period=7d')
    expect(await ids('/api/v1/rankings?period=7d&category=ALL&chain=All')).toEqual(rankings)
    expect(await ids('/api/v1/rankings?period=7d&chain=8453')).not.toEqual(rankings)
    expect(await ids('/api/v1/collections?tab=top&category=all&limit=100')).toEqual(
      await ids('/api/v1/collections?tab=top&limit=100'),
    )
  })

  it('never answers a fuzzed path parameter with a 5xx', async () => {
    const segment = fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 40 }))
    const path = fc.constantFrom(
      (a: string) => `/api/v1/nfts/${a}`,
      (a: string) => `/api/v1/users/${a}`,
      (a: string, b: string) => `/api/v1/users/${a}/${b}`,
      (a: string, b: string) => `/api/v1/users/owned/${b || a}`,
      (a: string) => `/api/v1/collections/${a}`,
      (a: string) => `/api/v1/collections/${a}/traits`,
      (a: string) => `/api/v1/marketplace/filterNFTbyCollection/${a}`,
      (a: string) => `/api/v1/orders/${a}`,
    )
    await fc.assert(
      fc.asyncProperty(path, segment, segment, async (make, a, b) => {
        const response = await request(make(encodeURIComponent(a), encodeURIComponent(b)))
        expect(response.status).toBeLessThan(500)
        if (response.status >= 400) expect((await response.json()).error.message).toBeTruthy()
      }),
      { numRuns: 300 },
    )
  })

  it('never answers a fuzzed query string with a 5xx', async () => {
    const key = fc.constantFrom(
      'sort',
      'filter',
      'status',
      'category',
      'collection',
      'chain',
      'owner',
      'minPrice',
      'maxPrice',
      'q',
      'cursor',
      'limit',
      'tab',
      'period',
      'type',
      'user',
      'nft',
      'trait',
      'traitRange',
    )
    const path = fc.constantFrom(
      '/api/v1/nfts',
      '/api/v1/collections',
      '/api/v1/rankings',
      '/api/v1/activity',
      '/api/v1/search',
      '/api/v1/marketplace/filterNFTbyCollection/x',
    )
    await fc.assert(
      fc.asyncProperty(
        path,
        fc.array(fc.tuple(key, fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }))), {
          maxLength: 5,
        }),
        async (p, pairs) => {
          const response = await request(`${p}?${new URLSearchParams(pairs)}`)
          expect(response.status).toBeLessThan(500)
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('POST /api/v1/users', () => {
  const me = '0x' + 'a1'.repeat(20)
  const post = (body: string, cookie?: string) =>
    request('/api/v1/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body,
    })

  it('is 401 without a session and writes nothing', async () => {
    const response = await post(JSON.stringify({ walletAddress: me, userName: 'alice' }))
    expect(response.status).toBe(401)
    expect((await request(`/api/v1/users/${me}`)).status).toBe(404)
  })

  it('is 403 for another address', async () => {
    const response = await post(
      JSON.stringify({ walletAddress: '0x' + 'b2'.repeat(20), userName: 'mallory' }),
      await sessionCookie(me),
    )
    expect(response.status).toBe(403)
    expect((await request(`/api/v1/users/${'0x' + 'b2'.repeat(20)}`)).status).toBe(404)
  })

  it('is 400 for invalid JSON or a bad name, naming the problem', async () => {
    const cookie = await sessionCookie(me)
    expect(await (await post('{nope', cookie)).json()).toMatchObject({ error: { message: 'body: must be valid JSON' } })
    const bad = await post(JSON.stringify({ walletAddress: me, userName: 'a b' }), cookie)
    expect(bad.status).toBe(400)
    expect((await bad.json()).error.message).toMatch(/^userName: /)
  })

  it('creates, then renames, the signed-in user', async () => {
    const cookie = await sessionCookie(me)
    const created = await post(JSON.stringify({ walletAddress: me, userName: 'User' }), cookie)
    expect(created.status).toBe(200)
    // The placeholder every wallet sends claims no handle.
    expect(await created.json()).toMatchObject({ data: { message: 'User created', user: { username: null } } })
    const renamed = await post(
      JSON.stringify({ walletAddress: me.toUpperCase().replace('0X', '0x'), userName: 'alice.eth' }),
      cookie,
    )
    expect(await renamed.json()).toMatchObject({ data: { message: 'User updated', user: { username: 'alice.eth' } } })
  })
})
