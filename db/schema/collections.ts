import { sql } from 'drizzle-orm'
import { type AnySQLiteColumn, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { CATEGORIES } from './categories'
import { address, createdAt, flag, timestamp, wei } from './columns'

export { CATEGORIES, type Category } from './categories'

export const TOKEN_STANDARDS = ['erc721', 'erc1155'] as const
export type TokenStandard = (typeof TOKEN_STANDARDS)[number]
export const COLLECTION_SOURCES = ['vitrine', 'imported'] as const
export const ROYALTY_SOURCES = ['vitrine', 'eip2981', 'none'] as const
/**
 * `backfilling`: reading history towards the head; `following`: at the head, reading new blocks;
 * `failed`: tried again after a wait; `paused`: past a bound no real collection reaches (a flood
 * of logs), not tried again until someone adds it again.
 */
export const INDEX_STATUSES = ['pending', 'backfilling', 'following', 'failed', 'paused'] as const
export type IndexStatus = (typeof INDEX_STATUSES)[number]

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
    /** The trending tab's key: change24h, or below every change by 24h volume (db/market/stats.ts). */
    trendingSort: real('trending_sort').notNull().default(0),
    ownerCount: integer('owner_count').notNull().default(0),
    itemCount: integer('item_count').notNull().default(0),
    listedCount: integer('listed_count').notNull().default(0),
    salesCount: integer('sales_count').notNull().default(0),
    /** The token standard, found by ERC-165 when the collection is imported. */
    standard: text('standard', { enum: TOKEN_STANDARDS }).notNull().default('erc721'),
    /** `vitrine`: seeded or registered from /create; `imported`: any contract, added by address. */
    source: text('source', { enum: COLLECTION_SOURCES }).notNull().default('vitrine'),
    symbol: text('symbol'),
    /** The contract's `owner()` where it has one (lowercase). */
    contractOwner: address('contract_owner'),
    /** ERC-7572 collection metadata URI, as the contract answers it. */
    contractUri: text('contract_uri'),
    /** Where creator earnings come from: the contract's EIP-2981 `royaltyInfo`, or none. */
    royaltySource: text('royalty_source', { enum: ROYALTY_SOURCES }).notNull().default('vitrine'),
    /** The verified collection whose name this one's is too close to (a possible impostor). */
    lookalikeOf: integer('lookalike_of'),
    /** The block the contract was deployed in: where its backfill starts. */
    deployBlock: integer('deploy_block'),
    /** Indexing of an imported collection's transfers; null for Vitrine's own (the main indexer follows them). */
    indexStatus: text('index_status', { enum: INDEX_STATUSES }),
    /** The last block whose transfers are in the database. */
    indexedBlock: integer('indexed_block'),
    /** The chain's head as last seen by the backfill. */
    headBlock: integer('head_block'),
    /** Blocks per getLogs request, adapted to what the RPC allows. */
    indexRange: integer('index_range'),
    indexError: text('index_error'),
    /** Failed runs of the backfill in a row; a failed collection is tried again after a wait that doubles. */
    indexAttempts: integer('index_attempts').notNull().default(0),
    /** When a failed collection is next tried (null: not failed, or no try left until someone asks). */
    indexRetryAt: timestamp('index_retry_at'),
    /**
     * Milliseconds its backfill turns ran past their share of a round, paid back by sitting out
     * turns: a collection whose logs are costly to read gets no more of the backfill's time than
     * any other (chain/indexer/backfill-turns.ts).
     */
    indexDebtMs: integer('index_debt_ms').notNull().default(0),
    /** When its backfill last had (or sat out) a turn: the longest waiting go first. */
    indexTurnAt: timestamp('index_turn_at'),
    importedBy: address('imported_by'),
    /** Tokens ranked by rarity (db/rarity.ts): a token's rank is "of" this many; 0 without traits. */
    rarityRanked: integer('rarity_ranked').notNull().default(0),
    /** Since when the ranks are out of date (a token's traits changed or one was minted); null: current. */
    rarityStaleAt: timestamp('rarity_stale_at'),
    /** The decision hiding it (db/market/decisions.ts): out of every list, its page says why. */
    hiddenBy: integer('hidden_by'),
    /** The decision marking it spam or a scam: out of browse, a visit is warned first. */
    spamBy: integer('spam_by'),
    /** Since when the home page features it (null: not featured). */
    featuredAt: timestamp('featured_at'),
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
      index('collections_index_status_idx').on(t.indexStatus),
      index('collections_featured_idx').on(t.featuredAt).where(sql.raw('featured_at IS NOT NULL')),
      // The indexer round's check for collections whose ranks are due.
      index('collections_rarity_stale_idx')
        .on(t.chainId, t.rarityStaleAt)
        .where(sql.raw('rarity_stale_at IS NOT NULL')),
      // Tabs (trending, top, recent) and rankings (volume per period), unscoped and per category / chain.
      ...rankedIndexes('all', (c) => [c]),
      ...rankedIndexes('category', (c) => [t.category, c]),
      ...rankedIndexes('chain', (c) => [t.chainId, c]),
    ]
  },
)
