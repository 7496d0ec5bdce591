/**
 * Keeps an NFT's denormalised market columns (best listing price and its sort keys, auction
 * end, offer count, best offer) equal to its live listings and offers.
 */
import { and, eq, gt, inArray, lt } from 'drizzle-orm'
import { formatEther } from 'viem'
import type { Database } from './client'
import { listings, nfts, offers, priceSortKeys } from './schema'

const minWei = (values: string[]) =>
  values.reduce<bigint | null>((min, v) => (min === null || BigInt(v) < min ? BigInt(v) : min), null)
const maxWei = (values: string[]) =>
  values.reduce<bigint | null>((max, v) => (max === null || BigInt(v) > max ? BigInt(v) : max), null)

export async function refreshNftMarket(db: Database, nftIds: Iterable<number>, now = new Date()): Promise<void> {
  for (const nftId of new Set(nftIds)) {
    const [live, bids] = await Promise.all([
      db
        .select({ kind: listings.kind, priceWei: listings.priceWei, endsAt: listings.endsAt })
        .from(listings)
        .where(and(eq(listings.nftId, nftId), eq(listings.status, 'active'), gt(listings.endsAt, now))),
      db
        .select({ priceWei: offers.priceWei })
        .from(offers)
        .where(and(eq(offers.nftId, nftId), eq(offers.status, 'active'), gt(offers.endsAt, now))),
    ])
    // A lazy mint's voucher is bought at its price like a fixed-price listing.
    const fixed = minWei(live.filter((l) => l.kind !== 'auction').map((l) => l.priceWei))
    const auction = live.find((l) => l.kind === 'auction')
    const price = fixed ?? (auction ? BigInt(auction.priceWei) : null)
    const bestOffer = maxWei(bids.map((b) => b.priceWei))
    await db
      .update(nfts)
      .set({
        priceWei: price?.toString() ?? null,
        currency: price === null ? null : 'ETH',
        ...priceSortKeys(price === null ? null : Number(formatEther(price))),
        auctionEndsAt: auction?.endsAt ?? null,
        offerCount: bids.length,
        bestOfferWei: bestOffer?.toString() ?? null,
      })
      .where(eq(nfts.id, nftId))
  }
}

/** Orders whose end time has passed become `expired`; returns the NFTs they were on. */
export async function expireOrders(db: Database, now = new Date()): Promise<number[]> {
  const touched: number[] = []
  for (const table of [listings, offers]) {
    const rows = await db
      .update(table)
      .set({ status: 'expired' })
      .where(and(inArray(table.status, ['active', 'inactive']), lt(table.endsAt, now)))
      .returning({ nftId: table.nftId })
    touched.push(...rows.map((r) => r.nftId))
  }
  return touched
}
