/**
 * Retiring only what changed (ADR 25): a write files the cache tags of the pages it changed, the
 * drain sends them to a purge API shaped like Cloudflare's (twice, and again after a failure), and
 * a public read carries the tags of what it showed. A sale in one collection leaves the other
 * collections' pages, the other items and unrelated profiles out of the purge.
 */
import { and, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { applyFill, applyTransfer, expireOrders, pagesChanged, recordOrderChecks, saveProfile } from '../../db/market'
import { cachePurges, collections, nfts } from '../../db/schema'
import { checkHealth, PURGE_LATE_MS } from '../../server/health/check'
import { collectShown, PRICE_MAX_AGE_S } from '../../server/http/cache-tags'
import { drainCachePurges, PURGE_AGAIN_AFTER_MS } from '../../server/http/cache-purge'
import { createContext } from '../../server/trpc/init'
import { createCaller } from '../../server/trpc/root'
import type { Runtime } from '../../server/platform/runtime'
import { startPurgeApi, type PurgeApi } from '../support/purge-api'
import { createSeededRuntime } from '../support/seeded'

const BUYER = '0x90f79bf6eb2c4f870365e785982e1f101e93b906'
let runtime: Runtime & { close: () => void }
let api: PurgeApi

beforeAll(async () => {
  runtime = await createSeededRuntime(200)
  api = await startPurgeApi()
})
afterAll(async () => {
  runtime.close()
  await api.stop()
})
beforeEach(async () => {
  await runtime.db.delete(cachePurges)
  api.purges.length = 0
  api.failing = false
})

const filed = async () => (await runtime.db.select({ tag: cachePurges.tag }).from(cachePurges)).map((r) => r.tag).sort()
const drain = (now = Date.now()) => drainCachePurges({ db: runtime.db, env: { cachePurge: api.target } }, now)
const caller = () => createCaller(createContext({ request: new Request('http://localhost/'), runtime }))

/** An unlisted ERC-721 token, its collection's slug, and a token of another collection. */
async function tokens() {
  const [token] = await runtime.db
    .select({ id: nfts.id, collectionId: nfts.collectionId, owner: nfts.owner, creator: nfts.creator })
    .from(nfts)
    .where(and(eq(nfts.lazyMinted, false)))
    .limit(1)
  const [collection] = await runtime.db
    .select({ slug: collections.slug })
    .from(collections)
    .where(eq(collections.id, token!.collectionId))
  const [other] = await runtime.db
    .select({ id: nfts.id, collectionId: nfts.collectionId })
    .from(nfts)
    .where(ne(nfts.collectionId, token!.collectionId))
    .limit(1)
  return { token: token!, slug: collection!.slug, other: other! }
}

describe('a write files the tags of what it changed', () => {
  it('a sale: the item, its collection (by id and slug), seller, buyer and creator, and the market-wide lists', async () => {
    const { token, slug, other } = await tokens()
    const log = { txHash: `0x${'cd'.repeat(32)}`, logIndex: 0, blockNumber: 1n, at: new Date() }
    await applyTransfer(runtime.db, log, {
      nftId: token.id,
      collectionId: token.collectionId,
      from: token.owner,
      to: BUYER,
    })
    const tags = await filed()
    expect(tags).toEqual(
      [
        `nft-${token.id}`,
        `collection-${token.collectionId}`,
        `collection-${slug}`,
        `user-${token.owner.toLowerCase()}`,
        `user-${BUYER}`,
        `user-${token.creator.toLowerCase()}`,
        'lists',
      ]
        .filter((tag, i, all) => all.indexOf(tag) === i)
        .sort(),
    )
    // Nothing of another collection or item is touched.
    expect(tags).not.toContain(`collection-${other.collectionId}`)
    expect(tags).not.toContain(`nft-${other.id}`)
  })

  it('nothing when nothing a page shows changed', async () => {
    expect(await expireOrders(runtime.db, new Date(0))).toEqual([])
    expect(await recordOrderChecks(runtime.db, 'listing', 5n, [{ id: -1, nftId: 1, reason: null }])).toEqual([])
    await applyFill(
      runtime.db,
      { txHash: `0x${'ef'.repeat(32)}`, logIndex: 0, blockNumber: 2n, at: new Date() },
      {
        orderHash: `0x${'99'.repeat(32)}`, // an order filled elsewhere
        offerer: BUYER,
        recipient: BUYER,
        erc20Offered: 0n,
      },
    )
    expect(await filed()).toEqual([])
  })
})

describe('a write of thousands of NFTs (an imported range)', () => {
  it('files all their tags, past SQLite limits on compound selects and variables', async () => {
    const ids = Array.from({ length: 40_000 }, (_, i) => i + 1)
    await pagesChanged(runtime.db, { nfts: ids })
    const tags = await filed()
    expect(tags).toContain('nft-40000')
    expect(tags.filter((tag) => tag.startsWith('nft-'))).toHaveLength(40_000)
  })
})

describe('the drain', () => {
  it('purges each tag at once and once more after a render could have raced it, then forgets it', async () => {
    await saveProfile(runtime.db, BUYER, { username: null })
    const now = Date.now()
    expect(await drain(now)).toMatchObject({ purged: 2 })
    expect(api.purges).toEqual([expect.arrayContaining([`user-${BUYER}`, 'lists'])])
    expect(await drain(now + 1)).toMatchObject({ purged: 0 }) // not due again yet
    expect(await drain(now + PURGE_AGAIN_AFTER_MS)).toMatchObject({ purged: 2 })
    expect(api.purges).toHaveLength(2)
    expect(await filed()).toEqual([])
  })

  it('keeps the tags when the purge API fails, and sends them when it is back', async () => {
    await saveProfile(runtime.db, BUYER, { username: null })
    api.failing = true
    expect(await drain()).toMatchObject({ purged: 0, error: expect.stringContaining('503') })
    expect(await filed()).toEqual(['lists', `user-${BUYER}`])
    api.failing = false
    expect(await drain()).toMatchObject({ purged: 2 })
    expect(api.purged()).toEqual(new Set(['lists', `user-${BUYER}`]))
  })

  it('a tag changed again between its two passes is purged twice more, not forgotten', async () => {
    await saveProfile(runtime.db, BUYER, { username: null })
    const now = Date.now()
    await drain(now)
    await saveProfile(runtime.db, BUYER, { username: null }) // changed again: back to its first pass
    await drain(now + PURGE_AGAIN_AFTER_MS) // its first pass again
    expect(await filed()).toEqual(['lists', `user-${BUYER}`])
    await drain(now + 2 * PURGE_AGAIN_AFTER_MS)
    expect(await filed()).toEqual([])
    expect(api.purges).toHaveLength(3)
  })

  it('sends at most 100 tags a request, as the API takes them, and works off a backlog over drains', async () => {
    const { token } = await tokens()
    const ids = Array.from({ length: 190 }, (_, i) => token.id + i) // with their collections and people
    await pagesChanged(runtime.db, { nfts: ids })
    const tags = (await filed()).length
    expect(tags).toBeGreaterThan(300)
    // Three requests a drain at most: one invocation's subrequests stay bounded.
    expect(await drain()).toMatchObject({ purged: 300 })
    expect(await drain()).toMatchObject({ purged: tags - 300 })
    expect(api.purges.map((request) => request.length)).toEqual([100, 100, 100, 100, tags - 400])
  })
})

describe('health', () => {
  it('says the edge cache is late when a change has waited over a minute for its purge', async () => {
    const health = () => checkHealth(runtime.db, { url: runtime.env.DATABASE_URL })
    expect((await health()).edgeCache).toEqual({ status: 'ok', oldestPendingMs: null })
    await pagesChanged(runtime.db, { users: [BUYER] }, Date.now() - PURGE_LATE_MS - 5_000)
    const late = await health()
    expect(late.edgeCache.status).toBe('late')
    expect(late.status).toBe('degraded')
    await drain()
    expect((await health()).edgeCache.status).toBe('ok')
  })
})

describe('a public read carries the tags of what it showed', () => {
  it('an item, a collection page, a profile, a list; a price from outside bounds the keeping instead', async () => {
    const { token, slug } = await tokens()
    const shown = async (read: () => Promise<unknown>) => (await collectShown(read)).tags.sort()
    expect(await shown(() => caller().nft.byId({ id: token.id }))).toEqual([
      `nft-${token.id}`,
      `offers-of-${token.collectionId}`,
      'site',
    ])
    expect(await shown(() => caller().collection.byIdOrSlug({ idOrSlug: ` ${slug.toUpperCase()} ` }))).toEqual([
      `collection-${slug}`,
      'site',
    ])
    expect(await shown(() => caller().collection.nfts({ collection: String(token.collectionId) }))).toEqual([
      `collection-${token.collectionId}`,
      'site',
    ])
    expect(
      await shown(() => caller().user.byAddress({ address: token.owner.toUpperCase().replace('0X', '0x') })),
    ).toEqual(['site', `user-${token.owner.toLowerCase()}`])
    expect(await shown(() => caller().ranking.list({}))).toEqual(['lists', 'site'])
    expect(await shown(() => caller().activity.list({ nft: token.id }))).toEqual([`nft-${token.id}`, 'site'])
    expect((await collectShown(() => caller().site.ethUsd())).maxAge).toBe(PRICE_MAX_AGE_S)
  })
})
