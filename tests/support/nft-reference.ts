/**
 * What an NFT list should hold, worked out in plain TypeScript from the tables themselves
 * (listings, offers, collections), not from the denormalised columns and sort keys the list
 * query reads: the reference the list tests compare every page with.
 */
import { parseEther } from 'viem'
import type { Database } from '../../db/client'

export interface ReferenceItem {
  id: number
  name: string
  collection: string
  category: string
  chainId: number
  owner: string
  verified: boolean
  nsfw: boolean
  lazyMinted: boolean
  /** Best live fixed-price (or voucher) listing, else the live auction's price. */
  priceWei: bigint | null
  addDate: number
  /** End of the live auction, if one runs. */
  auctionEndsAt: number | null
  liveOffers: number
}

export interface ReferenceQuery {
  sort: 'price-asc' | 'price-desc' | 'recently-added' | 'ending-soon'
  filter?: 'verified' | 'nsfw' | 'lazy-minted' | undefined
  status?: 'buy-now' | 'on-auction' | 'has-offers' | undefined
  category?: string | undefined
  collection?: string | undefined
  chain?: number | undefined
  owner?: string | undefined
  minPrice?: number | undefined
  maxPrice?: number | undefined
  q?: string | undefined
}

export async function referenceItems(db: Database, now: number): Promise<ReferenceItem[]> {
  const [items, listings, offers] = await Promise.all([
    db.$client.execute(`SELECT n.id, n.name, c.slug, c.category, c.chain_id, n.owner, n.verified, n.nsfw,
        n.lazy_minted, n.add_date FROM nfts n JOIN collections c ON c.id = n.collection_id`),
    db.$client.execute({
      sql: "SELECT nft_id, kind, price_wei, ends_at FROM listings WHERE status = 'active' AND ends_at > ?",
      args: [now],
    }),
    db.$client.execute({
      sql: "SELECT nft_id FROM offers WHERE status = 'active' AND ends_at > ?",
      args: [now],
    }),
  ])
  const fixed = new Map<number, bigint>()
  const auctions = new Map<number, { priceWei: bigint; endsAt: number }>()
  for (const l of listings.rows) {
    const id = Number(l.nft_id)
    const wei = BigInt(String(l.price_wei))
    if (l.kind === 'auction') auctions.set(id, { priceWei: wei, endsAt: Number(l.ends_at) })
    else if (!fixed.has(id) || wei < fixed.get(id)!) fixed.set(id, wei)
  }
  const offerCounts = new Map<number, number>()
  for (const o of offers.rows) offerCounts.set(Number(o.nft_id), (offerCounts.get(Number(o.nft_id)) ?? 0) + 1)
  return items.rows.map((r) => {
    const id = Number(r.id)
    const auction = auctions.get(id)
    return {
      id,
      name: String(r.name),
      collection: String(r.slug),
      category: String(r.category),
      chainId: Number(r.chain_id),
      owner: String(r.owner),
      verified: Number(r.verified) === 1,
      nsfw: Number(r.nsfw) === 1,
      lazyMinted: Number(r.lazy_minted) === 1,
      priceWei: fixed.get(id) ?? auction?.priceWei ?? null,
      addDate: Number(r.add_date),
      auctionEndsAt: auction?.endsAt ?? null,
      liveOffers: offerCounts.get(id) ?? 0,
    }
  })
}

const compare = (a: bigint | number, b: bigint | number) => (a < b ? -1 : a > b ? 1 : 0)

/** The ids a list query should return, in order. */
export function referenceList(items: ReferenceItem[], q: ReferenceQuery): number[] {
  const words = (q.q ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}#]+/u)
    .filter((w) => w.length >= 3)
  const min = q.minPrice === undefined ? undefined : parseEther(String(q.minPrice))
  const max = q.maxPrice === undefined ? undefined : parseEther(String(q.maxPrice))
  const kept = items.filter(
    (n) =>
      (q.filter !== 'verified' || n.verified) &&
      (q.filter === 'nsfw' ? n.nsfw : !n.nsfw) &&
      (q.filter !== 'lazy-minted' || n.lazyMinted) &&
      (q.status !== 'buy-now' || (n.priceWei !== null && n.auctionEndsAt === null)) &&
      (q.status !== 'on-auction' || n.auctionEndsAt !== null) &&
      (q.status !== 'has-offers' || n.liveOffers > 0) &&
      (q.sort !== 'ending-soon' || n.auctionEndsAt !== null) &&
      (q.category === undefined || n.category === q.category) &&
      (q.collection === undefined || n.collection === q.collection) &&
      (q.chain === undefined || n.chainId === q.chain) &&
      (q.owner === undefined || n.owner === q.owner.toLowerCase()) &&
      ((min === undefined && max === undefined) ||
        (n.priceWei !== null &&
          (min === undefined || n.priceWei >= min) &&
          (max === undefined || n.priceWei <= max))) &&
      words.every((w) => n.name.toLowerCase().includes(w)),
  )
  const unlistedLast = (a: ReferenceItem, b: ReferenceItem) => Number(a.priceWei === null) - Number(b.priceWei === null)
  const order: Record<ReferenceQuery['sort'], (a: ReferenceItem, b: ReferenceItem) => number> = {
    'price-asc': (a, b) => unlistedLast(a, b) || compare(a.priceWei ?? 0n, b.priceWei ?? 0n) || a.id - b.id,
    'price-desc': (a, b) => unlistedLast(a, b) || compare(b.priceWei ?? 0n, a.priceWei ?? 0n) || a.id - b.id,
    'recently-added': (a, b) => b.addDate - a.addDate || b.id - a.id,
    'ending-soon': (a, b) => a.auctionEndsAt! - b.auctionEndsAt! || a.id - b.id,
  }
  return kept.sort(order[q.sort]).map((n) => n.id)
}
