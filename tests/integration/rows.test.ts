/**
 * server/queries/rows.ts maps raw rows itself; on every list selection it must give exactly
 * what Drizzle's `.all()` gives for the same query (column order, dates, booleans, JSON).
 */
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activity, collections, nfts } from '../../db/schema'
import { activityRowColumns } from '../../server/queries/activity'
import { nftRowColumns } from '../../server/queries/nfts'
import { rowMapper } from '../../server/queries/rows'
import { createSeededRuntime } from '../support/seeded'

let runtime: Awaited<ReturnType<typeof createSeededRuntime>>
beforeAll(async () => {
  runtime = await createSeededRuntime()
})
afterAll(() => runtime.close())

describe('rowMapper', () => {
  it('maps NFT list rows as Drizzle does', async () => {
    // Auctions first: their rows carry every kind of value (dates and nulls, prices, flags, traits).
    const query = runtime.db
      .select(nftRowColumns)
      .from(nfts)
      .innerJoin(collections, eq(collections.id, nfts.collectionId))
      .orderBy(desc(nfts.auctionEndsAt), nfts.id)
      .limit(300)
    const expected = await query.all()
    expect(expected.some((r) => r.nft.auctionEndsAt instanceof Date && r.nft.attributes.length > 0)).toBe(true)
    expect(expected.some((r) => r.nft.priceWei === null)).toBe(true)
    expect((await query.values()).map(rowMapper(nftRowColumns))).toEqual(expected)
  })

  it('maps activity rows and collection rows as Drizzle does', async () => {
    const events = runtime.db
      .select(activityRowColumns)
      .from(activity)
      .innerJoin(nfts, eq(nfts.id, activity.nftId))
      .innerJoin(collections, eq(collections.id, activity.collectionId))
      .orderBy(desc(activity.id))
      .limit(300)
    expect((await events.values()).map(rowMapper(activityRowColumns))).toEqual(await events.all())

    const rows = runtime.db.select({ row: collections }).from(collections)
    expect((await rows.values()).map(rowMapper({ row: collections }))).toEqual(await rows.all())
  })

  it('refuses a selection it cannot map', () => {
    expect(() => rowMapper({ nft: { id: nfts.id, weird: 'x' as never } })).toThrow(/nft.weird is not a column/)
  })
})
