/** Small reads about one NFT that the item page and its procedures need beside its detail. */
import { and, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collections, nfts, tokenBalances } from '../../db/schema'

/**
 * What an order on the token must carry, how its metadata stands and what moderation decided of it;
 * undefined when it does not exist.
 */
export async function findNftTerms(db: Database, id: number) {
  const [terms] = await db
    .select({
      creator: collections.creator,
      creatorFeeBps: collections.creatorFeeBps,
      royaltySource: collections.royaltySource,
      standard: collections.standard,
      source: collections.source,
      metadataStatus: nfts.metadataStatus,
      metadataError: nfts.metadataError,
      metadataNextAttemptAt: nfts.metadataNextAttemptAt,
      // The decisions hiding the item or its collection, or marking the collection spam (./hidden.ts).
      hiddenBy: nfts.hiddenBy,
      collectionHiddenBy: collections.hiddenBy,
      spamBy: collections.spamBy,
      flaggedBy: nfts.flaggedBy,
    })
    .from(nfts)
    .innerJoin(collections, eq(collections.id, nfts.collectionId))
    .where(eq(nfts.id, id))
  return terms
}

/**
 * How many of the token an address holds, in decimal: an ERC-1155 balance, or 1 / 0 for an
 * ERC-721's owner. Undefined when the NFT does not exist.
 */
export async function findHolding(db: Database, id: number, address: string): Promise<string | undefined> {
  const [row] = await db
    .select({ owner: nfts.owner, standard: collections.standard, balance: tokenBalances.quantity })
    .from(nfts)
    .innerJoin(collections, eq(collections.id, nfts.collectionId))
    .leftJoin(tokenBalances, and(eq(tokenBalances.nftId, nfts.id), eq(tokenBalances.owner, address)))
    .where(eq(nfts.id, id))
  if (!row) return undefined
  if (row.standard === 'erc1155') return row.balance ?? '0'
  return row.owner === address ? '1' : '0'
}

/** The NFT's id as wallets and aggregators name a token (contract lowercase, token id in decimal). */
export async function findNftId(
  db: Database,
  token: { chainId: number; contract: string; tokenId: string },
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: nfts.id })
    .from(nfts)
    .where(and(eq(nfts.chainId, token.chainId), eq(nfts.contract, token.contract), eq(nfts.tokenId, token.tokenId)))
  return row?.id
}
