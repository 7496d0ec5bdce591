/**
 * A token's metadata as its own URI gives it (imported collections): the columns it fills,
 * its traits (nft_attributes and the nfts.attributes copy), and the queue state around it:
 * pending with a due time, retried with backoff, failed until someone asks again.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import { collections, nfts, sortTraits, type TokenStandard, type Trait } from '../schema'
import { markRarityStale, writeTraits } from './traits'
import type { Db } from './transaction'

/** A token taken from the queue to read. */
export interface ClaimedToken {
  id: number
  tokenId: string
  contract: string
  standard: TokenStandard
  /** Failed reads so far. */
  attempts: number
}

/** The due tokens of a chain, soonest first: a walk of nfts_metadata_queue_idx (a query-plan test checks). */
export const dueMetadataQuery = (db: Db, { chainId, now, limit }: { chainId: number; now: Date; limit: number }) =>
  db
    .select({
      id: nfts.id,
      tokenId: nfts.tokenId,
      contract: nfts.contract,
      standard: collections.standard,
      attempts: nfts.metadataAttempts,
    })
    .from(nfts)
    .innerJoin(collections, eq(collections.id, nfts.collectionId))
    .where(
      and(
        eq(nfts.metadataStatus, 'pending'),
        lte(nfts.metadataNextAttemptAt, now),
        // Unary plus: the chain is a filter, not an index to walk (nfts_metadata_queue_idx is the path).
        sql`+${nfts.chainId} = ${chainId}`,
      ),
    )
    .orderBy(asc(nfts.metadataNextAttemptAt))
    .limit(limit)

/**
 * Takes up to `limit` due tokens of a chain (pending, due by `now`, soonest first: every write
 * that makes a token pending gives it its due time) and moves their due time to `holdUntil`, so
 * no other reader takes them meanwhile; a reader that dies leaves them to be taken again then,
 * with no attempt counted.
 */
export async function claimDueMetadata(
  db: Db,
  { chainId, now, limit, holdUntil }: { chainId: number; now: Date; limit: number; holdUntil: Date },
): Promise<ClaimedToken[]> {
  // A read first: most rounds find nothing due, and then open no write transaction.
  const [any] = await dueMetadataQuery(db, { chainId, now, limit: 1 })
  if (!any) return []
  return db.transaction(async (tx) => {
    const due = await dueMetadataQuery(tx, { chainId, now, limit })
    if (due.length) {
      await tx
        .update(nfts)
        .set({ metadataNextAttemptAt: holdUntil })
        .where(
          inArray(
            nfts.id,
            due.map((t) => t.id),
          ),
        )
    }
    return due
  })
}

export interface TokenMetadataRecord {
  /** null: the metadata has no name, and the token keeps the one it has (e.g. `#<id>`). */
  name: string | null
  description: string
  /** '': the metadata names no usable image, and the token keeps the one it has (e.g. drawn art). */
  image: string
  animationUrl: string | null
  externalUrl: string | null
  attributes: Trait[]
  /** The URI it was read from, as the contract answered it (null: too long to keep). */
  tokenUri: string | null
}

/** A read that is still to be tried again (e.g. its picture could not be fetched): why, and when. */
export interface MetadataRetry {
  error: string
  attempts: number
  /** null: no more tries; 'failed' until a refresh or a metadata update event. */
  nextAttemptAt: Date | null
}

/**
 * The metadata read: the token's columns and traits, and out of the queue — or, with `retry`,
 * still in it for what is missing.
 */
export function applyTokenMetadata(
  db: Db,
  nftId: number,
  metadata: TokenMetadataRecord,
  retry: MetadataRetry | null = null,
): Promise<void> {
  return db.transaction(async (tx) => {
    const traits = sortTraits(metadata.attributes)
    const [token] = await tx
      .update(nfts)
      .set({
        ...(metadata.name === null ? {} : { name: metadata.name }),
        ...(metadata.image === '' ? {} : { image: metadata.image }),
        description: metadata.description,
        animationUrl: metadata.animationUrl,
        externalUrl: metadata.externalUrl,
        attributes: traits,
        tokenUri: metadata.tokenUri,
        ...(retry
          ? {
              metadataStatus: retry.nextAttemptAt ? ('pending' as const) : ('failed' as const),
              metadataError: retry.error,
              metadataAttempts: retry.attempts,
              metadataNextAttemptAt: retry.nextAttemptAt,
            }
          : { metadataStatus: 'ok' as const, metadataError: null, metadataAttempts: 0, metadataNextAttemptAt: null }),
      })
      .where(eq(nfts.id, nftId))
      .returning({ collectionId: nfts.collectionId })
    if (!token) return
    await writeTraits(tx, nftId, token.collectionId, traits)
    await markRarityStale(tx, [token.collectionId], new Date())
  })
}

/**
 * A failed read: its reason, and either the time of the next try (still pending) or, with
 * `nextAttemptAt` null, failed until a refresh or a metadata update event.
 */
export async function recordMetadataFailure(
  db: Db,
  nftId: number,
  failure: MetadataRetry & { tokenUri?: string | null },
): Promise<void> {
  await db
    .update(nfts)
    .set({
      metadataStatus: failure.nextAttemptAt ? 'pending' : 'failed',
      metadataError: failure.error,
      metadataAttempts: failure.attempts,
      metadataNextAttemptAt: failure.nextAttemptAt,
      ...(failure.tokenUri === undefined ? {} : { tokenUri: failure.tokenUri }),
    })
    .where(eq(nfts.id, nftId))
}

/**
 * Someone asked for the metadata again: the token is due now, its attempts counted afresh.
 * Answers false when the token does not exist or is not one whose metadata is read from its URI.
 */
export async function requestMetadataRefresh(db: Db, nftId: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(nfts)
    .set({ metadataStatus: 'pending', metadataNextAttemptAt: now, metadataAttempts: 0 })
    .where(eq(nfts.id, nftId))
    .returning({ id: nfts.id })
  return rows.length > 0
}
