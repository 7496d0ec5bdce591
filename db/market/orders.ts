/**
 * The off-chain side of the market: tokens created here, signed orders, vouchers and auctions.
 * Each exported operation is one transaction: the rows, their line in the feed and the NFT's
 * market columns are written together or not at all.
 */
import { and, eq, gt, inArray } from 'drizzle-orm'
import { formatEther } from 'viem'
import { DomainError, isUniqueViolation } from '../errors'
import { activity, listings, nfts, offers, sortTraits, tokenMetadata, type Trait } from '../schema'
import { logColumns, type ChainLog } from './chain'
import { tellOfOffer } from './notifications'
import { refreshInTx } from './refresh'
import { refreshCollectionCounts } from './stats'
import { markRarityStale, writeTraits } from './traits'
import type { Db, Tx } from './transaction'

/** The NFT an order is on, as the feed needs it (an ERC-1155 token's offer is to no one owner: null). */
export interface OrderNft {
  id: number
  collectionId: number
  owner: string | null
}

/** A checked Seaport order: a listing (ETH for the token) or an offer (WETH for it). */
export interface OrderRecord {
  side: 'listing' | 'offer'
  nft: OrderNft
  maker: string
  priceWei: bigint
  startsAt: Date
  endsAt: Date
  orderHash: string
  orderJson: string
  signature: string
  counter: bigint
  /** An ERC-1155 order's number of tokens (`priceWei` is the price of one); 1 otherwise. */
  quantity?: bigint
  /**
   * An ERC-1155 listing: how many its maker holds. Their open listings of the token and this one
   * may not ask for more, checked inside the transaction so two sent at once cannot either.
   */
  held?: bigint
}

/** Stores an order with its line in the feed (at `at`) and updates the NFT's market columns. */
export function recordOrder(db: Db, order: OrderRecord, now = new Date(), at = now): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const listing = order.side === 'listing'
    if (listing && order.held !== undefined) await checkUnlisted(tx, order, now)
    const currency = listing ? 'ETH' : 'WETH'
    if (!listing) {
      const { nft, maker, priceWei, orderHash } = order
      await tellOfOffer(
        tx,
        { nftId: nft.id, collectionId: nft.collectionId, owner: nft.owner, maker, priceWei, orderHash },
        now,
      )
    }
    const values = {
      nftId: order.nft.id,
      maker: order.maker,
      priceWei: order.priceWei.toString(),
      currency,
      startsAt: order.startsAt,
      endsAt: order.endsAt,
      status: 'active' as const,
      orderHash: order.orderHash,
      orderJson: order.orderJson,
      signature: order.signature,
      counter: order.counter.toString(),
      quantity: (order.quantity ?? 1n).toString(),
    }
    const [row] = await (
      listing
        ? tx
            .insert(listings)
            .values({ ...values, kind: 'fixed' })
            .returning({ id: listings.id })
        : tx
            .insert(offers)
            .values({ ...values, priceSort: Number(formatEther(order.priceWei)) })
            .returning({ id: offers.id })
    ).catch((error: unknown) => {
      // The same order posted twice at once: the unique order hash lets one through.
      if (isUniqueViolation(error)) throw new DomainError('conflict', 'order: this order was already submitted')
      throw error
    })
    await tx.insert(activity).values({
      type: listing ? 'list' : 'offer',
      nftId: order.nft.id,
      collectionId: order.nft.collectionId,
      fromAddress: order.maker,
      toAddress: listing ? null : order.nft.owner,
      priceWei: order.priceWei.toString(),
      currency,
      createdAt: at,
    })
    await refreshInTx(tx, [order.nft.id], now)
    return { id: row!.id }
  })
}

/**
 * An ERC-1155 seller's open listings of the token and this one together may not ask for more
 * than they hold: buyers would be shown tokens that are not there (each listing alone fits).
 */
async function checkUnlisted(tx: Tx, order: OrderRecord, now: Date) {
  const open = await tx
    .select({ quantity: listings.quantity, filled: listings.filledQuantity })
    .from(listings)
    .where(
      and(
        eq(listings.nftId, order.nft.id),
        eq(listings.maker, order.maker),
        eq(listings.kind, 'fixed'),
        inArray(listings.status, ['active', 'inactive']),
        gt(listings.endsAt, now),
      ),
    )
  const listed = open.reduce((sum, l) => sum + BigInt(l.quantity) - BigInt(l.filled), 0n)
  const held = order.held!
  if (listed + (order.quantity ?? 1n) > held) {
    const room = held > listed ? held - listed : 0n
    throw new DomainError(
      'bad_request',
      `order.offer: you already list ${listed} of this token and hold ${held}, so at most ${room} more can be listed (cancel a listing on chain to list its tokens again)`,
    )
  }
}

export interface AuctionRecord {
  nft: OrderNft
  seller: string
  reserveWei: bigint
  endsAt: Date
}

/** Starts a timed auction (bids are offers); refused while another auction of the token runs. */
export function recordAuction(db: Db, auction: AuctionRecord, now = new Date()): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const { nft } = auction
    const [running] = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(
        and(
          eq(listings.nftId, nft.id),
          eq(listings.kind, 'auction'),
          eq(listings.status, 'active'),
          gt(listings.endsAt, now),
        ),
      )
    if (running) throw new DomainError('conflict', 'nftId: an auction of this token is already running')
    const [row] = await tx
      .insert(listings)
      .values({
        nftId: nft.id,
        maker: auction.seller,
        kind: 'auction',
        priceWei: auction.reserveWei.toString(),
        currency: 'ETH',
        startsAt: now,
        endsAt: auction.endsAt,
        status: 'active',
      })
      .returning({ id: listings.id })
    await tx.insert(activity).values({
      type: 'list',
      nftId: nft.id,
      collectionId: nft.collectionId,
      fromAddress: auction.seller,
      priceWei: auction.reserveWei.toString(),
      currency: 'ETH',
      createdAt: now,
    })
    await refreshInTx(tx, [nft.id], now)
    return { id: row!.id }
  })
}

/** A token to add: its row, its traits and (frozen metadata) the document its URI names. */
export interface TokenRecord {
  collection: { id: number; chainId: number; contract: string; creator: string; category: string; verified: boolean }
  tokenId: bigint
  name: string
  description: string
  image: string
  animationUrl?: string | null
  externalUrl?: string | null
  owner: string
  lazyMinted: boolean
  /** Flagged not safe for work: the 'NSFW Only' filter lists it. False unless given. */
  nsfw?: boolean
  attributes: Trait[]
  addDate: Date
  /** Frozen metadata: the exact JSON and its SHA-256, served at /api/metadata/{sha256}.json. */
  metadata?: { sha256: string; json: string } | undefined
}

/** The token's row and traits; its collection's counts are the caller's to refresh, once per transaction. */
async function insertToken(tx: Tx, token: TokenRecord): Promise<number> {
  if (token.metadata) await tx.insert(tokenMetadata).values(token.metadata).onConflictDoNothing()
  const { collection } = token
  const [nft] = await tx
    .insert(nfts)
    .values({
      collectionId: collection.id,
      chainId: collection.chainId,
      contract: collection.contract,
      tokenId: token.tokenId.toString(),
      name: token.name,
      description: token.description,
      image: token.image,
      animationUrl: token.animationUrl ?? null,
      externalUrl: token.externalUrl ?? null,
      owner: token.owner,
      creator: collection.creator,
      category: collection.category as typeof nfts.$inferInsert.category,
      addDate: token.addDate,
      verified: collection.verified,
      lazyMinted: token.lazyMinted,
      nsfw: token.nsfw ?? false,
      attributes: sortTraits(token.attributes),
    })
    .returning({ id: nfts.id })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) {
        throw new DomainError('conflict', `tokenId: token ${token.tokenId} already exists in this collection`)
      }
      throw error
    })
  await writeTraits(tx, nft!.id, collection.id, token.attributes)
  // A new token changes every share its collection's ranks are made of.
  await markRarityStale(tx, [collection.id], token.addDate)
  return nft!.id
}

/** Adds a token (no listing, nothing in the feed): the local chain's seeded items. */
export function recordToken(db: Db, token: TokenRecord): Promise<number> {
  return db.transaction(async (tx) => {
    const nftId = await insertToken(tx, token)
    await refreshCollectionCounts(tx, [token.collection.id])
    return nftId
  })
}

/** A creator's signed voucher: the digest, the voucher as JSON and the signature. */
export interface VoucherRecord {
  maker: string
  priceWei: bigint
  endsAt: Date
  orderHash: string
  orderJson: string
  signature: string
}

/** A lazy mint: the token, its voucher listed at the voucher's price, and the listing in the feed. */
export function recordLazyMint(
  db: Db,
  token: TokenRecord,
  voucher: VoucherRecord,
  now = new Date(),
): Promise<{ nftId: number }> {
  return db.transaction(async (tx) => {
    const nftId = await insertToken(tx, token)
    await tx.insert(listings).values({
      nftId,
      maker: voucher.maker,
      kind: 'voucher',
      priceWei: voucher.priceWei.toString(),
      currency: 'ETH',
      startsAt: now,
      endsAt: voucher.endsAt,
      status: 'active',
      orderHash: voucher.orderHash,
      orderJson: voucher.orderJson,
      signature: voucher.signature,
    })
    await tx.insert(activity).values({
      type: 'list',
      nftId,
      collectionId: token.collection.id,
      fromAddress: voucher.maker,
      priceWei: voucher.priceWei.toString(),
      currency: 'ETH',
      createdAt: now,
    })
    await refreshInTx(tx, [nftId], now)
    return { nftId }
  })
}

/**
 * A token its creator minted on chain, with its mint in the feed, keyed by the mint's log as the
 * indexer keys it (so indexing that log later adds nothing).
 */
export function recordMintedToken(db: Db, token: TokenRecord, mint: ChainLog): Promise<{ nftId: number }> {
  return db.transaction(async (tx) => {
    const nftId = await insertToken(tx, token)
    await tx
      .insert(activity)
      .values({
        type: 'mint',
        nftId,
        collectionId: token.collection.id,
        toAddress: token.owner,
        ...logColumns(mint),
        createdAt: mint.at,
      })
      .onConflictDoNothing()
    await refreshCollectionCounts(tx, [token.collection.id])
    return { nftId }
  })
}
