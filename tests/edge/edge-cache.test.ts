/**
 * The edge cache and the database round trips of the Workers build, proven in workerd: the built
 * Worker under `wrangler dev` (whose Cache API Miniflare emulates, purged by tag through the
 * Worker's local purge endpoint), backed by sqld through a proxy that counts every round trip the
 * Worker makes (ADRs 17 and 25).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type Database } from '../../db/client'
import { applyFill, applyTransfer, pagesChanged, recordOrder } from '../../db/market'
import { openMigratedDatabase } from '../../db/migrate.server'
import { seedDatabase } from '../../db/seed'
import { freePort, startSqld, startWrangler, type RunningProcess } from '../../scripts/processes'
import { CACHE_STATUS_HEADER } from '../../server/http/cache-policy'
import { drainCachePurges } from '../../server/http/cache-purge'
import { LOCAL_PURGE_PATH } from '../../server/http/local-cache-purge'
import { DEVELOPMENT_FEE_RECIPIENT } from '../../server/platform/env'
import { TEST_AUTH_SECRET } from '../support/runtime'
import { sessionCookie } from '../support/session'
import { startSqldProxy, type SqldProxy } from '../support/sqld-proxy'

const PUBLIC_URL = 'https://vitrine.example'
const BUYER = '0x90f79bf6eb2c4f870365e785982e1f101e93b906'
const dir = mkdtempSync(join(tmpdir(), 'vitrine-edge-cache-'))
let sqld: RunningProcess | undefined
let proxy: SqldProxy | undefined
let worker: RunningProcess | undefined
let db: Database
let cachePurge: { url: string; token: string }

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    env: { ...process.env, BUILD_TARGET: 'cloudflare', NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`)
  sqld = await startSqld(join(dir, 'sqld'))
  const seeded = await openMigratedDatabase({ url: sqld.url })
  await seedDatabase(seeded, { users: 5 })
  seeded.$client.close()
  db = createDatabase({ url: sqld.url })
  proxy = await startSqldProxy(sqld.url)
  const port = await freePort()
  cachePurge = { url: `http://127.0.0.1:${port}${LOCAL_PURGE_PATH}`, token: `purge-${crypto.randomUUID()}` }
  worker = await startWrangler(
    {
      DATABASE_URL: proxy.url,
      AUTH_SECRET: TEST_AUTH_SECRET,
      PLATFORM_FEE_RECIPIENT: DEVELOPMENT_FEE_RECIPIENT,
      PUBLIC_URL,
      CACHE_PURGE_URL: cachePurge.url,
      CACHE_PURGE_TOKEN: cachePurge.token,
    },
    { port, persistTo: join(dir, 'wrangler') },
  )
})

afterAll(async () => {
  db?.$client.close()
  await Promise.all([worker?.stop(), proxy?.stop(), sqld?.stop()])
  rmSync(dir, { recursive: true, force: true })
})

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${worker!.url}${path}`, { headers, redirect: 'manual' })
const cacheStatus = (response: Response) => response.headers.get(CACHE_STATUS_HEADER)
const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy')!)![1]!
/** Round trips since the proxy's reset, but for the rate limiter's own. */
const pageTrips = () =>
  proxy!.trips().filter((sql) => !sql.split('; ').every((statement) => statement.includes('"rate_limits"'))).length
/** The page from the cache (its copy is stored after the answer leaves: a moment later), and the trips it made. */
async function hitOf(path: string) {
  const got: string[] = []
  for (let attempt = 0; attempt < 5; attempt++) {
    proxy!.reset()
    const response = await get(path)
    const html = await response.text()
    if (cacheStatus(response) === 'hit') return { response, html, trips: pageTrips() }
    got.push(`${response.status} ${cacheStatus(response)}`)
    await pause(100)
  }
  throw new Error(`${path} was never a hit: ${got.join(', ')}`)
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** What the indexer's round or a write's request does after a change: the outbox goes to the cache. */
const purge = async () => {
  const drained = await drainCachePurges({ db, env: { cachePurge } })
  expect(drained.error).toBeUndefined()
}

/** A seeded ERC-721 token with no listing, and its owner. */
async function unlistedToken() {
  const [row] = await db.all<{ id: number; collectionId: number; owner: string }>(
    `select n.id, n.collection_id as collectionId, n.owner from nfts n
     where n.price_wei is null and n.owner is not null and n.lazy_minted = 0
       and not exists (select 1 from listings l where l.nft_id = n.id)
       and (select standard from collections c where c.id = n.collection_id) = 'erc721'
     order by n.id limit 1` as never,
  )
  if (!row) throw new Error('the seed has no unlisted ERC-721 token')
  return row
}

describe('an anonymous visitor', () => {
  it('gets the second request of a page from the cache, with a nonce of its own', async () => {
    await get('/rankings').then((r) => r.text())
    const first = await get('/activity')
    const firstHtml = await first.text()
    expect(cacheStatus(first)).toBe('miss')
    expect(first.headers.get('cache-control')).toMatch(/^public, .*s-maxage=\d+, stale-while-revalidate=\d+/)
    expect(first.headers.get('vary')).toContain('Cookie')

    const { response: second, html: secondHtml, trips } = await hitOf('/activity')
    const stored = { html: firstHtml, nonce: nonceOf(first) }
    expect(trips).toBe(0)
    // The same page, but the nonce is new in the header and everywhere the page carries it.
    expect(nonceOf(second)).not.toBe(stored.nonce)
    expect(secondHtml).not.toContain(stored.nonce)
    expect(secondHtml).toContain(`nonce="${nonceOf(second)}"`)
    expect(secondHtml.replaceAll(nonceOf(second), '')).toBe(stored.html.replaceAll(stored.nonce, ''))
  })

  it('is answered from the cache without the database however long after the last view, while nothing changed', async () => {
    const page = '/rankings'
    await hitOf(page)
    for (const wait of [1_200, 2_500]) {
      await pause(wait) // longer than any isolate would have trusted what it last read
      proxy!.reset()
      const response = await get(page)
      await response.text()
      expect(cacheStatus(response)).toBe('hit')
      expect(pageTrips()).toBe(0)
    }
  })

  it('gets public API reads from the cache too, and never live ones', async () => {
    const read = '/api/v1/nfts?limit=3'
    expect(cacheStatus(await get(read))).toBe('miss')
    expect((await hitOf(read)).trips).toBe(0)
    const health = await get('/api/health')
    expect(cacheStatus(health)).toBe('bypass')
    expect(health.headers.get('cache-control')).toBe('private, no-cache')
    // A path the policy cannot decode is tRPC's to refuse, not an exception of the fetch handler.
    const malformed = await get('/api/trpc/%E0%A4%A')
    expect(malformed.status).toBe(400)
    expect(malformed.headers.get('cache-control')).toBe('private, no-cache')
  })

  it('never gets a page whose render reads something live (the status page reads health) from the cache', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await get('/platform_status')
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('Platform status')
      expect(cacheStatus(response)).toBe('bypass')
      expect(response.headers.get('cache-control')).toBe('private, no-cache')
    }
  })
})

describe('a visitor who is someone', () => {
  it('with a session is never answered from the cache, nor stored in it', async () => {
    const cookie = await sessionCookie(BUYER, { secure: true })
    await get('/rankings').then((r) => r.text()) // the anonymous copy is in the cache
    for (let i = 0; i < 2; i++) {
      const response = await get('/rankings', { cookie })
      await response.text()
      expect(cacheStatus(response)).toBe('bypass')
      expect(response.headers.get('cache-control')).toBe('private, no-cache')
    }
  })

  it('with a wallet that remembers an account, or credentials, is not either', async () => {
    const wallet = `wagmi.store=${encodeURIComponent(
      JSON.stringify({
        state: {
          current: 'io.metamask',
          connections: { __type: 'Map', value: [['io.metamask', { accounts: [BUYER], chainId: 31337 }]] },
        },
      }),
    )}`
    const asSomeone: Record<string, string>[] = [{ cookie: wallet }, { authorization: 'Bearer anything' }]
    for (const headers of asSomeone) {
      const response = await get('/rankings', headers)
      await response.text()
      expect(cacheStatus(response)).toBe('bypass')
    }
  })
})

describe('after a change the site knows of', () => {
  it('an item sold shows its new owner; other collections, other items and unrelated profiles stay cached', async () => {
    const token = await unlistedToken()
    const page = `/item/${token.id}`
    const newOwnerLink = `href="/user/${getAddress(BUYER)}"`
    const [elsewhere] = await db.all<{ id: number; slug: string; owner: string }>(
      `select n.id, c.slug, n.owner from nfts n join collections c on c.id = n.collection_id
       where n.collection_id <> ${token.collectionId}
         and n.owner not in ('${token.owner}', '${BUYER}', (select creator from nfts where id = ${token.id}))
         and n.owner not in (select user_address from favorites where nft_id = ${token.id})
       order by n.id limit 1` as never,
    )
    // An item of another collection, that collection, and a profile the sale does not show on.
    const others = [`/item/${elsewhere!.id}`, `/collection/${elsewhere!.slug}`, `/user/${getAddress(elsewhere!.owner)}`]
    // The seller lists it (an order stored), and the pages are cached with it.
    const orderHash = `0x${'ab'.repeat(32)}`
    await recordOrder(db, {
      side: 'listing',
      nft: { id: token.id, collectionId: token.collectionId, owner: token.owner },
      maker: token.owner,
      priceWei: 10n ** 17n,
      startsAt: new Date(Date.now() - 60_000),
      endsAt: new Date(Date.now() + 86_400_000),
      orderHash,
      orderJson: '{}',
      signature: '0x',
      counter: 0n,
    })
    await purge()
    const listed = await get(page)
    expect(cacheStatus(listed)).toBe('miss')
    expect(await listed.text()).not.toContain(newOwnerLink)
    expect((await hitOf(page)).html).not.toContain(newOwnerLink)
    for (const other of others) await hitOf(other)

    // The indexer applies the sale's two logs: the token's transfer and Seaport's fill.
    const log = { txHash: `0x${'cd'.repeat(32)}`, logIndex: 0, blockNumber: 1n, at: new Date() }
    await applyTransfer(db, log, { nftId: token.id, collectionId: token.collectionId, from: token.owner, to: BUYER })
    await applyFill(
      db,
      { ...log, logIndex: 1 },
      {
        orderHash,
        offerer: token.owner,
        recipient: BUYER,
        erc20Offered: 0n,
      },
    )
    await purge()
    const sold = await get(page)
    expect(cacheStatus(sold)).toBe('miss')
    expect(await sold.text()).toContain(newOwnerLink)
    for (const other of others) {
      const response = await get(other)
      await response.text()
      expect(cacheStatus(response), other).toBe('hit')
    }
  })

  it('a profile saved through the API is purged by the Worker itself as the request ends', async () => {
    const cookie = await sessionCookie(BUYER, { secure: true })
    const save = async (userName: string) => {
      const response = await fetch(`${worker!.url}/api/trpc/user.updateProfile`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ walletAddress: BUYER, userName }),
      })
      expect(response.status, await response.text()).toBe(200)
    }
    const page = `/user/${getAddress(BUYER)}`
    await save('before-purge')
    await pause(500)
    expect((await hitOf(page)).html).toContain('before-purge')
    await save('after-purge')
    // The Worker drains the outbox after answering (waitUntil), through its own purge endpoint.
    let html = ''
    for (let i = 0; i < 20 && !html.includes('after-purge'); i++) {
      await pause(100)
      html = await (await get(page)).text()
    }
    expect(html).toContain('after-purge')
  })

  it('refuses a purge without the configured token, and purges nothing', async () => {
    await hitOf('/rankings')
    const refused = await fetch(cachePurge.url, {
      method: 'POST',
      headers: { authorization: 'Bearer not-the-token', 'content-type': 'application/json' },
      body: JSON.stringify({ tags: ['site'] }),
    })
    expect(refused.status).toBe(401)
    const response = await get('/rankings')
    await response.text()
    expect(cacheStatus(response)).toBe('hit')
  })
})

describe('database round trips of a page on a cache miss', () => {
  /** The trips a page's render made. */
  async function renderTrips(path: string): Promise<number> {
    const first = await get(path)
    const location = first.headers.get('location')
    const at = location ? new URL(location, worker!.url) : new URL(path, worker!.url)
    await first.text()
    await pagesChanged(db, { everything: true }) // every stored page retires
    await purge()
    proxy!.reset()
    const response = await get(`${at.pathname}${at.search}`)
    await response.text()
    expect(response.status, path).toBe(200)
    expect(cacheStatus(response), path).toBe('miss')
    return pageTrips()
  }

  it('is one for home, explore, item, collection (with trait filters too), user and search (ADR 17)', async () => {
    const token = await unlistedToken()
    const counts = {
      home: await renderTrips('/'),
      explore: await renderTrips('/collection/explore_collection'),
      item: await renderTrips(`/item/${token.id}`),
      collection: await renderTrips('/collection/avatar_1'),
      // With its trait panel, two trait filters and "Rarest first".
      filtered: await renderTrips(
        `/collection/avatar_1?sort=rarest&trait=${encodeURIComponent(JSON.stringify(['Rarity:Common', 'Mood:Calm']))}`,
      ),
      user: await renderTrips('/user/avatar_6'),
      search: await renderTrips('/search?q=ne'),
    }
    expect(counts).toEqual({ home: 1, explore: 1, item: 1, collection: 1, filtered: 1, user: 1, search: 1 })
  })
})
