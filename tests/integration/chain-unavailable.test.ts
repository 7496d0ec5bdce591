/**
 * When the chain's RPC does not answer (a port that accepts connections and never replies, or a
 * closed one), trading answers 503 naming the chain within the RPC budget instead of a 500 after
 * 40 s; market.sync needs a session and runs once at a time per chain, across processes (leases).
 */
import { createServer as createHttpServer } from 'node:http'
import { createServer, type AddressInfo, type Socket } from 'node:net'
import { parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderToJson } from '../../chain/seaport'
import { leases, listings } from '../../db/schema'
import { app } from '../../server/app'
import { RPC_ATTEMPT_TIMEOUT_MS, RPC_BUDGET_MS, RPC_RETRY_COUNT } from '../../server/platform/clients'
import { DEV_INDEXER_HEADER, devIndexerKey, indexConfiguredChains, SYNC_WAIT_MS } from '../../server/trading/indexing'
import type { Runtime } from '../../server/platform/runtime'
import { testAccount } from '../support/chain'
import { startMarket } from '../support/market'
import { sessionCookie } from '../support/session'

let m: Awaited<ReturnType<typeof startMarket>>
/** Accepts every connection and never writes a byte. */
const silent = createServer((socket) => sockets.add(socket))
const sockets = new Set<Socket>()
let silentUrl: string
let closedUrl: string

beforeAll(async () => {
  m = await startMarket([1n, 2n])
  // This file syncs more often than the limit allows one client (tests/integration/rate-limits.test.ts covers it).
  m.runtime.env.rateLimits['market-sync'] = null
  await m.approveSeaport(m.seller)
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
  // A port that was free a moment ago: connections are refused.
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  closedUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`
  await new Promise((resolve) => probe.close(resolve))
}, 60_000)

afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  await new Promise((resolve) => silent.close(resolve))
  await m.stop()
})

/** The market's runtime, with the local chain's RPC at `rpcUrl`. */
const withRpc = (rpcUrl: string): Runtime => ({
  ...m.runtime,
  env: { ...m.runtime.env, chains: [{ id: 31337, rpcUrl, publicRpcUrl: rpcUrl }] },
})

async function call(runtime: Runtime, path: string, body: unknown, as?: `0x${string}`) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (as) headers.cookie = await sessionCookie(as.toLowerCase())
  const started = Date.now()
  const response = await app.request(`/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) }, runtime)
  const text = await response.text()
  return { status: response.status, text, json: JSON.parse(text) as Record<string, never>, ms: Date.now() - started }
}

const listing = async () => {
  const signed = await m.signedListing(m.seller, 1n, parseEther('1'))
  return { chainId: 31337, order: orderToJson(signed.order), signature: signed.signature }
}

describe('a chain that does not answer', () => {
  it('bounds every chain call: at most 5 s, retries included', () => {
    expect(RPC_ATTEMPT_TIMEOUT_MS * (RPC_RETRY_COUNT + 1)).toBeLessThanOrEqual(RPC_BUDGET_MS)
    expect(RPC_BUDGET_MS).toBeLessThanOrEqual(5_000)
  })

  it('answers a listing with 503 naming the chain when the RPC accepts and never replies, storing nothing', async () => {
    const answer = await call(withRpc(silentUrl), '/v1/listings', await listing(), m.seller.address)
    expect(answer.status).toBe(503)
    expect(answer.json).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The chain (id 31337) is not answering; try again in a minute.',
      },
    })
    expect(answer.text).not.toContain(silentUrl)
    // A sanity bound only (the budget above is the guarantee): it was 42 s before.
    expect(answer.ms).toBeLessThan(15_000)
    expect(await m.runtime.db.select().from(listings)).toEqual([])
  }, 20_000)

  it('answers 503 when the RPC port is closed: a listing (REST) and an auction (tRPC)', async () => {
    const runtime = withRpc(closedUrl)
    const rest = await call(runtime, '/v1/listings', await listing(), m.seller.address)
    expect(rest.status).toBe(503)
    expect(rest.json).toMatchObject({
      error: { message: 'The chain (id 31337) is not answering; try again in a minute.' },
    })
    const auction = await call(
      runtime,
      '/trpc/market.startAuction',
      { nftId: m.nftId(2n), reserveWei: parseEther('0.1').toString(), endsAt: new Date(Date.now() + 3_600_000) },
      m.seller.address,
    )
    expect(auction.status).toBe(503)
    expect(auction.text).toContain('The chain (id 31337) is not answering')
    expect(await m.runtime.db.select().from(listings)).toEqual([])
  })

  it('answers market.sync with 503 within the budget', async () => {
    const answer = await call(withRpc(silentUrl), '/trpc/market.sync', { chainId: 31337 }, m.seller.address)
    expect(answer.status).toBe(503)
    expect(answer.text).toContain('The chain (id 31337) is not answering')
    expect(answer.ms).toBeLessThan(15_000)
  }, 20_000)
})

describe('market.sync', () => {
  it('needs a session', async () => {
    const answer = await call(m.runtime, '/trpc/market.sync', { chainId: 31337 })
    expect(answer.status).toBe(401)
  })

  it("takes `npm run dev`'s indexer key instead outside production, and never in production", async () => {
    const key = await devIndexerKey(m.runtime.env.AUTH_SECRET)
    const sync = (runtime: Runtime, value: string) =>
      app.request(
        '/api/trpc/market.sync',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', [DEV_INDEXER_HEADER]: value },
          body: JSON.stringify({ chainId: 31337 }),
        },
        runtime,
      )
    expect((await sync(m.runtime, key)).status).toBe(200)
    expect((await sync(m.runtime, 'f'.repeat(64))).status).toBe(401)
    const production = { ...m.runtime, env: { ...m.runtime.env, NODE_ENV: 'production' as const } }
    expect((await sync(production, key)).status).toBe(401)
  })

  /** anvil behind a proxy that counts each JSON-RPC method and answers eth_blockNumber slowly. */
  async function countingProxy() {
    const counts = new Map<string, number>()
    const server = createHttpServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString()
        const calls = [JSON.parse(body) as { method: string }].flat()
        for (const { method } of calls) counts.set(method, (counts.get(method) ?? 0) + 1)
        const slow = calls.some((c) => c.method === 'eth_blockNumber')
        setTimeout(
          () =>
            void fetch(m.chain.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
              .then((answer) => answer.text())
              .then((text) => response.writeHead(200, { 'content-type': 'application/json' }).end(text)),
          slow ? 400 : 0,
        )
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return { url, counts, close: () => new Promise((resolve) => server.close(resolve)) }
  }

  it('runs the indexer once for two concurrent calls on one chain; both answer the block it reached', async () => {
    const proxy = await countingProxy()
    try {
      const runtime = withRpc(proxy.url)
      // A pass over a new block (one with none first asks whether there is one, and stops there).
      await m.chain.client.mine({ blocks: 1 })
      await indexConfiguredChains(runtime, 31337)
      const onePass = proxy.counts.get('eth_getLogs')!
      expect(onePass).toBeGreaterThan(0)
      await m.chain.client.mine({ blocks: 1 })
      proxy.counts.clear()

      const [a, b] = await Promise.all([
        call(runtime, '/trpc/market.sync', { chainId: 31337 }, m.seller.address),
        call(runtime, '/trpc/market.sync', { chainId: 31337 }, testAccount(5).address),
      ])
      expect([a.status, b.status]).toEqual([200, 200])
      expect(proxy.counts.get('eth_getLogs')).toBe(onePass)
      const head = Number(await m.chain.client.getBlockNumber({ cacheTime: 0 }))
      expect(a.json).toEqual({ result: { data: { indexedTo: head } } })
      expect(b.json).toEqual({ result: { data: { indexedTo: head } } })
      expect(await m.runtime.db.select().from(leases)).toEqual([])
    } finally {
      await proxy.close()
    }
  })

  it('leaves a chain another process is indexing to it: waits for its lease, then 409 if it outlasts the wait', async () => {
    const proxy = await countingProxy()
    try {
      const runtime = withRpc(proxy.url)
      await m.chain.client.mine({ blocks: 1 }) // something to index
      // Another server process holds the chain for a moment, then its lease ends.
      await m.runtime.db
        .insert(leases)
        .values({ name: 'index-chain:31337', holder: 'other', expiresAt: Date.now() + 500 })
      const waited = await call(runtime, '/trpc/market.sync', { chainId: 31337 }, m.seller.address)
      expect(waited.status).toBe(200)
      expect(proxy.counts.get('eth_getLogs')).toBeUndefined() // it did not index again

      await m.runtime.db.delete(leases)
      await m.runtime.db
        .insert(leases)
        .values({ name: 'index-chain:31337', holder: 'other', expiresAt: Date.now() + 60_000 })
      const busy = await call(runtime, '/trpc/market.sync', { chainId: 31337 }, m.seller.address)
      expect(busy.status).toBe(409)
      expect(busy.text).toContain('chainId: chain 31337 is being indexed by another request right now')
      expect(busy.ms).toBeGreaterThanOrEqual(SYNC_WAIT_MS - 200)
      expect(proxy.counts.get('eth_getLogs')).toBeUndefined()
    } finally {
      await m.runtime.db.delete(leases)
      await proxy.close()
    }
  }, 20_000)
})
