import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collections, listings, nfts, offers, OPEN_ORDER_STATUSES } from '../../db/schema'
import { offersCovering, toCriteriaOfferJson } from './criteria-offers'
import { fillability } from './fillable'
import { nftRows, toNftJson } from './nfts'
import { inJsonList, placeholder, prepared } from './prepared'
import { checksum, isoTime, toPrice } from './serialize'

export async function findNftsByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return []
  const query = prepared(db, 'nfts:byIds', () =>
    db
      .select(nftRows.select)
      .from(nfts)
      .innerJoin(collections, eq(collections.id, nfts.collectionId))
      .where(inJsonList(nfts.id, placeholder('ids')))
      .prepare(),
  )
  const rows = await query.values({ ids: JSON.stringify(ids) })
  return rows.map((row) => toNftJson(nftRows.map(row)))
}

/** Fillable orders first, each group in the order the query gave. */
const fillableFirst = <T extends { fillable: boolean }>(orders: T[]) => [
  ...orders.filter((o) => o.fillable),
  ...orders.filter((o) => !o.fillable),
]

/**
 * One NFT with its open listings and offers, each saying whether it can be filled now (fillable
 * first: the best fillable offer leads); undefined when it does not exist.
 */
export async function findNftDetail(db: Database, id: number, now = new Date()) {
  // Together, not one after the other: over HTTP they share one round trip (db/read-batches.ts).
  const [[nft], openListings, openOffers, covering] = await Promise.all([
    findNftsByIds(db, [id]),
    db
      .select()
      .from(listings)
      .where(and(eq(listings.nftId, id), inArray(listings.status, OPEN_ORDER_STATUSES)))
      .orderBy(listings.endsAt),
    db
      .select()
      .from(offers)
      .where(and(eq(offers.nftId, id), inArray(offers.status, OPEN_ORDER_STATUSES)))
      .orderBy(desc(offers.priceSort)),
    offersCovering(db, id, now),
  ])
  if (!nft) return undefined
  return {
    ...nft,
    listings: fillableFirst(
      openListings.map((l) => ({
        id: l.id,
        kind: l.kind,
        maker: checksum(l.maker),
        price: toPrice(l.priceWei, l.currency),
        /** The signed Seaport order a buyer fills; null for listings imported without one (not buyable). */
        orderHash: l.orderHash,
        startsAt: isoTime(l.startsAt),
        endsAt: isoTime(l.endsAt),
        /** Past its end (an auction whose highest bid the seller may now accept). */
        ended: l.endsAt.getTime() <= now.getTime(),
        /** Tokens listed (several of an ERC-1155 token: `price` is per token) and how many are left. */
        quantity: l.quantity,
        remaining: (BigInt(l.quantity) - BigInt(l.filledQuantity)).toString(),
        ...fillability('listing', l, now),
      })),
    ),
    offers: fillableFirst(
      openOffers.map((o) => ({
        id: o.id,
        maker: checksum(o.maker),
        price: toPrice(o.priceWei, o.currency),
        orderHash: o.orderHash,
        startsAt: isoTime(o.startsAt),
        endsAt: isoTime(o.endsAt),
        /** Tokens asked for (several of an ERC-1155 token: `price` is per token) and how many are still wanted. */
        quantity: o.quantity,
        remaining: (BigInt(o.quantity) - BigInt(o.filledQuantity)).toString(),
        ...fillability('offer', o, now),
      })),
    ),
    /** Collection and trait offers this token may fill, the highest first (fillable first). */
    collectionOffers: fillableFirst(covering.map(({ offer }) => toCriteriaOfferJson(offer, now))),
  }
}
