/**
 * Collection and trait offers: WETH for any token of a collection, or for any of the tokens that
 * carried a trait when the offer was made (a Seaport criteria item). Stored apart from offers on
 * one token: they are on no token until a holder fills them, and then a sale of the token given.
 */
import { and, eq, inArray, lt } from 'drizzle-orm'
import { formatEther } from 'viem'
import { offersOfTag } from '../cache-tags'
import { DomainError, isUniqueViolation } from '../errors'
import { collections, criteriaOffers, nfts, OPEN_ORDER_STATUSES as OPEN } from '../schema'
import { pagesChanged } from './page-changes'
import type { Db, Tx } from './transaction'

export interface CriteriaOfferRecord {
  collectionId: number
  trait: { type: string; value: string } | null
  /** '0', or the Merkle root as 0x-hex. */
  criteriaRoot: string
  /** The ids the root was built from (a trait offer); null for the whole collection. */
  tokenIds: string[] | null
  maker: string
  /** WETH for each token. */
  priceWei: bigint
  quantity: bigint
  startsAt: Date
  endsAt: Date
  orderHash: string
  orderJson: string
  signature: string
  counter: bigint
}

/** Stores a checked collection or trait offer. */
export async function recordCriteriaOffer(
  db: Db,
  offer: CriteriaOfferRecord,
  now = new Date(),
): Promise<{ id: number }> {
  const [row] = await db
    .insert(criteriaOffers)
    .values({
      collectionId: offer.collectionId,
      traitType: offer.trait?.type ?? null,
      traitValue: offer.trait?.value ?? null,
      criteriaRoot: offer.criteriaRoot,
      tokenIds: offer.tokenIds ? JSON.stringify(offer.tokenIds) : null,
      maker: offer.maker,
      priceWei: offer.priceWei.toString(),
      priceSort: Number(formatEther(offer.priceWei)),
      startsAt: offer.startsAt,
      endsAt: offer.endsAt,
      status: 'active',
      orderHash: offer.orderHash,
      orderJson: offer.orderJson,
      signature: offer.signature,
      counter: offer.counter.toString(),
      quantity: offer.quantity.toString(),
      createdAt: now,
    })
    .returning({ id: criteriaOffers.id })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new DomainError('conflict', 'order: this order was already submitted')
      throw error
    })
  return { id: row!.id }
}

/**
 * The collection or trait offer a fill settled, as the fill applies it: on the token the holder
 * gave (undefined when no such offer is ours, or the token is not one Vitrine lists).
 */
export async function criteriaOfferFilled(
  tx: Tx,
  fill: { orderHash: string; given?: { contract: string; tokenId: bigint } | undefined },
) {
  const [order] = await tx.select().from(criteriaOffers).where(eq(criteriaOffers.orderHash, fill.orderHash))
  if (!order || !fill.given) return undefined
  const [nft] = await tx
    .select({ id: nfts.id })
    .from(nfts)
    .innerJoin(collections, eq(collections.id, nfts.collectionId))
    .where(
      and(
        eq(nfts.collectionId, order.collectionId),
        eq(nfts.contract, fill.given.contract.toLowerCase()),
        eq(nfts.tokenId, fill.given.tokenId.toString()),
      ),
    )
  return nft ? { ...order, nftId: nft.id } : undefined
}

/**
 * Files the pages that show a collection's best offers (its page and its items', by their
 * `offers-of` tag) for purging, in the caller's transaction.
 */
export async function offersOfChanged(db: Db, collectionIds: number[]): Promise<void> {
  const ids = [...new Set(collectionIds)]
  if (!ids.length) return
  await pagesChanged(db, { collections: ids, tags: ids.map(offersOfTag) })
}

/** One collection or trait offer's check by the indexer: null when it can be filled. */
export interface CriteriaCheck {
  id: number
  reason: 'counter_bumped' | 'insufficient_balance' | 'insufficient_allowance' | null
}

/**
 * Stores what the indexer read of open collection and trait offers at `block` (one transaction):
 * fillable, short of WETH or its allowance, or void for good (a counter past it). Returns the
 * collections whose offers changed (a newer checked block alone changes no page).
 */
export function recordCriteriaChecks(db: Db, block: bigint, checks: CriteriaCheck[]): Promise<number[]> {
  if (!checks.length) return Promise.resolve([])
  const checkedBlock = Number(block)
  return db.transaction(async (tx) => {
    const ids = checks.map((c) => c.id)
    const rows = await tx
      .select({
        id: criteriaOffers.id,
        collectionId: criteriaOffers.collectionId,
        status: criteriaOffers.status,
        unfillable: criteriaOffers.unfillable,
      })
      .from(criteriaOffers)
      .where(and(inArray(criteriaOffers.id, ids), inArray(criteriaOffers.status, OPEN)))
    const reasons = new Map(checks.map((c) => [c.id, c.reason]))
    const changed = new Set<number>()
    for (const row of rows) {
      const reason = reasons.get(row.id) ?? null
      const set =
        reason === null
          ? { status: 'active' as const, unfillable: null }
          : reason === 'counter_bumped'
            ? { status: 'cancelled' as const, unfillable: reason, closedBlock: checkedBlock }
            : { status: 'inactive' as const, unfillable: reason }
      if (set.status === row.status && set.unfillable === row.unfillable) continue
      await tx.update(criteriaOffers).set(set).where(eq(criteriaOffers.id, row.id))
      changed.add(row.collectionId)
    }
    await tx.update(criteriaOffers).set({ checkedBlock }).where(inArray(criteriaOffers.id, ids))
    return [...changed]
  })
}

/** Open collection and trait offers whose end has passed become `expired`; returns their collections. */
export async function expireCriteriaOffers(db: Db, now = new Date()): Promise<number[]> {
  const rows = await db
    .update(criteriaOffers)
    .set({ status: 'expired' })
    .where(and(inArray(criteriaOffers.status, OPEN), lt(criteriaOffers.endsAt, now)))
    .returning({ collectionId: criteriaOffers.collectionId })
  return [...new Set(rows.map((r) => r.collectionId))]
}
