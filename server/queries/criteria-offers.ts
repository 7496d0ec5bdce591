/**
 * Reads of collection and trait offers: the tokens a trait covers (the criteria a maker signs),
 * the best open ones of a collection or covering one token, and the proof a holder gives Seaport.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collections, criteriaOffers, nftAttributes, nfts, OPEN_ORDER_STATUSES } from '../../db/schema'
import { fillability } from './fillable'
import { refuseIfFlagged } from './flagged'
import { checksum, isoTime, toPrice } from './serialize'
import { criteriaTree } from './criteria-trees'
import { collectionIdOf } from './traits'

/** The collection an offer's criteria item names, with how many tokens it holds (minted ones). */
export const criteriaCollection = (db: Database, chainId: number, contract: string) =>
  offeredCollection(db, and(eq(collections.chainId, chainId), eq(collections.contract, contract.toLowerCase()))!)

/** The same, by the id or slug of its page. */
export const criteriaCollectionOf = (db: Database, idOrSlug: string) =>
  offeredCollection(db, eq(collections.id, collectionIdOf(idOrSlug)))

async function offeredCollection(db: Database, where: SQL) {
  const [row] = await db
    .select({
      id: collections.id,
      name: collections.name,
      slug: collections.slug,
      chainId: collections.chainId,
      contract: collections.contract,
      standard: collections.standard,
      indexStatus: collections.indexStatus,
      creator: collections.creator,
      creatorFeeBps: collections.creatorFeeBps,
      royaltySource: collections.royaltySource,
    })
    .from(collections)
    .where(where)
  if (!row) return undefined
  const [first] = await db
    .select({ tokenId: nfts.tokenId, tokens: count() })
    .from(nfts)
    .where(and(eq(nfts.collectionId, row.id), eq(nfts.lazyMinted, false)))
  return { ...row, tokens: first?.tokens ?? 0, someTokenId: first?.tokenId ?? null }
}

/**
 * The minted tokens of a collection that carry a trait now, as decimal ids (a lazy mint is not on
 * chain, so no holder can give it), and the root of their criteria tree (null: none carries it).
 */
export async function traitCriteria(db: Database, collectionId: number, type: string, value: string) {
  const rows = await traitTokensStatement(db, collectionId, type, value)
  const tokenIds = [...new Set(rows.map((r) => BigInt(r.tokenId)))].sort((a, b) => (a < b ? -1 : 1)).map(String)
  const root = tokenIds.length ? criteriaTree(tokenIds).root : null
  return { type, value, tokenIds, root }
}

/** The ids of the minted tokens carrying a trait (by the trait index). */
export function traitTokensStatement(db: Database, collectionId: number, type: string, value: string) {
  return db
    .select({ tokenId: nfts.tokenId })
    .from(nftAttributes)
    .innerJoin(nfts, eq(nfts.id, nftAttributes.nftId))
    .where(
      and(
        eq(nftAttributes.collectionId, collectionId),
        eq(nftAttributes.traitType, type),
        eq(nftAttributes.value, value),
        eq(nfts.lazyMinted, false),
      ),
    )
}

/**
 * Open and unexpired. The end is compared as an expression (`+ends_at`), so that the planner reads
 * one collection's offers by its index rather than every collection's open ones by their end.
 */
const open = (now: Date) =>
  and(inArray(criteriaOffers.status, OPEN_ORDER_STATUSES), sql`+${criteriaOffers.endsAt} > ${now.getTime()}`)

type Row = typeof criteriaOffers.$inferSelect

/** A collection or trait offer as the API shows it. */
export function toCriteriaOfferJson(row: Row, now: Date) {
  return {
    id: row.id,
    /** `collection`: any token of it; `trait`: any token that carried the trait when the offer was made. */
    kind: row.traitType === null ? ('collection' as const) : ('trait' as const),
    trait: row.traitType === null ? null : { type: row.traitType, value: row.traitValue! },
    maker: checksum(row.maker),
    /** WETH for each token. */
    price: toPrice(row.priceWei, row.currency),
    orderHash: row.orderHash!,
    criteria: row.criteriaRoot,
    startsAt: isoTime(row.startsAt),
    endsAt: isoTime(row.endsAt),
    quantity: row.quantity,
    remaining: (BigInt(row.quantity) - BigInt(row.filledQuantity)).toString(),
    ...fillability('offer', row, now),
  }
}

/** The open collection and trait offers of a collection, the highest first (at most `limit`). */
export async function collectionOffers(db: Database, idOrSlug: string, now = new Date(), limit = 10) {
  const rows = await collectionOffersStatement(db, idOrSlug, now, limit)
  return rows.map((row) => toCriteriaOfferJson(row, now))
}

export const collectionOffersStatement = (db: Database, idOrSlug: string, now: Date, limit: number) =>
  db
    .select()
    .from(criteriaOffers)
    .where(and(eq(criteriaOffers.collectionId, collectionIdOf(idOrSlug)), open(now)))
    .orderBy(desc(criteriaOffers.priceSort), criteriaOffers.id)
    .limit(limit)

/**
 * The open collection and trait offers one token may fill, the highest first: every collection
 * offer of its collection, and the trait offers whose tokens include it.
 */
export function offersCovering(db: Database, nftId: number, now: Date, limit = 5) {
  return db
    .select({ offer: criteriaOffers })
    .from(criteriaOffers)
    .innerJoin(nfts, eq(nfts.id, nftId))
    .where(
      and(
        eq(criteriaOffers.collectionId, nfts.collectionId),
        open(now),
        sql`(${criteriaOffers.tokenIds} is null or exists (select 1 from json_each(${criteriaOffers.tokenIds}) where value = ${nfts.tokenId}))`,
      ),
    )
    .orderBy(desc(criteriaOffers.priceSort), criteriaOffers.id)
    .limit(limit)
}

/**
 * What a holder gives Seaport to fill a collection or trait offer with `tokenId`: the proof that
 * the token is among the offer's (empty for a whole collection). Undefined: no such offer;
 * null: the token is not covered (it did not carry the trait when the offer was made). A token
 * this marketplace flagged stolen is refused (403): Vitrine helps no one accept an offer with it.
 */
export async function criteriaProof(db: Database, orderHash: string, tokenId: bigint) {
  const [row] = await db
    .select({
      root: criteriaOffers.criteriaRoot,
      tokenIds: criteriaOffers.tokenIds,
      contract: collections.contract,
      flaggedBy: nfts.flaggedBy,
    })
    .from(criteriaOffers)
    .innerJoin(collections, eq(collections.id, criteriaOffers.collectionId))
    .leftJoin(
      nfts,
      and(
        eq(nfts.chainId, collections.chainId),
        eq(nfts.contract, collections.contract),
        eq(nfts.tokenId, tokenId.toString()),
      ),
    )
    .where(eq(criteriaOffers.orderHash, orderHash))
  if (!row) return undefined
  await refuseIfFlagged(db, row.flaggedBy, `tokenId: token ${tokenId} of ${checksum(row.contract)}`)
  if (row.tokenIds === null) return { identifier: tokenId.toString(), proof: [] as string[] }
  // The offer's ids are frozen when it is made: its tree is kept as long as it is asked for.
  const proof = criteriaTree(JSON.parse(row.tokenIds) as string[]).proof(tokenId)
  return proof && { identifier: tokenId.toString(), proof: proof as string[] }
}
