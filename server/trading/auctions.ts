/**
 * Timed (English) auctions. The seller announces a reserve price and an end time; bids are
 * ordinary WETH offers (Seaport orders) that must meet the reserve, beat the highest bid and
 * stay valid past the end, so that the seller can then accept the highest one on chain.
 */
import { and, desc, eq, gt } from 'drizzle-orm'
import { erc721Abi, formatEther, type Address } from 'viem'
import { marketplaceContracts } from '../../chain/marketplace'
import type { Database } from '../../db/client'
import { refuse } from '../../db/errors'
import { recordAuction } from '../../db/market'
import { collections, listings, nfts, offers } from '../../db/schema'
import type { Env } from '../platform/env'
import { chainClient } from '../platform/clients'
import { refuseIfFlagged } from '../queries/flagged'
import { checksum } from '../queries/serialize'
import { checkPrice } from './price-floor'

const MAX_AUCTION_MS = 30 * 86_400_000
const MIN_AUCTION_MS = 10 * 60_000

export interface AuctionInput {
  nftId: number
  reserveWei: bigint
  endsAt: Date
}

export async function startAuction(
  { db, env, now = new Date() }: { db: Database; env: Env; now?: Date },
  seller: Address,
  input: AuctionInput,
) {
  const [nft] = await db.select().from(nfts).where(eq(nfts.id, input.nftId))
  if (!nft) return refuse(`nftId: no NFT ${input.nftId}`, 'not_found')
  await refuseIfFlagged(db, nft.flaggedBy, `nftId: token ${nft.tokenId} of ${checksum(nft.contract)}`)
  const contracts = marketplaceContracts(nft.chainId)
  const client = chainClient(env, nft.chainId)
  if (!contracts || !client) return refuse(`nftId: Vitrine does not trade on chain ${nft.chainId}`)
  const [collection] = await db
    .select({ standard: collections.standard })
    .from(collections)
    .where(eq(collections.id, nft.collectionId))
  // A bid is a Seaport offer on the token, and any holder of an ERC-1155 token may accept an
  // offer on it: the winning bid could not be kept for this auction's seller without a zone that
  // restricts who fills it, which Vitrine does not deploy. Holders list several, or take offers.
  if (collection?.standard === 'erc1155') {
    refuse(
      'nftId: an ERC-1155 token cannot be auctioned, because any of its holders could accept the bids; list several of it at a price per token, or accept offers',
    )
  }
  const span = input.endsAt.getTime() - now.getTime()
  if (span < MIN_AUCTION_MS || span > MAX_AUCTION_MS) refuse('endsAt: an auction runs from 10 minutes to 30 days')
  // Bids pay the creator earnings too; each bid is checked against them when it is submitted.
  checkPrice(env, 'reserveWei', input.reserveWei, [{ label: 'the platform fee', bps: env.platformFee.bps }])
  const owner = await client.readContract({
    address: nft.contract as Address,
    abi: erc721Abi,
    functionName: 'ownerOf',
    args: [BigInt(nft.tokenId)],
  })
  if (owner.toLowerCase() !== seller) refuse('nftId: only the owner can auction this token', 'forbidden')
  // The module refuses a second running auction inside the same transaction that starts this one.
  return recordAuction(db, { nft, seller, reserveWei: input.reserveWei, endsAt: input.endsAt }, now)
}

/** A bid on a running auction must meet the reserve, beat the highest bid and outlive the auction. */
export async function checkAuctionBid(db: Database, nftId: number, price: bigint, endTime: bigint, now: Date) {
  const [auction] = await db
    .select()
    .from(listings)
    .where(
      and(
        eq(listings.nftId, nftId),
        eq(listings.kind, 'auction'),
        eq(listings.status, 'active'),
        gt(listings.endsAt, now),
      ),
    )
  if (!auction) return
  if (price < BigInt(auction.priceWei)) {
    refuse(`order.offer: the bid is below the reserve price of ${formatEther(BigInt(auction.priceWei))} ETH`)
  }
  const [highest] = await db
    .select({ priceWei: offers.priceWei })
    .from(offers)
    .where(and(eq(offers.nftId, nftId), eq(offers.status, 'active')))
    .orderBy(desc(offers.priceSort))
    .limit(1)
  if (highest && price <= BigInt(highest.priceWei)) {
    refuse(`order.offer: the bid must be higher than the highest bid of ${formatEther(BigInt(highest.priceWei))} WETH`)
  }
  if (endTime * 1000n < BigInt(auction.endsAt.getTime())) {
    refuse('order.endTime: a bid must stay valid until the auction ends')
  }
}
