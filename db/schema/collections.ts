import { sql } from 'drizzle-orm'
import { type AnySQLiteColumn, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { address, createdAt, flag, wei } from './columns'

export const CATEGORIES = [
  'art',
  'photography',
  'sports',
  'collectibles',
  'trading-cards',
  'domain-names',
  'utility',
  'virtual-worlds',
] as const
export type Category = (typeof CATEGORIES)[number]

/**
 * Trending is the 24h volume change, highest first. A collection with no volume the day before
 * has no change to rank by: its key is this plus its 24h volume (in ETH), below every change.
 */
export const NO_CHANGE_TRENDING_KEY = -1e12

/**
 * A collection (one contract). The stats columns are derived from sales, listings and
 * owners by `refreshCollectionStats`; each `*_sort` real mirrors an exact wei text and is
 * used only to order and filter.
 */
export const collections = sqliteTable(
  'collections',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull(),
    chainId: integer('chain_id').notNull(),
    contract: address('contract').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    logoUrl: text('logo_url').notNull(),
    bannerUrl: text('banner_url').notNull(),
    category: text('category', { enum: CATEGORIES }).notNull(),
    creator: address('creator').notNull(),
    verified: flag('verified'),
    creatorFeeBps: integer('creator_fee_bps').notNull().default(500),
    createdAt: createdAt(),
    floorWei: wei('floor_wei'),
    volume24hWei: wei('volume_24h_wei').notNull().default('0'),
    volumePrev24hWei: wei('volume_prev_24h_wei').notNull().default('0'),
    volume7dWei: wei('volume_7d_wei').notNull().default('0'),
    volume30dWei: wei('volume_30d_wei').notNull().default('0'),
    volumeAllWei: wei('volume_all_wei').notNull().default('0'),
    volume24hSort: real('volume_24h_sort').notNull().default(0),
    volume7dSort: real('volume_7d_sort').notNull().default(0),
    volume30dSort: real('volume_30d_sort').notNull().default(0),
    volumeAllSort: real('volume_all_sort').notNull().default(0),
    /** 24h volume change in percent; null when there was no volume the day before. */
    change24h: real('change_24h'),
    /** The trending tab's key: change24h, or below every change by 24h volume (db/stats.ts). */
    trendingSort: real('trending_sort').notNull().default(0),
    ownerCount: integer('owner_count').notNull().default(0),
    itemCount: integer('item_count').notNull().default(0),
    listedCount: integer('listed_count').notNull().default(0),
    salesCount: integer('sales_count').notNull().default(0),
  },
  (t) => {
    const rankedIndexes = (scope: string, on: (column: AnySQLiteColumn) => AnySQLiteColumn[]) =>
      (
        [
          ['trending', t.trendingSort],
          ['recent', t.createdAt],
          ['volume_24h', t.volume24hSort],
          ['volume_7d', t.volume7dSort],
          ['volume_30d', t.volume30dSort],
          ['volume_all', t.volumeAllSort],
        ] as const
      ).map(([name, column]) => {
        const [first, ...rest] = [...on(column), t.id]
        return index(`collections_${scope}_${name}_idx`).on(first!, ...rest)
      })
    return [
      uniqueIndex('collections_slug_idx').on(t.slug),
      // Case-insensitive (ASCII) order: a search shorter than a trigram reads names by prefix from it.
      index('collections_name_idx').on(sql`${t.name} COLLATE NOCASE`),
      uniqueIndex('collections_contract_idx').on(t.chainId, t.contract),
      index('collections_creator_idx').on(t.creator, t.createdAt, t.id),
      // Tabs (trending, top, recent) and rankings (volume per period), unscoped and per category / chain.
      ...rankedIndexes('all', (c) => [c]),
      ...rankedIndexes('category', (c) => [t.category, c]),
      ...rankedIndexes('chain', (c) => [t.chainId, c]),
    ]
  },
)
