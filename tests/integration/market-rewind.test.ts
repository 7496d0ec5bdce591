/**
 * The market module's rewind: what the indexer recorded from blocks after the one it goes back
 * to is undone (sales, feed lines, settled orders, a redeemed lazy mint, owners), nothing before
 * it or off chain is touched, and the whole undo is one transaction.
 */
import { eq, inArray } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client'
import * as market from '../../db/market'
import { activity, chainCursors, collections, indexedBlocks, listings, nfts, offers, sales } from '../../db/schema'
import { createTestRuntime } from '../support/runtime'
import { atomsCollection } from '../support/market-rows'

const SELLER = '0x00000000000000000000000000000000000000a1'
const BIDDER = '0x00000000000000000000000000000000000000b2'
const BUYER = '0x00000000000000000000000000000000000000c3'
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const now = new Date()
const DAY = 86_400_000
const at = (block: number, logIndex = 0) => ({
  txHash: hash(1000 + block),
  logIndex,
  blockNumber: BigInt(block),
  at: now,
})

const runtimes: { close: () => void }[] = []
afterEach(() => {
  for (const runtime of runtimes.splice(0)) runtime.close()
})

/**
 * Indexed up to block 105: token 1 listed (open since block 90), bought at 102; token 2 a lazy
 * mint redeemed at 103; an offer on token 1 cancelled at 104; a transfer of token 3 at 95.
 */
async function indexedMarket() {
  const runtime = await createTestRuntime()
  runtimes.push(runtime)
  const db = runtime.db
  const { collection, token } = await atomsCollection(db, SELLER, now)
  const [a, b, c] = await db
    .insert(nfts)
    .values([token('1'), token('2', true), token('3')])
    .returning()
  const open = { maker: SELLER, startsAt: new Date(now.getTime() - DAY), endsAt: new Date(now.getTime() + DAY) }
  await db.insert(listings).values([
    { ...open, nftId: a!.id, kind: 'fixed', priceWei: '1000000000000000000', orderHash: hash(1), counter: '0' },
    { ...open, nftId: b!.id, kind: 'voucher', priceWei: '2000000000000000000', orderHash: hash(2) },
  ])
  await db.insert(offers).values({
    ...open,
    maker: BIDDER,
    nftId: a!.id,
    priceWei: '500000000000000000',
    priceSort: 0.5,
    orderHash: hash(3),
    counter: '0',
  })
  await market.applyTransfer(db, at(95), { nftId: c!.id, collectionId: collection.id, from: SELLER, to: BUYER })
  await market.applyTransfer(db, at(102, 0), { nftId: a!.id, collectionId: collection.id, from: SELLER, to: BUYER })
  await market.applyFill(db, at(102, 1), {
    orderHash: hash(1),
    offerer: SELLER,
    recipient: BUYER,
    erc20Offered: 0n,
  })
  await market.applyVoucherRedeemed(db, at(103), {
    nftId: b!.id,
    collectionId: collection.id,
    buyer: BUYER,
    priceWei: 2n * 10n ** 18n,
  })
  await market.applyTransfer(db, at(103, 1), {
    nftId: b!.id,
    collectionId: collection.id,
    from: `0x${'0'.repeat(40)}`,
    to: BUYER,
  })
  await market.applyCancel(db, at(104), hash(3))
  for (const block of [95, 100, 102, 103, 104, 105]) {
    await market.advanceCursor(db, 31337, {
      to: BigInt(block),
      hashes: [{ block: BigInt(block), hash: hash(block) }],
      now,
    })
  }
  return { db, a: a!, b: b!, c: c! }
}

async function snapshot(db: Database) {
  const tables: Record<string, string> = {}
  for (const table of ['listings', 'offers', 'sales', 'activity', 'nfts', 'indexed_blocks', 'chain_cursors']) {
    const { rows } = await db.$client.execute(`SELECT * FROM ${table} ORDER BY rowid`)
    tables[table] = JSON.stringify(rows.map((row) => Object.values(row)))
  }
  return tables
}

describe('rewindMarket', () => {
  it('undoes what the blocks after the agreed one recorded, and only that', async () => {
    const { db, a, b, c } = await indexedMarket()
    expect(await db.select().from(sales)).toHaveLength(2)
    expect(await market.ownersToReread(db, 31337, 100n)).toEqual([
      expect.objectContaining({ id: a.id, tokenId: '1' }), // token 2 was a lazy mint: back to its creator instead
    ])

    const undone = await market.rewindMarket(db, {
      chainId: 31337,
      to: 100n,
      owners: [{ nftId: a.id, owner: SELLER }],
      now,
    })
    expect(undone.salesRemoved).toBe(2)
    expect(await db.select().from(sales)).toEqual([])
    const feed = await db.select().from(activity)
    expect(feed.map((line) => [line.type, line.block])).toEqual([['transfer', 95]]) // before the fork: kept
    const status = async (table: typeof listings | typeof offers, orderHash: string) =>
      (await db.select().from(table).where(eq(table.orderHash, orderHash)))[0]!
    expect(await status(listings, hash(1))).toMatchObject({ status: 'active', closedBlock: null })
    expect(await status(listings, hash(2))).toMatchObject({ status: 'active', closedBlock: null })
    expect(await status(offers, hash(3))).toMatchObject({ status: 'active', closedBlock: null })
    const items = await db.select().from(nfts).orderBy(nfts.id)
    expect(items.map((n) => [n.id, n.owner, n.lazyMinted])).toEqual([
      [a.id, SELLER, false],
      [b.id, SELLER, true],
      [c.id, BUYER, false],
    ])
    // The reopened orders are on offer again.
    expect(items[0]).toMatchObject({ priceWei: '1000000000000000000', bestOfferWei: '500000000000000000' })
    expect(items[1]).toMatchObject({ priceWei: '2000000000000000000' })
    expect((await db.select().from(indexedBlocks)).map((r) => r.block)).toEqual([95, 100])
    expect((await db.select().from(chainCursors))[0]).toMatchObject({ block: 100, rewindTo: 100 })
  })

  it('is all or nothing: a failure at its last write leaves every table as it was', async () => {
    const { db, a } = await indexedMarket()
    const before = await snapshot(db)
    await db.$client.execute(
      `CREATE TRIGGER fail_cursor BEFORE UPDATE ON chain_cursors BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
    )
    const error = await market
      .rewindMarket(db, { chainId: 31337, to: 100n, owners: [{ nftId: a.id, owner: SELLER }], now })
      .then(
        () => null,
        (e: unknown) => e,
      )
    expect(String((error as Error | null)?.cause ?? error)).toMatch(/injected failure/)
    expect(await snapshot(db)).toEqual(before)
  })

  it('says on the cursor that the indexer is catching up until it reaches the head it saw', async () => {
    const { db } = await indexedMarket()
    await market.beginRewind(db, 31337, { from: 105n, head: 108n, now })
    expect((await db.select().from(chainCursors))[0]).toMatchObject({
      rewindFrom: 105,
      rewindTo: null,
      rewindHead: 108,
    })
    await market.rewindMarket(db, { chainId: 31337, to: 100n, owners: [], now })
    expect((await db.select().from(chainCursors))[0]).toMatchObject({ block: 100, rewindFrom: 105, rewindTo: 100 })
    await market.advanceCursor(db, 31337, { to: 104n, hashes: [{ block: 104n, hash: hash(9104) }], now })
    expect((await db.select().from(chainCursors))[0]).toMatchObject({ block: 104, rewindHead: 108 })
    await market.advanceCursor(db, 31337, { to: 108n, hashes: [{ block: 108n, hash: hash(9108) }], now })
    expect((await db.select().from(chainCursors))[0]).toMatchObject({
      block: 108,
      rewindFrom: null,
      rewindTo: null,
      rewindHead: null,
    })
  })

  it('leaves a paused or failed imported collection so, its progress taken back with the chain', async () => {
    const { db } = await indexedMarket()
    const imported = (slug: string, indexStatus: 'paused' | 'failed' | 'backfilling', n: number) => ({
      slug,
      chainId: 31337,
      contract: `0xee${'0'.repeat(37)}${n}`,
      name: slug,
      logoUrl: '',
      bannerUrl: '',
      category: 'art' as const,
      creator: SELLER,
      source: 'imported' as const,
      standard: 'erc721' as const,
      deployBlock: 50,
      indexStatus,
      indexedBlock: 104,
      indexError: indexStatus === 'backfilling' ? null : 'its reason',
    })
    await db
      .insert(collections)
      .values([
        imported('paused-one', 'paused', 1),
        imported('failed-some', 'failed', 2),
        imported('reading-it', 'backfilling', 3),
      ])
    await market.rewindMarket(db, { chainId: 31337, to: 100n, owners: [], now })
    const rows = await db
      .select({ slug: collections.slug, status: collections.indexStatus, block: collections.indexedBlock })
      .from(collections)
      .where(inArray(collections.slug, ['paused-one', 'failed-some', 'reading-it']))
    expect(rows.toSorted((a, b) => a.slug.localeCompare(b.slug))).toEqual([
      { slug: 'failed-some', status: 'failed', block: 100 },
      { slug: 'paused-one', status: 'paused', block: 100 },
      { slug: 'reading-it', status: 'backfilling', block: 100 },
    ])
  })
})
