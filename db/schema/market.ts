import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { address, createdAt, timestamp, wei } from './columns'
import { collections } from './collections'
import { nfts } from './nfts'

/** `inactive`: signed and unexpired, but not fillable now (the maker no longer owns the token, revoked approval or lacks WETH). */
export const ORDER_STATUSES = ['active', 'inactive', 'filled', 'cancelled', 'expired'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
/** The statuses of an order that may still be filled (`inactive`: not now, perhaps again). */
export const OPEN_ORDER_STATUSES = ['active', 'inactive'] as const
/** The same, as the condition of the partial indexes over open orders (a query repeats it literally to use them). */
export const OPEN_STATUS_SQL = "status in ('active', 'inactive')"

/**
 * Why an order cannot be filled, a closed set a client may branch on: its maker no longer holds
 * the token (or the ERC-1155 units left of it), has not let Seaport move it, lacks the WETH left
 * of an offer or has not let Seaport spend it; or the order is void (a bumped Seaport counter, a
 * cancel), past its end, or filled; or this marketplace flagged the token stolen (`flagged`: said
 * by every read while the flag stands, never stored).
 */
export const UNFILLABLE_REASONS = [
  'not_owner',
  'not_approved',
  'insufficient_balance',
  'insufficient_allowance',
  'counter_bumped',
  'cancelled',
  'expired',
  'filled',
  'flagged',
] as const
export type UnfillableReason = (typeof UNFILLABLE_REASONS)[number]

/**
 * The signed Seaport order behind a listing or offer: its hash, components (JSON, bigints as
 * decimal strings) and the maker's signature. Seeded history on other chains has none, and a
 * row without an order is never offered to a buyer.
 */
const signedOrder = () => ({
  /** Units of the token the order trades (ERC-1155 may trade several; ERC-721 always 1). */
  quantity: text('quantity').notNull().default('1'),
  /** Units already filled (Seaport partial fills of an ERC-1155 order). */
  filledQuantity: text('filled_quantity').notNull().default('0'),
  orderHash: text('order_hash'),
  orderJson: text('order_json'),
  signature: text('signature'),
  /** The maker's Seaport counter the order was signed with; `incrementCounter` cancels it. */
  counter: text('counter'),
  /**
   * The block at which the indexer last read, in one batch, what filling it needs: the maker's
   * token or WETH, Seaport's approval or allowance, and their Seaport counter (null: not yet).
   */
  checkedBlock: integer('checked_block'),
  /** Why it was found unfillable (`inactive`), or why it was voided (`cancelled`); null otherwise. */
  unfillable: text('unfillable', { enum: UNFILLABLE_REASONS }),
})

/**
 * The block of the chain log that filled or cancelled the order (null while open, or when it
 * closed off chain): when the chain it was indexed from is replaced, the order is reopened.
 */
const closedOnChain = () => ({ closedBlock: integer('closed_block') })

/** A listing for sale: fixed price (a Seaport order), or an English auction with a reserve (bids are offers). */
export const listings = sqliteTable(
  'listings',
  {
    id: integer('id').primaryKey(),
    nftId: integer('nft_id')
      .notNull()
      .references(() => nfts.id, { onDelete: 'cascade' }),
    maker: address('maker').notNull(),
    /** `voucher`: a lazy mint, bought by redeeming the creator's signed voucher (orderJson/signature hold it). */
    kind: text('kind', { enum: ['fixed', 'auction', 'voucher'] }).notNull(),
    priceWei: wei('price_wei').notNull(),
    currency: text('currency').notNull().default('ETH'),
    startsAt: timestamp('starts_at').notNull(),
    endsAt: timestamp('ends_at').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('active'),
    ...closedOnChain(),
    ...signedOrder(),
    createdAt: createdAt(),
  },
  (t) => [
    index('listings_nft_idx').on(t.nftId, t.status, t.endsAt),
    index('listings_maker_idx').on(t.maker, t.status),
    // The indexer's every round: open orders by end time (expiry, rechecks).
    index('listings_open_idx').on(t.status, t.endsAt),
    // Each round checks again the open orders checked longest ago (never checked first).
    index('listings_checked_idx').on(t.checkedBlock).where(sql.raw(OPEN_STATUS_SQL)),
    uniqueIndex('listings_order_hash_idx').on(t.orderHash),
  ],
)

/** An offer (bid) in WETH. */
export const offers = sqliteTable(
  'offers',
  {
    id: integer('id').primaryKey(),
    nftId: integer('nft_id')
      .notNull()
      .references(() => nfts.id, { onDelete: 'cascade' }),
    maker: address('maker').notNull(),
    priceWei: wei('price_wei').notNull(),
    priceSort: real('price_sort').notNull(),
    currency: text('currency').notNull().default('WETH'),
    startsAt: timestamp('starts_at').notNull(),
    endsAt: timestamp('ends_at').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('active'),
    ...closedOnChain(),
    ...signedOrder(),
    createdAt: createdAt(),
  },
  (t) => [
    index('offers_nft_idx').on(t.nftId, t.status, t.priceSort),
    index('offers_maker_idx').on(t.maker, t.status),
    index('offers_open_idx').on(t.status, t.endsAt),
    index('offers_checked_idx').on(t.checkedBlock).where(sql.raw(OPEN_STATUS_SQL)),
    uniqueIndex('offers_order_hash_idx').on(t.orderHash),
  ],
)

/**
 * An offer in WETH for any token of a collection (criteria 0), or for any of the tokens that
 * carried a trait when it was made (criteria: the Merkle root of their ids, `tokenIds`): a Seaport
 * criteria item for `quantity` tokens, each fill a sale of the token a holder gave.
 */
export const criteriaOffers = sqliteTable(
  'criteria_offers',
  {
    id: integer('id').primaryKey(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    /** The trait it asks for (both null: any token of the collection). */
    traitType: text('trait_type'),
    traitValue: text('trait_value'),
    /** The criteria signed: '0' for the whole collection, else the Merkle root (0x-hex). */
    criteriaRoot: text('criteria_root').notNull(),
    /** The ids (decimal, as a JSON list) the root was built from: the proofs are served from them. */
    tokenIds: text('token_ids'),
    maker: address('maker').notNull(),
    /** The WETH paid for each token (the order's total is this times the quantity). */
    priceWei: wei('price_wei').notNull(),
    priceSort: real('price_sort').notNull(),
    currency: text('currency').notNull().default('WETH'),
    startsAt: timestamp('starts_at').notNull(),
    endsAt: timestamp('ends_at').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('active'),
    ...closedOnChain(),
    ...signedOrder(),
    createdAt: createdAt(),
  },
  (t) => [
    // A collection's best offers: the highest first, of the open ones.
    index('criteria_offers_collection_idx').on(t.collectionId, t.status, t.priceSort),
    index('criteria_offers_maker_idx').on(t.maker, t.status),
    index('criteria_offers_open_idx').on(t.status, t.endsAt),
    index('criteria_offers_checked_idx').on(t.checkedBlock).where(sql.raw(OPEN_STATUS_SQL)),
    uniqueIndex('criteria_offers_order_hash_idx').on(t.orderHash),
  ],
)

export const sales = sqliteTable(
  'sales',
  {
    id: integer('id').primaryKey(),
    nftId: integer('nft_id')
      .notNull()
      .references(() => nfts.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id),
    seller: address('seller').notNull(),
    buyer: address('buyer').notNull(),
    priceWei: wei('price_wei').notNull(),
    priceSort: real('price_sort').notNull(),
    currency: text('currency').notNull().default('ETH'),
    /** Tokens the sale moved: several for a part of an ERC-1155 listing (priceWei is what all of them cost). */
    quantity: text('quantity').notNull().default('1'),
    /** The Seaport order it filled (null for a lazy mint or seeded history): a rewind gives its tokens back. */
    orderHash: text('order_hash'),
    txHash: text('tx_hash'),
    /** With txHash, identifies the chain log this row came from (so indexing twice adds nothing). */
    logIndex: integer('log_index'),
    /** The block of that log: a rewind of the indexer removes the rows of the blocks it undoes. */
    block: integer('block'),
    soldAt: timestamp('sold_at').notNull(),
  },
  (t) => [
    uniqueIndex('sales_log_idx').on(t.txHash, t.logIndex),
    index('sales_time_idx').on(t.soldAt, t.collectionId, t.priceSort),
    index('sales_collection_idx').on(t.collectionId, t.soldAt, t.priceSort),
    index('sales_nft_idx').on(t.nftId, t.soldAt),
  ],
)

export const ACTIVITY_TYPES = ['mint', 'list', 'sale', 'transfer', 'offer', 'cancel', 'like'] as const
export type ActivityType = (typeof ACTIVITY_TYPES)[number]

/** The feed: one row per event, newest first. */
export const activity = sqliteTable(
  'activity',
  {
    id: integer('id').primaryKey(),
    type: text('type', { enum: ACTIVITY_TYPES }).notNull(),
    nftId: integer('nft_id')
      .notNull()
      .references(() => nfts.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id),
    fromAddress: address('from_address'),
    toAddress: address('to_address'),
    priceWei: wei('price_wei'),
    currency: text('currency'),
    txHash: text('tx_hash'),
    logIndex: integer('log_index'),
    /** The block of the chain log behind the row (null for what happened off chain). */
    block: integer('block'),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [
    // One line per kind and token of a log: an ERC-1155 TransferBatch moves several tokens in one log.
    uniqueIndex('activity_log_idx').on(t.txHash, t.logIndex, t.type, t.nftId),
    index('activity_time_idx').on(t.createdAt, t.id),
    index('activity_type_idx').on(t.type, t.createdAt, t.id),
    index('activity_collection_idx').on(t.collectionId, t.createdAt, t.id),
    // A collection's events of one kind: without it a rare kind walks the whole collection's history.
    index('activity_collection_type_idx').on(t.collectionId, t.type, t.createdAt, t.id),
    index('activity_nft_idx').on(t.nftId, t.createdAt, t.id),
    index('activity_from_idx').on(t.fromAddress, t.createdAt, t.id),
    index('activity_to_idx').on(t.toAddress, t.createdAt, t.id),
  ],
)

/**
 * How far the indexer has read each chain: the last block whose logs are in the database. The
 * `rewind*` columns are set while it undoes and re-reads blocks the chain no longer has:
 * `rewindFrom` is where it had got to, `rewindTo` the last block it agrees on with the chain
 * (null while it is still undoing), `rewindHead` the head it catches up to.
 */
export const chainCursors = sqliteTable('chain_cursors', {
  chainId: integer('chain_id').primaryKey(),
  block: integer('block').notNull(),
  updatedAt: timestamp('updated_at').notNull(),
  rewindFrom: integer('rewind_from'),
  rewindTo: integer('rewind_to'),
  rewindHead: integer('rewind_head'),
  rewoundAt: timestamp('rewound_at'),
  /** Blocks per getLogs request of the main round, adapted to what the RPC answers. */
  range: integer('range'),
  /** The newest block the last run could have read (head less confirmations): past `block`, it is behind. */
  safeHead: integer('safe_head'),
})

/**
 * The hash of blocks the indexer read (each run's last block and every block with a log it
 * applied): a block whose hash on chain differs is no longer the block it indexed.
 */
export const indexedBlocks = sqliteTable(
  'indexed_blocks',
  {
    chainId: integer('chain_id').notNull(),
    block: integer('block').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.block] })],
)

/** Frozen token metadata (ERC-721 JSON), addressed by the SHA-256 of its exact bytes. */
export const tokenMetadata = sqliteTable('token_metadata', {
  sha256: text('sha256').primaryKey(),
  json: text('json').notNull(),
  createdAt: createdAt(),
})
