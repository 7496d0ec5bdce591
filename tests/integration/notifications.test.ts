/**
 * Notifications as the market's writes file them: each kind of event tells the wallet it is for,
 * once, however often the indexer applies the same block (again after a rewind included); the
 * bell's REST endpoints answer only the signed-in wallet, in the documented shapes; and the
 * outbox files an email or webhook delivery only where the wallet set one up and wants the kind.
 */
import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client'
import * as market from '../../db/market'
import {
  collections,
  notificationDeliveries,
  notifications,
  notificationSettings,
  nfts,
  tokenBalances,
  type NotificationKind,
} from '../../db/schema'
import { app } from '../../server/app'
import { markedReadShape, notificationPageShape } from '../../server/rest/shapes'
import { sendNotifications } from '../../server/notify/send'
import { atomsCollection } from '../support/market-rows'
import { createTestRuntime } from '../support/runtime'
import { sessionCookie } from '../support/session'

const SELLER = '0x00000000000000000000000000000000000000a1'
const BIDDER = '0x00000000000000000000000000000000000000b2'
const RIVAL = '0x00000000000000000000000000000000000000b3'
const BUYER = '0x00000000000000000000000000000000000000c3'
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const ETH = 10n ** 18n
const HOUR = 3_600_000
const now = new Date()
const at = (block: number, logIndex = 0) => ({
  txHash: hash(1000 + block),
  logIndex,
  blockNumber: BigInt(block),
  at: now,
})

type TestRuntime = Awaited<ReturnType<typeof createTestRuntime>>
const runtimes: TestRuntime[] = []
afterEach(() => {
  for (const runtime of runtimes.splice(0)) runtime.close()
})

async function world() {
  const runtime = await createTestRuntime()
  runtimes.push(runtime)
  const { db } = runtime
  const { collection, token } = await atomsCollection(db, SELLER, now)
  const [a, b] = await db
    .insert(nfts)
    .values([token('1'), token('2')])
    .returning()
  return { runtime, db, collection, a: a!, b: b! }
}

const inbox = (db: Database, recipient: string) =>
  db
    .select({ kind: notifications.kind, key: notifications.eventKey, data: notifications.data })
    .from(notifications)
    .where(eq(notifications.recipient, recipient))
const kindsOf = async (db: Database, recipient: string) => (await inbox(db, recipient)).map((n) => n.kind).sort()

const order = (
  side: 'listing' | 'offer',
  nft: { id: number; collectionId: number; owner: string | null },
  maker: string,
  price: bigint,
  n: number,
): market.OrderRecord => ({
  side,
  nft,
  maker,
  priceWei: price,
  startsAt: new Date(now.getTime() - HOUR),
  endsAt: new Date(now.getTime() + 24 * HOUR),
  orderHash: hash(n),
  orderJson: '{}',
  signature: '0x',
  counter: 0n,
})

describe('each kind of event tells the wallet it is for', () => {
  it('an offer tells the holder; a higher one tells the maker of the best offer it beat', async () => {
    const { db, a } = await world()
    await market.recordOrder(db, order('offer', { ...a, owner: SELLER }, BIDDER, ETH, 1))
    expect(await kindsOf(db, SELLER)).toEqual(['offer_received'])
    expect(await kindsOf(db, BIDDER)).toEqual([])
    // A lower offer beats nobody; a higher one outbids BIDDER (and the holder hears of both).
    await market.recordOrder(db, order('offer', { ...a, owner: SELLER }, RIVAL, ETH / 2n, 2))
    expect(await kindsOf(db, BIDDER)).toEqual([])
    await market.recordOrder(db, order('offer', { ...a, owner: SELLER }, RIVAL, 2n * ETH, 3))
    expect(await kindsOf(db, BIDDER)).toEqual(['outbid'])
    expect(await kindsOf(db, SELLER)).toEqual(['offer_received', 'offer_received', 'offer_received'])
    const [outbid] = await inbox(db, BIDDER)
    expect(outbid!.data).toMatchObject({ actor: RIVAL, priceWei: (2n * ETH).toString(), currency: 'WETH' })
    // Nobody is told of their own offer.
    expect(await kindsOf(db, RIVAL)).toEqual([])
  })

  it("an ERC-1155 token's offer tells every holder", async () => {
    const { db, b } = await world()
    await db.insert(tokenBalances).values([
      { nftId: b.id, owner: SELLER, quantity: '3' },
      { nftId: b.id, owner: BUYER, quantity: '1' },
      { nftId: b.id, owner: RIVAL, quantity: '0' },
    ])
    await market.recordOrder(db, order('offer', { ...b, owner: null }, BIDDER, ETH, 1))
    expect(await kindsOf(db, SELLER)).toEqual(['offer_received'])
    expect(await kindsOf(db, BUYER)).toEqual(['offer_received'])
    expect(await kindsOf(db, RIVAL)).toEqual([])
  })

  it('a fill tells the seller of their listing sold and the bidder of their offer accepted', async () => {
    const { db, a, b } = await world()
    await market.recordOrder(db, order('listing', { ...a, owner: SELLER }, SELLER, ETH, 1))
    await market.recordOrder(db, order('offer', { ...b, owner: SELLER }, BIDDER, ETH / 2n, 2))
    await market.applyFill(db, at(10), { orderHash: hash(1), offerer: SELLER, recipient: BUYER, erc20Offered: 0n })
    await market.applyFill(db, at(11), {
      orderHash: hash(2),
      offerer: BIDDER,
      recipient: SELLER,
      erc20Offered: ETH / 2n,
    })
    expect((await inbox(db, SELLER)).filter((n) => n.kind === 'listing_sold')[0]!.data).toMatchObject({
      actor: BUYER,
      priceWei: ETH.toString(),
      currency: 'ETH',
    })
    expect(await kindsOf(db, BIDDER)).toEqual(['offer_accepted'])
  })

  it('an order found unfillable tells its maker once per reason', async () => {
    const { db, a } = await world()
    const { id } = await market.recordOrder(db, order('listing', { ...a, owner: SELLER }, SELLER, ETH, 1))
    const check = (reason: market.OrderCheck['reason'], block: bigint) =>
      market.recordOrderChecks(db, 'listing', block, [{ id, nftId: a.id, reason }])
    await check('not_approved', 5n)
    await check('not_approved', 6n)
    await check(null, 7n)
    await check('not_approved', 8n) // back and gone again for the same reason: not told twice
    await check('not_owner', 9n)
    const told = (await inbox(db, SELLER)).filter((n) => n.kind === 'order_unfillable')
    expect(told.map((n) => n.data.reason)).toEqual(['not_approved', 'not_owner'])
  })

  it('an auction tells its seller and bidders within its last hour, and when it ended', async () => {
    const { db, a } = await world()
    const endsAt = new Date(now.getTime() + 3 * HOUR)
    await market.recordAuction(db, { nft: { ...a, owner: SELLER }, seller: SELLER, reserveWei: ETH, endsAt })
    await market.recordOrder(db, { ...order('offer', { ...a, owner: SELLER }, BIDDER, ETH, 1), endsAt })
    await market.recordOrder(db, { ...order('offer', { ...a, owner: SELLER }, RIVAL, 2n * ETH, 2), endsAt })
    expect(await market.tellOfAuctionTimes(db, now)).toBe(0) // three hours to go
    const lastHour = new Date(endsAt.getTime() - HOUR / 2)
    expect(await market.tellOfAuctionTimes(db, lastHour)).toBe(3)
    expect(await market.tellOfAuctionTimes(db, lastHour)).toBe(0)
    const ended = new Date(endsAt.getTime() + 1000)
    expect(await market.tellOfAuctionTimes(db, ended)).toBe(3)
    for (const wallet of [SELLER, BIDDER, RIVAL]) {
      expect((await kindsOf(db, wallet)).filter((k) => k.startsWith('auction'))).toEqual([
        'auction_ended',
        'auction_ending',
      ])
    }
    const [end] = (await inbox(db, SELLER)).filter((n) => n.kind === 'auction_ended')
    expect(end!.data).toMatchObject({ actor: RIVAL, priceWei: (2n * ETH).toString() })
  })

  it('a collection someone added tells them when it caught up, and when it failed', async () => {
    const { db } = await world()
    const record = (contract: string) => ({
      chainId: 31337,
      contract,
      name: `Imported ${contract.slice(-2)}`,
      category: 'art' as const,
      creator: SELLER,
      creatorFeeBps: 0,
      standard: 'erc721' as const,
      symbol: null,
      contractOwner: null,
      contractUri: null,
      royaltySource: 'none' as const,
      lookalikeOf: null,
      deployBlock: 1,
      headBlock: 1,
      importedBy: BUYER,
    })
    const done = await market.recordImportedCollection(db, record(`0x${'d'.repeat(40)}`))
    const broken = await market.recordImportedCollection(db, record(`0x${'e'.repeat(40)}`))
    await market.setImportProgress(db, done.id, { status: 'backfilling' })
    expect(await kindsOf(db, BUYER)).toEqual([])
    await market.setImportProgress(db, done.id, { status: 'following' })
    await market.setImportProgress(db, done.id, { status: 'following' })
    await market.setImportProgress(db, broken.id, { status: 'failed', error: 'No contract at this address.' })
    expect(await kindsOf(db, BUYER)).toEqual(['import_failed', 'import_finished'])
    const [failed] = (await inbox(db, BUYER)).filter((n) => n.kind === 'import_failed')
    expect(failed!.data.error).toBe('No contract at this address.')
    const [row] = await db.select().from(collections).where(eq(collections.id, broken.id))
    expect(row!.importedBy).toBe(BUYER)
  })
})

describe('once per event', () => {
  it('a sale indexed twice, and again after a rewind, is told once, and sent once on each channel', async () => {
    const { runtime, db, a } = await world()
    await db.insert(notificationSettings).values({
      address: SELLER,
      email: 'seller@example.com',
      emailConfirmedAt: now,
      webhookUrl: 'https://hooks.example/in',
      webhookSecret: 'whsec_dGVzdA==',
      updatedAt: now,
    })
    const sent: string[] = []
    const channels = {
      email: {
        send: async (_to: string, items: { kind: string }[]) => (
          sent.push(...items.map((i) => `email:${i.kind}`)),
          { ok: true as const, durationMs: 0 }
        ),
      },
      webhook: {
        send: async (item: { kind: string }) => (
          sent.push(`webhook:${item.kind}`),
          { ok: true as const, durationMs: 0 }
        ),
      },
    }
    await market.recordOrder(db, order('listing', { ...a, owner: SELLER }, SELLER, ETH, 1))
    const fill = { orderHash: hash(1), offerer: SELLER, recipient: BUYER, erc20Offered: 0n }
    await market.applyFill(db, at(102), fill)
    await sendNotifications(runtime, channels, now)
    await market.applyFill(db, at(102), fill)
    await market.advanceCursor(db, 31337, { to: 102n, hashes: [{ block: 102n, hash: hash(102) }], now })
    await market.rewindMarket(db, { chainId: 31337, to: 100n, owners: [{ nftId: a.id, owner: SELLER }], now })
    // The chain that replaced it holds the same transaction in another block, at another index.
    await market.applyFill(db, { ...at(103, 4), txHash: at(102).txHash }, fill)
    await sendNotifications(runtime, channels, new Date(now.getTime() + 3_600_000))
    expect(await kindsOf(db, SELLER)).toEqual(['listing_sold'])
    expect(sent.sort()).toEqual(['email:listing_sold', 'webhook:listing_sold'])
  })
})

describe('the bell over REST', () => {
  async function withInbox() {
    const w = await world()
    for (const [n, maker] of [BIDDER, RIVAL, BIDDER].entries()) {
      await market.recordOrder(w.db, order('offer', { ...w.a, owner: SELLER }, maker, BigInt(n + 1) * ETH, n + 1))
    }
    return w
  }
  const call = async (runtime: TestRuntime, path: string, address: string | null, init: RequestInit = {}) =>
    app.request(
      `http://localhost:3000${path}`,
      {
        ...init,
        headers: {
          'content-type': 'application/json',
          ...(address ? { cookie: await sessionCookie(address) } : {}),
        },
      },
      runtime,
    )

  it('lists the signed-in wallet’s notifications, newest first, paged, in the documented shape', async () => {
    const { runtime } = await withInbox()
    const first = await call(runtime, '/api/v1/notifications?limit=2', SELLER)
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toContain('no-store')
    const page = notificationPageShape.parse(await first.json())
    expect(page.unread).toBe(3)
    expect(page.data.map((n) => n.kind)).toEqual(['offer_received', 'offer_received'])
    expect(page.data[0]!.title).toBe('New offer on Atom 1')
    expect(page.data[0]!.body).toContain('3 WETH')
    expect(page.data[0]!.path).toMatch(/^\/item\/\d+$/)
    const next = notificationPageShape.parse(
      await (await call(runtime, `/api/v1/notifications?limit=2&cursor=${page.nextCursor}`, SELLER)).json(),
    )
    expect(next.data).toHaveLength(1)
    expect(next.nextCursor).toBeNull()
    // Another wallet sees its own: BIDDER was outbid by RIVAL's 2 WETH.
    const theirs = notificationPageShape.parse(await (await call(runtime, '/api/v1/notifications', BIDDER)).json())
    expect(theirs.data.map((n) => [n.kind, n.actor?.toLowerCase()])).toEqual([['outbid', RIVAL]])
  })

  it('needs a session, and names bad input', async () => {
    const { runtime } = await withInbox()
    expect((await call(runtime, '/api/v1/notifications', null)).status).toBe(401)
    const bad = await call(runtime, '/api/v1/notifications?limit=0', SELLER)
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('limit')
    const unknown = await call(runtime, '/api/v1/notifications?kind=sale', SELLER)
    expect(unknown.status).toBe(400)
    const body = await call(runtime, '/api/v1/notifications/read', SELLER, { method: 'POST', body: '{"ids":[]}' })
    expect(body.status).toBe(400)
    expect(await body.text()).toContain('at least one')
  })

  it('marks one, then all, read; never another wallet’s', async () => {
    const { runtime } = await withInbox()
    const page = notificationPageShape.parse(await (await call(runtime, '/api/v1/notifications', SELLER)).json())
    const [newest] = page.data
    // BIDDER names SELLER's notification: nothing is marked.
    const stranger = markedReadShape.parse(
      await (
        await call(runtime, '/api/v1/notifications/read', BIDDER, {
          method: 'POST',
          body: JSON.stringify({ ids: [newest!.id] }),
        })
      ).json(),
    )
    expect(stranger.data.marked).toBe(0)
    const one = markedReadShape.parse(
      await (
        await call(runtime, '/api/v1/notifications/read', SELLER, {
          method: 'POST',
          body: JSON.stringify({ ids: [newest!.id] }),
        })
      ).json(),
    )
    expect(one.data).toEqual({ marked: 1, unread: 2 })
    const unreadOnly = notificationPageShape.parse(
      await (await call(runtime, '/api/v1/notifications?unread=true', SELLER)).json(),
    )
    expect(unreadOnly.data.map((n) => n.id)).not.toContain(newest!.id)
    const all = markedReadShape.parse(
      await (
        await call(runtime, '/api/v1/notifications/read', SELLER, { method: 'POST', body: '{"all":true}' })
      ).json(),
    )
    expect(all.data).toEqual({ marked: 2, unread: 0 })
  })

  it('kinds turned off in the site leave the bell', async () => {
    const { runtime } = await withInbox()
    const save = await call(runtime, '/api/trpc/notifications.savePreferences', SELLER, {
      method: 'POST',
      body: JSON.stringify({ offer_received: { site: false } }),
    })
    expect(save.status).toBe(200)
    const page = notificationPageShape.parse(await (await call(runtime, '/api/v1/notifications', SELLER)).json())
    expect(page).toMatchObject({ data: [], unread: 0 })
  })
})

describe('the outbox', () => {
  const deliveries = (db: Database) =>
    db
      .select({ channel: notificationDeliveries.channel, recipient: notificationDeliveries.recipient })
      .from(notificationDeliveries)

  it('files an email only to a confirmed address, a webhook only where one is set, each for the kinds wanted', async () => {
    const { runtime, db, a } = await world()
    await db.insert(notificationSettings).values([
      { address: SELLER, email: 'seller@example.com', emailConfirmedAt: now, updatedAt: now },
      {
        address: BIDDER,
        email: 'bidder@example.com',
        webhookUrl: 'https://hooks.example/in',
        webhookSecret: 'whsec_x',
        updatedAt: now,
      },
    ])
    // The seller gets offers by email only if they ask: by default an offer is not mailed.
    await market.recordOrder(db, order('offer', { ...a, owner: SELLER }, BIDDER, ETH, 1))
    await market.recordOrder(db, order('offer', { ...a, owner: SELLER }, RIVAL, 2n * ETH, 2))
    await sendNotifications(runtime, {}, now)
    // BIDDER (outbid): no mail (address unconfirmed), a webhook.
    expect(await deliveries(db)).toEqual([{ channel: 'webhook', recipient: BIDDER }])
    await market.saveNotificationPreferences(db, SELLER, { offer_received: { email: true } })
    await market.recordOrder(db, order('offer', { ...a, owner: SELLER }, RIVAL, 3n * ETH, 3))
    await sendNotifications(runtime, {}, now)
    const filed = await db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.recipient, SELLER), eq(notificationDeliveries.channel, 'email')))
    expect(filed).toHaveLength(1)
    expect(filed[0]!.target).toBe('seller@example.com')
    // Sent nowhere (no channel on this runtime): given up, said why, never tried again.
    expect(filed[0]!.status).toBe('failed')
    expect(filed[0]!.lastError).toMatch(/not configured/)
    const kinds: NotificationKind[] = (await db.select({ kind: notifications.kind }).from(notifications)).map(
      (n) => n.kind,
    )
    expect(kinds.length).toBeGreaterThan(0)
  })
})
