/**
 * A market refresh over thousands of tokens, as an import's flooded range asks for, costs one read
 * per 400 tokens for those with no order, and still sets the price of the one listed among them
 * and clears the columns of one whose listing ended. Statements counted at Drizzle's session.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { refreshNftMarket } from '../../db/market'
import { listings, nfts, offers } from '../../db/schema'
import { countingDatabase } from '../support/counting'
import { atomsCollection } from '../support/market-rows'
import { createTestRuntime } from '../support/runtime'

// Thousands of statements, or transactions on anvil: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 })

const CREATOR = '0x00000000000000000000000000000000000000c1'
const BIDDER = '0x00000000000000000000000000000000000000b1'
const TOKENS = 2_000
let runtime: Awaited<ReturnType<typeof createTestRuntime>>
beforeAll(async () => {
  runtime = await createTestRuntime()
})
afterAll(() => runtime.close())

describe('a market refresh over an import’s thousands of new tokens', () => {
  it('reads which have orders in a few statements, and refreshes only those', async () => {
    const now = new Date()
    const { token } = await atomsCollection(runtime.db, CREATOR, now)
    const rows: { id: number }[] = []
    for (let first = 1; first <= TOKENS; first += 500) {
      const part = Array.from({ length: 500 }, (_, i) => token(String(first + i)))
      rows.push(...(await runtime.db.insert(nfts).values(part).returning({ id: nfts.id })))
    }
    const ids = rows.map((r) => r.id)
    const [listed, offered, stale] = [ids[10]!, ids[1_500]!, ids[1_999]!]
    const live = new Date(now.getTime() + 86_400_000)
    await runtime.db.insert(listings).values({
      nftId: listed,
      maker: CREATOR,
      kind: 'fixed',
      priceWei: '1000000000000000000',
      startsAt: now,
      endsAt: live,
    })
    await runtime.db.insert(offers).values({
      nftId: offered,
      maker: BIDDER,
      priceWei: '200000000000000000',
      priceSort: 0.2,
      startsAt: now,
      endsAt: live,
    })
    // A price left from a listing that is gone: cleared, though the token has no order now.
    await runtime.db.update(nfts).set({ priceWei: '5' }).where(eq(nfts.id, stale))

    const sql = countingDatabase(runtime.db)
    await refreshNftMarket(runtime.db, ids, now)

    const byId = new Map(
      (await runtime.db.select().from(nfts)).map((n) => [n.id, { price: n.priceWei, offers: n.offerCount }]),
    )
    expect(byId.get(listed)).toEqual({ price: '1000000000000000000', offers: 0 })
    expect(byId.get(offered)).toEqual({ price: null, offers: 1 })
    expect(byId.get(stale)).toEqual({ price: null, offers: 0 })
    // Five reads of 400 tokens, four statements for each of the three, the collection's counts;
    // not four statements for each of the 2,000.
    const perToken = sql.counts.statements.filter((s) => /from "listings" where \("listings"\."nft_id" = \?/i.test(s))
    expect(perToken).toHaveLength(3)
    expect(sql.counts.requests).toBeLessThan(40)
  })
})
