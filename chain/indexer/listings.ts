/**
 * Whether each open listing can still be filled: its maker holds the token (an ERC-1155 listing:
 * at least what is left of it), Seaport may move it, and the maker's Seaport counter is still the
 * one they signed with. Otherwise `inactive` with the reason (`active` again when all hold once
 * more, as the signed order then works), or `cancelled` for a counter that moved past it. An
 * auction runs while its seller owns the token (they approve Seaport when they accept the
 * winning bid): a token given away would otherwise keep its old seller's reserve over every
 * offer to the new owner, and block their sale.
 *
 * Read at one block, a page of listings per multicall (./order-reads.ts): the listings of the
 * NFTs the round saw move or change approval, then one page of those checked longest ago, so
 * that every listing is read again in turn (an imported collection's approvals are not in the
 * main round's logs). Also run after the backfill moved imported tokens.
 */
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm'
import type { Address, PublicClient } from 'viem'
import type { Database } from '../../db/client'
import { recordOrderChecks, type OrderCheck } from '../../db/market'
import { collections, listings, nfts, OPEN_ORDER_STATUSES, OPEN_STATUS_SQL } from '../../db/schema'
import { ORDERS_PER_CALL, ReadBatch } from './order-reads'

/** The open listings on this chain the indexer checks (`where`), fixed-price and auctions. */
export function listingsToCheck(db: Database, chainId: number, now: Date, where: SQL) {
  return db
    .select({
      id: listings.id,
      nftId: listings.nftId,
      kind: listings.kind,
      maker: listings.maker,
      quantity: listings.quantity,
      filled: listings.filledQuantity,
      counter: listings.counter,
      contract: nfts.contract,
      tokenId: nfts.tokenId,
      standard: collections.standard,
    })
    .from(listings)
    .innerJoin(nfts, eq(nfts.id, listings.nftId))
    .innerJoin(collections, eq(collections.id, nfts.collectionId))
    .where(
      and(where, inArray(listings.kind, ['fixed', 'auction']), gt(listings.endsAt, now), eq(nfts.chainId, chainId)),
    )
}

/** The open listings checked longest ago (never checked first), by their partial index. */
export const stalestListings = (db: Database, chainId: number, now: Date, limit = ORDERS_PER_CALL) =>
  listingsToCheck(db, chainId, now, sql.raw(`"listings".${OPEN_STATUS_SQL}`))
    .orderBy(asc(listings.checkedBlock))
    .limit(limit)

type Listing = Awaited<ReturnType<typeof listingsToCheck>>[number]

/**
 * Checks again the listings of `nftIds` and (unless `sweep` is false: a second check of the same
 * round) the stalest page, at `block`; returns the NFTs whose listings changed.
 */
export async function recheckListings(options: {
  db: Database
  client: PublicClient
  chainId: number
  seaport: Address
  nftIds: Iterable<number>
  block: bigint
  now: Date
  sweep?: boolean
}): Promise<number[]> {
  const { db, client, chainId, seaport, block, now, sweep = true } = options
  const ids = [...new Set(options.nftIds)]
  const touched = ids.length
    ? await listingsToCheck(
        db,
        chainId,
        now,
        and(inArray(listings.nftId, ids), inArray(listings.status, OPEN_ORDER_STATUSES))!,
      )
    : []
  const seen = new Set(touched.map((l) => l.id))
  const stalest = sweep ? await stalestListings(db, chainId, now) : []
  const due = [...touched, ...stalest.filter((l) => !seen.has(l.id))]
  const changed: number[] = []
  for (let i = 0; i < due.length; i += ORDERS_PER_CALL) {
    const checks = await checkPage(client, seaport, due.slice(i, i + ORDERS_PER_CALL), block)
    changed.push(...(await recordOrderChecks(db, 'listing', block, checks, now)))
  }
  return changed
}

async function checkPage(client: PublicClient, seaport: Address, page: Listing[], block: bigint) {
  const batch = new ReadBatch()
  const asked = page.map((listing) => {
    const contract = listing.contract as Address
    const maker = listing.maker as Address
    const tokenId = BigInt(listing.tokenId)
    return {
      listing,
      holding:
        listing.standard === 'erc1155'
          ? batch.add({ address: contract, functionName: 'balanceOf', args: [maker, tokenId] })
          : batch.add({ address: contract, functionName: 'ownerOf', args: [tokenId] }),
      approval:
        listing.kind === 'fixed'
          ? batch.add({ address: contract, functionName: 'isApprovedForAll', args: [maker, seaport] })
          : null,
      counter:
        listing.counter === null ? null : batch.add({ address: seaport, functionName: 'getCounter', args: [maker] }),
    }
  })
  await batch.run(client, block)
  return asked.map(({ listing, holding, approval, counter }): OrderCheck => {
    const current = counter === null ? undefined : batch.answer<bigint>(counter)
    const held =
      listing.standard === 'erc1155'
        ? (batch.answer<bigint>(holding) ?? 0n) >= BigInt(listing.quantity) - BigInt(listing.filled)
        : batch.answer<string>(holding)?.toLowerCase() === listing.maker
    const reason =
      current !== undefined && current > BigInt(listing.counter!)
        ? 'counter_bumped'
        : !held
          ? 'not_owner'
          : approval !== null && batch.answer<boolean>(approval) !== true
            ? 'not_approved'
            : null
    return { id: listing.id, nftId: listing.nftId, reason }
  })
}
