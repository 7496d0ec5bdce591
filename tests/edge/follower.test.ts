/**
 * The Workers build follows each chain itself: the built Worker in workerd (`wrangler dev`), its
 * CHAIN_FOLLOWER Durable Object reading a local chain about once a second, against a real sqld.
 * Everything here is made on the chain by clients other than the site (viem directly): no
 * market.sync call, and no Cron Trigger unless a test says so.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type Database } from '../../db/client'
import { chainCursors, notificationSettings } from '../../db/schema'
import { freePort, startSqld, startWrangler, type RunningProcess } from '../../scripts/processes'
import { DEVELOPMENT_FEE_RECIPIENT } from '../../server/platform/env'
import type { FollowerReport } from '../../server/platform/followers'
import { newWebhookSecret } from '../../server/notify/webhook'
import { indexConfiguredChains } from '../../server/trading/indexing'
import { parseEther } from 'viem'
import { Webhook } from 'standardwebhooks'
import { testAccount } from '../support/chain'
import { startHttpServer } from '../support/http-server'
import { startMarket } from '../support/market'
import { startRpcProxy, type RpcProxy } from '../support/rpc-proxy'
import { TEST_AUTH_SECRET } from '../support/runtime'
import { startSqldProxy, type SqldProxy } from '../support/sqld-proxy'

const dir = mkdtempSync(join(tmpdir(), 'vitrine-follow-'))
const TOKENS = Array.from({ length: 16 }, (_, i) => BigInt(i + 1))
let sqld: RunningProcess
let sqldPort: number
let dbProxy: SqldProxy
let rpc: RpcProxy
let market: Awaited<ReturnType<typeof startMarket>>
let worker: RunningProcess
let db: Database
const buyer = testAccount(3)

/** The built Worker, following the local chain every 500 ms; its Durable Objects' state in `state`. */
const startWorker = (state: string) =>
  startWrangler(
    {
      DATABASE_URL: dbProxy.url,
      AUTH_SECRET: TEST_AUTH_SECRET,
      PLATFORM_FEE_RECIPIENT: DEVELOPMENT_FEE_RECIPIENT,
      PUBLIC_URL: 'https://vitrine.example',
      CHAINS: '31337',
      CHAIN_RPC_URL: rpc.url,
      FOLLOW_INTERVAL_MS: '500',
      // Health is read between steps that change what it says: no report kept from one to the next.
      HEALTH_CACHE_MS: '0',
    },
    { persistTo: join(dir, state) },
  )

/** Miniflare's local trigger for the Worker's scheduled() handler: the Cron Trigger's minute. */
const cronTick = async () => {
  const response = await fetch(`${worker.url}/cdn-cgi/local/scheduled?cron=*+*+*+*+*`)
  expect(response.status).toBe(200)
}

const ownerShown = async (tokenId: bigint) => {
  const response = await fetch(`${worker.url}/api/v1/nfts/${market.nftId(tokenId)}`)
  return ((await response.json()) as { data: { owner: string } }).data.owner.toLowerCase()
}

const follower = async () => {
  const response = await fetch(`${worker.url}/api/health`)
  const report = (await response.json()) as { indexer: { status: string; followers?: FollowerReport[] } }
  return { status: response.status, indexer: report.indexer.status, ...report.indexer.followers![0]! }
}

const cursor = async () => (await db.select().from(chainCursors).where(eq(chainCursors.chainId, 31337)))[0]?.block

/** Waits until the API shows `tokenId` owned by the buyer (a few seconds at most). */
const shownBought = (tokenId: bigint, timeout = 15_000) =>
  expect.poll(() => ownerShown(tokenId), { timeout, interval: 200 }).toBe(buyer.address.toLowerCase())

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    env: { ...process.env, BUILD_TARGET: 'cloudflare', NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`)
  sqldPort = await freePort()
  sqld = await startSqld(join(dir, 'sqld'), { port: sqldPort })
  dbProxy = await startSqldProxy(sqld.url)
  market = await startMarket(TOKENS, { DATABASE_URL: sqld.url })
  rpc = await startRpcProxy(market.chain.url)
  db = createDatabase({ url: sqld.url })
  worker = await startWorker('wrangler')
  // What `npm run preview` does at boot: the Cron Trigger's handler starts the follower.
  await cronTick()
  const head = Number(await market.chain.client.getBlockNumber({ cacheTime: 0 }))
  for (const until = Date.now() + 30_000; ((await cursor()) ?? -1) < head;) {
    if (Date.now() > until) throw new Error(`the follower did not reach block ${head}\n${worker.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}, 240_000)

afterAll(async () => {
  db?.$client.close()
  await Promise.all([worker?.stop(), rpc?.stop(), dbProxy?.stop(), market?.stop()])
  await sqld?.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('the chain follower on the Workers build', () => {
  it('shows a transfer made with viem directly within seconds, with no sync call and no Cron Trigger', async () => {
    await market.transfer(market.seller, buyer, 1n)
    await shownBought(1n)
    const report = await follower()
    expect(report).toMatchObject({ chainId: 31337, intervalMs: 500, stalled: false, failures: 0 })
    expect(report.lastRound?.outcome).toMatch(/^(indexed|idle)$/)
  })

  it('tells an open page over a WebSocket when what it shows changes, and only then', async () => {
    const page = new WebSocket(`${worker.url.replace(/^http/, 'ws')}/api/live?tags=nft-${market.nftId(14n)},lists`)
    const other = new WebSocket(`${worker.url.replace(/^http/, 'ws')}/api/live?tags=nft-${market.nftId(15n)}`)
    const heard: string[][] = []
    const otherHeard: string[][] = []
    page.onmessage = (event) => heard.push((JSON.parse(String(event.data)) as { tags: string[] }).tags)
    other.onmessage = (event) => otherHeard.push((JSON.parse(String(event.data)) as { tags: string[] }).tags)
    await Promise.all([page, other].map((socket) => new Promise((resolve) => (socket.onopen = resolve))))
    await market.transfer(market.seller, buyer, 14n)
    await expect.poll(() => heard.flat(), { timeout: 10_000 }).toContain(`nft-${market.nftId(14n)}`)
    await shownBought(14n)
    expect(otherHeard.flat()).not.toContain(`nft-${market.nftId(15n)}`)
    page.close()
    other.close()
    // A page must name what it watches, in the tags pages carry; a plain GET is told to upgrade.
    expect((await fetch(`${worker.url}/api/live?tags=secrets`)).status).toBe(400)
    expect((await fetch(`${worker.url}/api/live?tags=lists`)).status).toBe(426)
  })

  it('reads again a round that failed after writing and before its cursor moved: nothing twice, nothing skipped', async () => {
    const before = await cursor()
    // The round dies where it records the blocks it read, right before its cursor moves.
    dbProxy.failNext(/insert into "indexed_blocks"/)
    const { transactionHash } = await market.transfer(market.seller, buyer, 2n)
    await shownBought(2n)
    await expect.poll(async () => (await follower()).lastError?.message ?? '', { timeout: 15_000 }).not.toBe('')
    await expect.poll(cursor, { timeout: 15_000 }).toBeGreaterThan(before!)
    await market.transfer(market.seller, buyer, 3n)
    await shownBought(3n)
    const rows = await db.all<{ n: number }>(
      sql`select count(*) as n from activity where tx_hash = ${transactionHash.toLowerCase()}`,
    )
    expect(rows[0]!.n).toBe(1)
    expect((await follower()).failures).toBe(0)
  })

  it('goes on from where it stood after the database was unreachable for a while, and says so meanwhile', async () => {
    await sqld.stop()
    await market.transfer(market.seller, buyer, 4n)
    await market.transfer(market.seller, buyer, 5n)
    await expect.poll(async () => (await follower()).failures, { timeout: 20_000 }).toBeGreaterThan(0)
    const down = await fetch(`${worker.url}/api/health`)
    expect(down.status).toBe(503)
    sqld = await startSqld(join(dir, 'sqld'), { port: sqldPort })
    await shownBought(4n, 30_000)
    await shownBought(5n)
    await expect.poll(async () => (await follower()).failures, { timeout: 15_000 }).toBe(0)
    expect((await fetch(`${worker.url}/api/health`)).status).toBe(200)
  })

  it('never indexes a chain twice at once: many follower starts and a Node server on the same database', async () => {
    rpc.reset()
    const node = {
      ...market.runtime,
      env: { ...market.runtime.env, chains: [{ id: 31337, rpcUrl: rpc.url, publicRpcUrl: rpc.url }] },
    }
    // A Node server indexing the same chain and database all along, as fast as it can.
    let nodeRuns = 0
    let following = true
    const nodeIndexer = (async () => {
      while (following) {
        await indexConfiguredChains(node, 31337)
        nodeRuns++
      }
    })()
    const moved = [6n, 7n, 8n, 10n, 11n, 12n, 13n]
    await Promise.all([cronTick(), cronTick(), cronTick(), cronTick(), cronTick()])
    for (const tokenId of moved) await market.transfer(market.seller, buyer, tokenId)
    await Promise.all([cronTick(), cronTick(), cronTick()])
    for (const tokenId of moved) await shownBought(tokenId)
    following = false
    await nodeIndexer
    expect(nodeRuns).toBeGreaterThan(0)
    expect(rpc.calls('eth_getLogs')).toBeGreaterThan(0)
    // Two rounds at once would both read the blocks past the same cursor.
    expect(rpc.repeats('eth_getLogs')).toBe(0)
  })

  it('is started again by the Cron Trigger after workerd restarted without its state', async () => {
    await worker.stop()
    // A fresh state folder: the follower's alarm is gone, as after an eviction that lost it.
    worker = await startWorker('wrangler-restarted')
    expect(await follower()).toMatchObject({ stalled: true, startedAt: null })
    expect((await fetch(`${worker.url}/api/health`)).status).toBe(503)
    await market.transfer(market.seller, buyer, 9n)
    await cronTick()
    await shownBought(9n)
    expect(await follower()).toMatchObject({ stalled: false })
    expect((await fetch(`${worker.url}/api/health`)).status).toBe(200)
  })
})

describe('notifications on the Workers build', () => {
  it('a sale made on chain reaches the seller’s webhook from the NotificationSender object, signed', async () => {
    const received: { body: string; headers: Record<string, string> }[] = []
    const receiver = await startHttpServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        received.push({ body, headers: request.headers as Record<string, string> })
        response.writeHead(204).end()
      })
    })
    try {
      // A Worker that may post to the local receiver (outside production, as FETCH_ALLOW_HOSTS is).
      await worker.stop()
      worker = await startWrangler(
        {
          DATABASE_URL: dbProxy.url,
          AUTH_SECRET: TEST_AUTH_SECRET,
          PLATFORM_FEE_RECIPIENT: DEVELOPMENT_FEE_RECIPIENT,
          PUBLIC_URL: 'https://vitrine.example',
          NODE_ENV: 'development',
          CHAINS: '31337',
          CHAIN_RPC_URL: rpc.url,
          FOLLOW_INTERVAL_MS: '500',
          FETCH_ALLOW_HOSTS: receiver.host,
        },
        { persistTo: join(dir, 'wrangler-notify') },
      )
      await cronTick()
      const secret = newWebhookSecret()
      await db.insert(notificationSettings).values({
        address: market.seller.address.toLowerCase(),
        webhookUrl: `${receiver.origin}/vitrine`,
        webhookSecret: secret,
        webhookCreatedAt: new Date(),
        updatedAt: new Date(),
      })
      const price = parseEther('0.5')
      await market.approveSeaport(market.seller)
      const signed = await market.signedListing(market.seller, 16n, price)
      expect((await market.submit('listings', signed, market.seller)).status).toBe(201)
      await market.chain.client.waitForTransactionReceipt({ hash: await market.fill(buyer, signed, price) })
      await shownBought(16n)
      // Every delivery is signed; the sale's is among them (an earlier test's orders of the seller
      // may be told unfillable in the same rounds).
      type Event = { type: string; data: { nft: { tokenId: string }; priceWei: string } }
      const events = () => received.map((r) => new Webhook(secret).verify(r.body, r.headers) as Event)
      await expect
        .poll(() => events().some((e) => e.type === 'notification.listing_sold'), { timeout: 20_000, interval: 200 })
        .toBe(true)
      const event = events().find((e) => e.type === 'notification.listing_sold')!
      expect(event.data.nft.tokenId).toBe('16')
      expect(event.data.priceWei).toBe(price.toString())
    } finally {
      await receiver.stop()
    }
  })
})
