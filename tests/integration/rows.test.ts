/**
 * server/queries/rows.ts reads list rows as JSON text; on every list selection it must give
 * exactly what Drizzle's `.all()` gives for the same query (column order, dates, booleans,
 * JSON columns, REAL sort keys to the last bit).
 */
import { desc, eq, sql } from 'drizzle-orm'
import { blob, sqliteTable } from 'drizzle-orm/sqlite-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activity, collections, nfts, users } from '../../db/schema'
import { activityRowColumns } from '../../server/queries/activity'
import { collectionJsonColumns } from '../../server/queries/collections'
import { nftRowColumns } from '../../server/queries/nfts'
import { rowReader } from '../../server/queries/rows'
import { createSeededRuntime } from '../support/seeded'

let runtime: Awaited<ReturnType<typeof createSeededRuntime>>
beforeAll(async () => {
  runtime = await createSeededRuntime()
})
afterAll(() => runtime.close())

/** The same query selected with Drizzle's fields and with the reader's JSON row. */
async function bothWays(
  selection: Parameters<typeof rowReader>[0],
  query: (fields: never) => { all: () => Promise<unknown[]>; values: () => Promise<unknown[][]> },
) {
  const reader = rowReader(selection)
  return {
    expected: await query(selection as never).all(),
    actual: (await query(reader.select as never).values()).map(reader.map),
  }
}

/** Equal values, and keys in the same order: the order reaches the API's JSON (an NFT's `collection`). */
function expectSameRows(actual: unknown[], expected: unknown[]) {
  expect(actual).toEqual(expected)
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected))
}

/** NFT rows with their collections, auctions first: every kind of value (dates and nulls, prices, flags, traits). */
const nftsWithCollections = (fields: never) =>
  runtime.db
    .select(fields)
    .from(nfts)
    .innerJoin(collections, eq(collections.id, nfts.collectionId))
    .orderBy(desc(nfts.auctionEndsAt), nfts.id)
    .limit(300)

describe('rowReader', () => {
  it('reads NFT list rows as Drizzle does', async () => {
    const { expected, actual } = await bothWays(nftRowColumns, nftsWithCollections)
    const rows = expected as { nft: typeof nfts.$inferSelect }[]
    expect(rows.some((r) => r.nft.auctionEndsAt instanceof Date && r.nft.attributes.length > 0)).toBe(true)
    expect(rows.some((r) => r.nft.priceWei === null)).toBe(true)
    expectSameRows(actual, expected)
  })

  it('reads page rows with their sort keys (REAL, and times that can be null) as Drizzle does', async () => {
    for (const key of [nfts.priceAscKey, nfts.priceDescKey, nfts.addDate, nfts.auctionEndsAt]) {
      const { expected, actual } = await bothWays({ ...nftRowColumns, key }, nftsWithCollections)
      expectSameRows(actual, expected)
    }
    for (const key of [collections.trendingSort, collections.createdAt]) {
      const { expected, actual } = await bothWays({ row: collectionJsonColumns, key }, (fields) =>
        runtime.db.select(fields).from(collections),
      )
      expectSameRows(actual, expected)
    }
  })

  it('reads activity rows and whole collection rows as Drizzle does', async () => {
    const events = await bothWays(activityRowColumns, (fields) =>
      runtime.db
        .select(fields)
        .from(activity)
        .innerJoin(nfts, eq(nfts.id, activity.nftId))
        .innerJoin(collections, eq(collections.id, activity.collectionId))
        .orderBy(desc(activity.id))
        .limit(300),
    )
    expectSameRows(events.actual, events.expected)
    const cards = await bothWays({ row: collections }, (fields) => runtime.db.select(fields).from(collections))
    expectSameRows(cards.actual, cards.expected)
  })

  it('reads JSON-mode text (a plain column after the array) as Drizzle does', async () => {
    const people = await bothWays({ user: users, id: users.address }, (fields) =>
      runtime.db.select(fields).from(users).orderBy(users.address),
    )
    const rows = people.expected as { user: typeof users.$inferSelect }[]
    expect(rows.some((r) => Object.keys(r.user.links).length === 0)).toBe(true)
    expect(rows.some((r) => Object.keys(r.user.links).length > 0)).toBe(true)
    expectSameRows(people.actual, people.expected)
  })

  it('keeps the order of a selection that mixes single columns and groups', async () => {
    const { expected, actual } = await bothWays(
      { id: nfts.id, nft: { name: nfts.name, key: nfts.priceAscKey, traits: nfts.attributes }, added: nfts.addDate },
      nftsWithCollections,
    )
    expect(Object.keys(expected[0] as object)).toEqual(['id', 'nft', 'added'])
    expectSameRows(actual, expected)
  })

  it('carries REAL values exactly, where JSON would round them', async () => {
    // 0.1 + 0.2 has 17 significant digits; SQLite's JSON writes 15.
    await runtime.db
      .update(nfts)
      .set({ priceAscKey: 0.1 + 0.2 })
      .where(eq(nfts.id, 1))
    const reader = rowReader({ nft: { id: nfts.id, key: nfts.priceAscKey, name: nfts.name } })
    const [raw] = await runtime.db.select(reader.select).from(nfts).where(eq(nfts.id, 1)).values()
    expect(reader.map(raw!)).toEqual({ nft: { id: 1, key: 0.1 + 0.2, name: expect.any(String) } })
  })

  it('refuses an integer a JavaScript number cannot hold exactly, as @libsql/client does', async () => {
    await runtime.db.run(sql`UPDATE nfts SET like_count = 9007199254740993 WHERE id = 2`)
    const reader = rowReader({ nft: { id: nfts.id, likes: nfts.likeCount } })
    const [raw] = await runtime.db.select(reader.select).from(nfts).where(eq(nfts.id, 2)).values()
    expect(() => reader.map(raw!)).toThrow(RangeError)
    expect(() => reader.map(raw!)).toThrow('rowReader: nft.likes holds 9007199254740992')
    await runtime.db.run(sql`UPDATE nfts SET like_count = 0 WHERE id = 2`)
  })

  it('refuses a selection it cannot read', () => {
    expect(() => rowReader({ nft: { id: nfts.id, weird: 'x' as never } })).toThrow(/nft.weird is not a column/)
    const files = sqliteTable('files', { data: blob('data') })
    expect(() => rowReader({ file: files })).toThrow(/file.data is a blob column/)
    expect(() => rowReader({ data: files.data })).toThrow(/data is a blob column/)
  })
})
