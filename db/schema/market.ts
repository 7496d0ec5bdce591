import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { address, createdAt, timestamp, wei } from './columns'
import { collections } from './collections'
import { nfts } from './nfts'

export const ORDER_STATUSES = ['active', 'filled', 'cancelled', 'expired'] as const

/** A listing for sale: fixed price, or an English auction with a reserve. Signed-order fields come with trading. */
export const listings = sqliteTable(
  'listings',
  {
    id: integer('id').primaryKey(),
    nftId: integer('nft_id')
      .notNull()
      .references(() => nfts.id, { onDelete: 'cascade' }),
    maker: address('maker').notNull(),
    kind: text('kind', { enum: ['fixed', 'auction'] }).notNull(),
    priceWei: wei('price_wei').notNull(),
    currency: text('currency').notNull().default('ETH'),
    startsAt: timestamp('starts_at').notNull(),
    endsAt: timestamp('ends_at').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [index('listings_nft_idx').on(t.nftId, t.status, t.endsAt), index('listings_maker_idx').on(t.maker, t.status)],
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
    createdAt: createdAt(),
  },
  (t) => [index('offers_nft_idx').on(t.nftId, t.status, t.priceSort), index('offers_maker_idx').on(t.maker, t.status)],
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
    txHash: text('tx_hash'),
    soldAt: timestamp('sold_at').notNull(),
  },
  (t) => [
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
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [
    index('activity_time_idx').on(t.createdAt, t.id),
    index('activity_type_idx').on(t.type, t.createdAt, t.id),
    index('activity_collection_idx').on(t.collectionId, t.createdAt, t.id),
    index('activity_nft_idx').on(t.nftId, t.createdAt, t.id),
    index('activity_from_idx').on(t.fromAddress, t.createdAt, t.id),
    index('activity_to_idx').on(t.toAddress, t.createdAt, t.id),
  ],
)
