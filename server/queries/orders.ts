import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collections, criteriaOffers, listings, nfts, offers } from '../../db/schema'
import { fillability } from './fillable'
import { checksumAddresses } from './serialize'

/**
 * A stored order with its signature, as a filler needs it (listing, offer or lazy-mint voucher);
 * undefined when no listing or offer has that hash.
 */
export async function findOrder(db: Database, orderHash: string, now = new Date()) {
  for (const [kind, table] of [
    ['listing', listings],
    ['offer', offers],
  ] as const) {
    const [row] = await db
      .select({ order: table, chainId: nfts.chainId, flaggedBy: nfts.flaggedBy })
      .from(table)
      .innerJoin(nfts, eq(nfts.id, table.nftId))
      .where(eq(table.orderHash, orderHash))
    if (!row) continue
    const { order } = row
    const voucher = 'kind' in order && order.kind === 'voucher'
    return {
      /** `voucher`: a lazy mint, bought by redeeming the creator's voucher on the collection contract. */
      kind: voucher ? ('voucher' as const) : kind,
      chainId: row.chainId,
      nftId: order.nftId,
      status: order.endsAt < now && order.status === 'active' ? ('expired' as const) : order.status,
      orderHash: order.orderHash!,
      components: checksumAddresses(JSON.parse(order.orderJson!) as unknown),
      signature: order.signature!,
      /** Tokens it is for (an ERC-1155 listing of several may be bought in part) and how many were bought. */
      quantity: order.quantity,
      filledQuantity: order.filledQuantity,
      ...(voucher ? {} : { criteria: null }),
      ...fillability(kind, order, now, row.flaggedBy !== null),
    }
  }
  const [row] = await db
    .select({ order: criteriaOffers, chainId: collections.chainId })
    .from(criteriaOffers)
    .innerJoin(collections, eq(collections.id, criteriaOffers.collectionId))
    .where(eq(criteriaOffers.orderHash, orderHash))
  if (!row) return undefined
  const { order } = row
  return {
    kind: 'offer' as const,
    chainId: row.chainId,
    /** A collection or trait offer is on no token until a holder fills it. */
    nftId: null,
    status: order.endsAt < now && order.status === 'active' ? ('expired' as const) : order.status,
    orderHash: order.orderHash!,
    components: checksumAddresses(JSON.parse(order.orderJson!) as unknown),
    signature: order.signature!,
    quantity: order.quantity,
    filledQuantity: order.filledQuantity,
    /** Any token of the collection, or of a trait: fill with the token's proof (GET /offers/{orderHash}/criteria). */
    criteria: {
      collectionId: order.collectionId,
      root: order.criteriaRoot,
      trait: order.traitType === null ? null : { type: order.traitType, value: order.traitValue! },
    },
    ...fillability('offer', order, now),
  }
}
