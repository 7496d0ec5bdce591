/**
 * Whether each open listing can still be filled: its maker holds the token and Seaport may move it.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { erc721Abi, type Address, type PublicClient } from 'viem'
import type { Database } from '../../db/client'
import { setListingStatuses } from '../../db/market'
import { collections, listings, nfts, OPEN_ORDER_STATUSES, tokenBalances } from '../../db/schema'
import { unreachable } from './rpc-errors'

/**
 * A contract that reverts (or answers nothing) instead of saying whether Seaport may move its
 * tokens cannot be filled through Seaport either: its listing is not fillable. A chain that does
 * not answer is no answer, and stops the run as any chain call does.
 */
function revertedAsNo(error: unknown): false {
  if (unreachable(error)) throw error
  return false
}

/**
 * A listing is fillable while its maker holds the token (an ERC-1155 listing: at least what is
 * left of it) and Seaport may move it: otherwise `inactive` (and `active` again when both hold
 * once more, as the signed order then works). An auction runs while its seller owns the token
 * (they approve Seaport when they accept the winning bid): a token given away would otherwise
 * keep its old seller's reserve over every offer to the new owner, and block their sale.
 * Also run after the backfill moved imported tokens.
 */
export async function recheckListings(
  db: Database,
  client: PublicClient,
  seaport: Address,
  nftIds: Iterable<number>,
  now: Date,
) {
  const ids = [...new Set(nftIds)]
  if (!ids.length) return
  const open = await db
    .select({
      id: listings.id,
      nftId: listings.nftId,
      kind: listings.kind,
      maker: listings.maker,
      status: listings.status,
      quantity: listings.quantity,
      filled: listings.filledQuantity,
      owner: nfts.owner,
      contract: nfts.contract,
      standard: collections.standard,
      balance: tokenBalances.quantity,
    })
    .from(listings)
    .innerJoin(nfts, eq(nfts.id, listings.nftId))
    .innerJoin(collections, eq(collections.id, nfts.collectionId))
    .leftJoin(tokenBalances, and(eq(tokenBalances.nftId, listings.nftId), eq(tokenBalances.owner, listings.maker)))
    .where(
      and(
        inArray(listings.nftId, ids),
        inArray(listings.status, OPEN_ORDER_STATUSES),
        inArray(listings.kind, ['fixed', 'auction']),
      ),
    )
  const changes: { id: number; nftId: number; status: 'active' | 'inactive' }[] = []
  for (const listing of open) {
    const holds =
      listing.standard === 'erc1155'
        ? BigInt(listing.balance ?? '0') >= BigInt(listing.quantity) - BigInt(listing.filled)
        : listing.owner === listing.maker
    const approved =
      holds &&
      (listing.kind === 'auction' ||
        (await client
          .readContract({
            address: listing.contract as Address,
            abi: erc721Abi,
            functionName: 'isApprovedForAll',
            args: [listing.maker as Address, seaport],
          })
          .catch(revertedAsNo)))
    const status = approved ? 'active' : 'inactive'
    if (status !== listing.status) changes.push({ id: listing.id, nftId: listing.nftId, status })
  }
  await setListingStatuses(db, changes, now)
}
