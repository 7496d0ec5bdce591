/**
 * `npm run bench:notifications`: what notifications cost, on Node over an embedded database.
 *
 * - The write that files them: database requests of an offer on an ERC-721 (one holder told, one
 *   bidder outbid) and on an ERC-1155 token with 1,000 holders, against the same offer with no one
 *   to tell.
 * - An idle sender run (nothing due), at 0 and at 100,000 notifications: requests and time.
 * - 1,000 notifications to 100 wallets' webhooks on a local HTTP server, through the real webhook
 *   channel (signed, SSRF-checked): runs, time, requests per delivery.
 * - The same with one of the 100 endpoints answering after 2 s: when the other 99 were done.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import * as market from '../db/market'
import { notificationDeliveries, notifications, notificationSettings, nfts, tokenBalances } from '../db/schema'
import { sendNotifications } from '../server/notify/send'
import { webhookChannel } from '../server/notify/webhook'
import { countingDatabase } from '../tests/support/counting'
import { atomsCollection } from '../tests/support/market-rows'
import { createTestRuntime } from '../tests/support/runtime'
import { writeSection } from './lib'

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const wallet = (n: number) => `0x${(0xa000 + n).toString(16).padStart(40, '0')}`
const now = new Date()
let orders = 0

async function setup(vars: Record<string, string> = {}) {
  const runtime = await createTestRuntime(vars)
  const { collection, token } = await atomsCollection(runtime.db, wallet(0), now)
  return { runtime, collection, token }
}

function offer(nft: { id: number; collectionId: number; owner: string | null }, maker: string, price: bigint) {
  return {
    side: 'offer' as const,
    nft,
    maker,
    priceWei: price,
    startsAt: now,
    endsAt: new Date(now.getTime() + 86_400_000),
    orderHash: hash(++orders),
    orderJson: '{}',
    signature: '0x',
    counter: 0n,
  }
}

async function writeCost() {
  const { runtime, token } = await setup()
  const { db } = runtime
  const [single, edition] = await db
    .insert(nfts)
    .values([token('1'), token('2')])
    .returning()
  await db.insert(tokenBalances).values(
    Array.from({ length: 1_000 }, (_, i) => ({
      nftId: edition!.id,
      owner: wallet(100 + i),
      quantity: String(1 + (i % 5)),
    })),
  )
  const { counts } = countingDatabase(db)
  const measure = async (write: () => Promise<unknown>) => {
    counts.requests = 0
    const started = performance.now()
    await write()
    return { requests: counts.requests, ms: performance.now() - started }
  }
  const own = await measure(() => market.recordOrder(db, offer({ ...single!, owner: wallet(1) }, wallet(1), 1n)))
  const first = await measure(() => market.recordOrder(db, offer({ ...single!, owner: wallet(0) }, wallet(1), 2n)))
  const outbid = await measure(() => market.recordOrder(db, offer({ ...single!, owner: wallet(0) }, wallet(2), 3n)))
  const editionOffer = await measure(() => market.recordOrder(db, offer({ ...edition!, owner: null }, wallet(3), 4n)))
  runtime.close()
  return { own, first, outbid, editionOffer }
}

async function idleRuns() {
  const { runtime, token } = await setup()
  const { db } = runtime
  const { counts } = countingDatabase(db)
  const run = async () => {
    counts.requests = 0
    const started = performance.now()
    await sendNotifications(runtime, {}, now)
    return { requests: counts.requests, ms: performance.now() - started }
  }
  await run()
  const empty = await run()
  const [nft] = await db.insert(nfts).values(token('1')).returning()
  for (let i = 0; i < 100; i++) {
    await db.insert(notifications).values(
      Array.from({ length: 1_000 }, (_, j) => ({
        recipient: wallet(j % 500),
        kind: 'offer_received' as const,
        eventKey: `bench:${i}:${j}`,
        nftId: nft!.id,
        dispatchedAt: now,
      })),
    )
  }
  await run()
  const full = await run()
  runtime.close()
  return { empty, full }
}

function receiver(
  slowPath?: string,
): Promise<{ server: Server; url: string; received: () => number; lastFast: () => number }> {
  let received = 0
  let lastFast = 0
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      const answer = () => {
        received++
        if (request.url !== slowPath) lastFast = performance.now()
        response.writeHead(204).end()
      }
      if (request.url === slowPath) setTimeout(answer, 2_000)
      else answer()
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({ server, url: `http://127.0.0.1:${port}`, received: () => received, lastFast: () => lastFast })
    }),
  )
}

async function delivery(slow: boolean) {
  const hooks = await receiver(slow ? '/hook/0' : undefined)
  const host = new URL(hooks.url).host
  const { runtime, token } = await setup({ FETCH_ALLOW_HOSTS: host })
  const { db } = runtime
  const owners = Array.from({ length: 100 }, (_, i) => wallet(i))
  const minted = await db
    .insert(nfts)
    .values(owners.map((owner, i) => ({ ...token(String(i + 1)), owner })))
    .returning()
  await db.insert(notificationSettings).values(
    owners.map((address, i) => ({
      address,
      webhookUrl: `${hooks.url}/hook/${i}`,
      webhookSecret: `whsec_${Buffer.from(`secret-${i}`.padEnd(24, '.')).toString('base64')}`,
      updatedAt: now,
    })),
  )
  for (let i = 0; i < 1_000; i++) {
    const nft = minted[i % 100]!
    await market.recordOrder(db, offer(nft, wallet(500 + (i % 7)), BigInt(i + 1)))
  }
  const outbound = await db.select().from(notifications)
  const { counts } = countingDatabase(db)
  const channel = { webhook: webhookChannel({ allowHosts: runtime.env.metadataFetch.allowHosts }) }
  const started = performance.now()
  let runs = 0
  // Runs back to back, as the sender does while something is due now.
  for (;;) {
    runs++
    const report = await sendNotifications(runtime, channel, new Date())
    if (!report.nextDueAt || report.nextDueAt.getTime() > Date.now() || runs > 500) break
  }
  const ms = performance.now() - started
  const deliveries = (await db.select().from(notificationDeliveries)).filter((d) => d.status === 'sent').length
  const result = {
    notifications: outbound.length,
    deliveries,
    runs,
    ms,
    perSecond: (deliveries / ms) * 1000,
    requestsPerDelivery: counts.requests / deliveries,
    othersDoneMs: hooks.lastFast() - started,
  }
  hooks.server.close()
  runtime.close()
  return result
}

const fmt = (n: number, digits = 0) => n.toFixed(digits)
const write = await writeCost()
const idle = await idleRuns()
const fast = await delivery(false)
const slow = await delivery(true)

const markdown = `## Notifications (\`npm run bench:notifications\`, ${now.toISOString().slice(0, 10)})

Node, an embedded database file, this 2-core machine.

| write | database requests | ms |
| --- | --- | --- |
| an offer nobody is told of (on the maker's own token; the outbid check still reads) | ${write.own.requests} | ${fmt(write.own.ms, 1)} |
| an offer on an ERC-721: its owner told | ${write.first.requests} | ${fmt(write.first.ms, 1)} |
| a higher offer: the owner told, the previous bidder outbid | ${write.outbid.requests} | ${fmt(write.outbid.ms, 1)} |
| an offer on an ERC-1155 token with 1,000 holders (all told) | ${write.editionOffer.requests} | ${fmt(write.editionOffer.ms, 1)} |

A sender run with nothing due: ${idle.empty.requests} requests, ${fmt(idle.empty.ms, 1)} ms on an empty table;
${idle.full.requests} requests, ${fmt(idle.full.ms, 1)} ms with 100,000 notifications filed (the same: each read is
by a partial index of what is due).

1,000 offers on tokens of 100 wallets, each with a webhook on a local HTTP server, sent through
the real channel (signed, address-checked): ${fast.notifications} notifications, ${fast.deliveries} webhooks in
${fast.runs} runs, ${fmt(fast.ms)} ms (${fmt(fast.perSecond)} a second), ${fmt(fast.requestsPerDelivery, 2)} database
requests per delivery.

The same with one endpoint answering after 2 s: the other 99 wallets' webhooks were all received
${fmt(slow.othersDoneMs)} ms after the first run began (a slow endpoint holds a run for its 2 s slice and the
request under way, then waits for the next run); all ${fmt(slow.deliveries)} were delivered in ${fmt(slow.ms)} ms
over ${slow.runs} runs.

What it costs per unit of growth: an offer pays 2 database requests more than it did (the best
open offer, read to tell its maker they were outbid, and one insert for everyone told, however
many); an ERC-1155 offer's insert grows with its holders (1,000 at most). An idle sender run is 4
requests whatever the number of notifications kept; a delivery costs a fraction of a request (the
outbox is claimed and settled in batches).
`
writeSection('notifications', markdown)
console.log(markdown)
