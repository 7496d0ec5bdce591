/**
 * Every operation of the market module is one transaction: a statement made to fail after its
 * first write (a trigger that aborts any write to a later table it writes) leaves every table as
 * it was. Without the failure, the same operation writes each of those tables.
 */
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client'
import { DomainError } from '../../db/errors'
import * as market from '../../db/market'
import { activity, listings, nfts, offers } from '../../db/schema'
import { createTestRuntime } from '../support/runtime'
import { atomsCollection } from '../support/market-rows'

const TABLES = ['listings', 'offers', 'sales', 'activity', 'nfts', 'nft_attributes', 'token_metadata'] as const
type Table = (typeof TABLES)[number]

const SELLER = '0x00000000000000000000000000000000000000a1'
const BIDDER = '0x00000000000000000000000000000000000000b2'
const BUYER = '0x00000000000000000000000000000000000000c3'
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const DAY = 86_400_000
const now = new Date()
const log = (n: number) => ({ txHash: hash(1000 + n), logIndex: n, blockNumber: BigInt(100 + n), at: now })

/** A market with something for every operation to change. */
async function fixture(db: Database) {
  const { collection, token } = await atomsCollection(db, SELLER, now)
  const [a, b] = await db
    .insert(nfts)
    .values([token('1'), token('2', true)])
    .returning()
  const open = { maker: SELLER, status: 'active' as const, startsAt: new Date(now.getTime() - DAY), counter: '0' }
  const live = new Date(now.getTime() + 10 * DAY)
  const past = new Date(now.getTime() - 60_000)
  await db.insert(listings).values([
    { ...open, nftId: a!.id, kind: 'fixed', priceWei: '1000000000000000000', endsAt: live, orderHash: hash(1) },
    { ...open, nftId: b!.id, kind: 'voucher', priceWei: '2000000000000000000', endsAt: live, orderHash: hash(3) },
    { ...open, nftId: b!.id, kind: 'fixed', priceWei: '3000000000000000000', endsAt: past, orderHash: hash(4) },
  ])
  await db.insert(offers).values([
    {
      ...open,
      maker: BIDDER,
      nftId: a!.id,
      priceWei: '500000000000000000',
      priceSort: 0.5,
      endsAt: live,
      orderHash: hash(2),
    },
    {
      ...open,
      maker: BIDDER,
      nftId: b!.id,
      priceWei: '600000000000000000',
      priceSort: 0.6,
      endsAt: past,
      orderHash: hash(5),
    },
  ])
  // The transfer a sale's transaction also logged: the fill replaces it with the sale.
  await db.insert(activity).values({
    type: 'transfer',
    nftId: a!.id,
    collectionId: collection.id,
    fromAddress: SELLER,
    toAddress: BUYER,
    txHash: log(1).txHash,
    logIndex: 0,
    createdAt: now,
  })
  await market.refreshNftMarket(db, [a!.id, b!.id], now)
  const nft = (row: typeof a) => ({ id: row!.id, collectionId: collection.id, owner: SELLER })
  const newToken = (tokenId: bigint, metadata = true): market.TokenRecord => ({
    collection: collection!,
    tokenId,
    name: `Atom ${tokenId}`,
    description: '',
    image: '/c.svg',
    owner: SELLER,
    lazyMinted: false,
    attributes: [{ trait_type: 'Shell', value: 'K' }],
    addDate: now,
    metadata: metadata ? { sha256: 'ab'.repeat(32), json: '{"name":"Atom"}' } : undefined,
  })
  return { a: nft(a), b: nft(b), newToken }
}
type Fixture = Awaited<ReturnType<typeof fixture>>

const order = (f: Fixture, side: 'listing' | 'offer'): market.OrderRecord => ({
  side,
  nft: f.a,
  maker: side === 'listing' ? SELLER : BIDDER,
  priceWei: 700000000000000000n,
  startsAt: now,
  endsAt: new Date(now.getTime() + DAY),
  orderHash: hash(99),
  orderJson: '{}',
  signature: '0x00',
  counter: 0n,
})

/** Each operation, and the tables it writes in the order it writes them. */
const OPERATIONS: { name: string; writes: Table[]; run: (db: Database, f: Fixture) => Promise<unknown> }[] = [
  {
    name: 'recordOrder (listing)',
    writes: ['listings', 'activity', 'nfts'],
    run: (db, f) => market.recordOrder(db, order(f, 'listing'), now),
  },
  {
    name: 'recordOrder (offer)',
    writes: ['offers', 'activity', 'nfts'],
    run: (db, f) => market.recordOrder(db, order(f, 'offer'), now),
  },
  {
    name: 'recordAuction',
    writes: ['listings', 'activity', 'nfts'],
    run: (db, f) =>
      market.recordAuction(
        db,
        { nft: f.a, seller: SELLER, reserveWei: 10n ** 17n, endsAt: new Date(now.getTime() + DAY) },
        now,
      ),
  },
  {
    name: 'recordToken',
    writes: ['token_metadata', 'nfts', 'nft_attributes'],
    run: (db, f) => market.recordToken(db, f.newToken(7n)),
  },
  {
    name: 'recordLazyMint',
    writes: ['token_metadata', 'nfts', 'nft_attributes', 'listings', 'activity'],
    run: (db, f) =>
      market.recordLazyMint(
        db,
        f.newToken(8n),
        {
          maker: SELLER,
          priceWei: 10n ** 17n,
          endsAt: new Date(now.getTime() + DAY),
          orderHash: hash(98),
          orderJson: '{}',
          signature: '0x00',
        },
        now,
      ),
  },
  {
    name: 'recordMintedToken',
    writes: ['nfts', 'nft_attributes', 'activity'],
    run: (db, f) => market.recordMintedToken(db, f.newToken(9n, false), log(9)),
  },
  {
    name: 'recordOrderChecks (listings)',
    writes: ['listings', 'nfts'],
    run: async (db, f) => {
      const [listing] = await db
        .select()
        .from(listings)
        .where(eq(listings.orderHash, hash(1)))
      return market.recordOrderChecks(db, 'listing', 7n, [{ id: listing!.id, nftId: f.a.id, reason: 'not_owner' }], now)
    },
  },
  {
    name: 'recordOrderChecks (offers)',
    writes: ['offers', 'nfts'],
    run: async (db, f) => {
      const [offer] = await db
        .select()
        .from(offers)
        .where(eq(offers.orderHash, hash(2)))
      return market.recordOrderChecks(
        db,
        'offer',
        7n,
        [{ id: offer!.id, nftId: f.a.id, reason: 'insufficient_allowance' }],
        now,
      )
    },
  },
  {
    name: 'expireOrders',
    writes: ['listings', 'offers', 'nfts'],
    run: (db) => market.expireOrders(db, new Date(now.getTime() + 20 * DAY)),
  },
  {
    name: 'refreshNftMarket',
    writes: ['nfts'],
    run: (db, f) => market.refreshNftMarket(db, [f.a.id, f.b.id], new Date(now.getTime() + 20 * DAY)),
  },
  {
    name: 'applyTransfer',
    writes: ['nfts', 'activity'],
    run: (db, f) =>
      market.applyTransfer(db, log(2), { nftId: f.a.id, collectionId: f.a.collectionId, from: SELLER, to: BUYER }),
  },
  {
    name: 'applyFill (listing)',
    writes: ['listings', 'sales', 'activity', 'nfts'],
    run: (db) =>
      market.applyFill(db, log(1), { orderHash: hash(1), offerer: SELLER, recipient: BUYER, erc20Offered: 0n }, now),
  },
  {
    name: 'applyFill (offer)',
    writes: ['offers', 'sales', 'activity', 'nfts'],
    run: (db) =>
      market.applyFill(
        db,
        log(3),
        { orderHash: hash(2), offerer: BIDDER, recipient: SELLER, erc20Offered: 5n * 10n ** 17n },
        now,
      ),
  },
  {
    name: 'applyCancel',
    writes: ['listings', 'activity', 'nfts'],
    run: (db) => market.applyCancel(db, log(4), hash(1), now),
  },
  {
    name: 'applyCounter',
    writes: ['listings', 'nfts'],
    run: (db) => market.applyCounter(db, log(5), { offerer: SELLER, newCounter: 1n }, now),
  },
  {
    name: 'applyVoucherRevocation',
    writes: ['listings', 'activity', 'nfts'],
    run: (db, f) => market.applyVoucherRevocation(db, log(6), f.b.id, now),
  },
  {
    name: 'applyVoucherRedeemed',
    writes: ['listings', 'nfts', 'sales', 'activity'],
    run: (db, f) =>
      market.applyVoucherRedeemed(
        db,
        log(7),
        { nftId: f.b.id, collectionId: f.b.collectionId, buyer: BUYER, priceWei: 2n * 10n ** 18n },
        now,
      ),
  },
]

async function snapshot(db: Database): Promise<Record<Table, string>> {
  const tables = {} as Record<Table, string>
  for (const table of TABLES) {
    const { rows } = await db.$client.execute(`SELECT * FROM ${table} ORDER BY rowid`)
    tables[table] = JSON.stringify(rows.map((row) => Object.values(row)))
  }
  return tables
}

/** Every later write to `table` fails (insert, update or delete), as a broken statement would. */
async function breakWrites(db: Database, table: Table, when = ''): Promise<() => Promise<void>> {
  const events = ['INSERT', 'UPDATE', 'DELETE']
  for (const event of events) {
    await db.$client.execute(
      `CREATE TRIGGER fail_${event.toLowerCase()} BEFORE ${event} ON ${table} ${when} BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
    )
  }
  return async () => {
    for (const event of events) await db.$client.execute(`DROP TRIGGER fail_${event.toLowerCase()}`)
  }
}

/** An error's message and its causes' (Drizzle wraps the driver's error). */
function messages(error: unknown): string {
  const found: string[] = []
  for (let e = error; e instanceof Error; e = e.cause) found.push(e.message)
  return found.join(' <- ')
}

const runtimes: { close: () => void }[] = []
afterEach(() => {
  for (const runtime of runtimes.splice(0)) runtime.close()
})

async function prepared() {
  const runtime = await createTestRuntime()
  runtimes.push(runtime)
  return { db: runtime.db, f: await fixture(runtime.db) }
}

describe('each market operation is all or nothing', () => {
  for (const operation of OPERATIONS) {
    it(`${operation.name}: a failure after its first write leaves every table as it was`, async () => {
      const { db, f } = await prepared()
      const before = await snapshot(db)
      // The first table's own later writes too (refresh of a second NFT; a second row).
      const failures: [Table, string][] =
        operation.writes.length > 1
          ? operation.writes.slice(1).map((table) => [table, ''])
          : [[operation.writes[0]!, `WHEN OLD.id = ${f.b.id}`]]
      for (const [table, when] of failures) {
        const restore = await breakWrites(db, table, when)
        const error = await operation.run(db, f).then(
          () => null,
          (e: unknown) => e,
        )
        expect(messages(error), `failing at ${table}`).toMatch(/injected failure/)
        await restore()
        expect(await snapshot(db), `after failing at ${table}`).toEqual(before)
      }
      // Unbroken, the operation writes every table it was failed at.
      await operation.run(db, f)
      const after = await snapshot(db)
      for (const table of operation.writes)
        expect(after[table], `${operation.name} writes ${table}`).not.toEqual(before[table])
    })
  }
})

describe('the embedded database under concurrent operations', () => {
  it('runs them one after the other: the same order posted at once is stored once, the rest are conflicts', async () => {
    const { db, f } = await prepared()
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => market.recordOrder(db, order(f, 'listing'), now)),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []))
    expect(refused).toHaveLength(7)
    for (const error of refused) expect(error).toMatchObject({ name: 'DomainError', code: 'conflict' })
    expect(refused[0]).toBeInstanceOf(DomainError)
  })

  it('lets a plain write wait for an open transaction instead of failing with SQLITE_BUSY', async () => {
    const { db, f } = await prepared()
    const [plain] = await Promise.all([
      db.update(nfts).set({ name: 'Renamed' }).where(eq(nfts.id, f.a.id)).returning({ name: nfts.name }),
      market.recordOrder(db, order(f, 'offer'), now),
      market.applyTransfer(db, log(2), { nftId: f.b.id, collectionId: f.b.collectionId, from: SELLER, to: BUYER }),
    ])
    expect(plain).toEqual([{ name: 'Renamed' }])
  })
})
