import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
  type SQLiteColumn,
} from 'drizzle-orm/sqlite-core'
import { address, flag, timestamp, wei } from './columns'
import { CATEGORIES, collections } from './collections'

/** Sort key of unlisted items: after every listed price, whichever direction is asked. */
export const UNLISTED_SORT_KEY = 1e30
/** `rarity_rank` of a token without a rank: after every ranked token in "Rarest first". */
export const UNRANKED = 2_147_483_647
export const METADATA_STATUSES = ['ok', 'pending', 'failed'] as const
export type MetadataStatus = (typeof METADATA_STATUSES)[number]

/**
 * One token. `price_wei` is the best live listing (exact); `price_asc_key`/`price_desc_key`
 * are derived reals (price in ETH, negated for descending, UNLISTED_SORT_KEY when unlisted) so
 * each sort is one ascending index walk. `category` and `chain_id` copy the collection's so
 * filters and sorts share an index.
 */
export const nfts = sqliteTable(
  'nfts',
  {
    id: integer('id').primaryKey(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id),
    chainId: integer('chain_id').notNull(),
    contract: address('contract').notNull(),
    tokenId: text('token_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image').notNull(),
    animationUrl: text('animation_url'),
    /** The creator's link for the item (ERC-721 metadata `external_url`). */
    externalUrl: text('external_url'),
    owner: address('owner').notNull(),
    creator: address('creator').notNull(),
    category: text('category', { enum: CATEGORIES }).notNull(),
    priceWei: wei('price_wei'),
    currency: text('currency'),
    priceAscKey: real('price_asc_key').notNull().default(UNLISTED_SORT_KEY),
    priceDescKey: real('price_desc_key').notNull().default(UNLISTED_SORT_KEY),
    addDate: timestamp('add_date').notNull(),
    auctionEndsAt: timestamp('auction_ends_at'),
    verified: flag('verified'),
    nsfw: flag('nsfw'),
    lazyMinted: flag('lazy_minted'),
    likeCount: integer('like_count').notNull().default(0),
    offerCount: integer('offer_count').notNull().default(0),
    bestOfferWei: wei('best_offer_wei'),
    /**
     * A copy of the token's nft_attributes rows, ordered by trait type, written with them:
     * list pages read a row's traits without a second query or a subquery per row.
     */
    attributes: text('attributes', { mode: 'json' }).$type<Trait[]>().notNull().default([]),
    /** The token's own URI (`tokenURI` / `uri` with `{id}` substituted), as the contract answers it. */
    tokenUri: text('token_uri'),
    /** OpenRarity rank within the collection (1: rarest; equal scores share one), UNRANKED without one. */
    rarityRank: integer('rarity_rank').notNull().default(UNRANKED),
    /** OpenRarity score: the token's information content over the collection's entropy. */
    rarityScore: real('rarity_score'),
    /** `ok`: metadata read; `pending`: not yet (or retrying); `failed`: gave up until a refresh. */
    metadataStatus: text('metadata_status', { enum: METADATA_STATUSES }).notNull().default('ok'),
    metadataError: text('metadata_error'),
    metadataAttempts: integer('metadata_attempts').notNull().default(0),
    metadataNextAttemptAt: timestamp('metadata_next_attempt_at'),
    /** The decision hiding this item itself (db/market/decisions.ts). */
    hiddenBy: integer('hidden_by'),
    /** The decision flagging it stolen: it cannot be traded through this marketplace until cleared. */
    flaggedBy: integer('flagged_by'),
    /**
     * Left out of every list: hidden itself, or its collection hidden or marked spam. Kept by the
     * decisions that change any of those, so lists test one column of the row they already read.
     */
    hidden: flag('hidden'),
  },
  (t) => {
    const sortKeys = {
      price_asc: t.priceAscKey,
      price_desc: t.priceDescKey,
      recent: t.addDate,
      auction: t.auctionEndsAt,
    }
    type Sort = keyof typeof sortKeys
    const allSorts = Object.keys(sortKeys) as Sort[]
    /** `<prefix>_<sort>_idx` on `(scope?, sort key, id)`, over the rows where `where` holds. */
    const sortIndexes = (
      prefix: string,
      sorts: Sort[],
      { scope, where }: { scope?: SQLiteColumn; where?: string } = {},
    ) =>
      sorts.map((sort) => {
        const key = sortKeys[sort]
        const name = `${prefix}_${sort}_idx`
        const created = scope ? index(name).on(scope, key, t.id) : index(name).on(key, t.id)
        return where === undefined ? created : created.where(sql.raw(where))
      })
    return [
      uniqueIndex('nfts_token_idx').on(t.chainId, t.contract, t.tokenId),
      // The metadata queue: tokens still to read, soonest first.
      index('nfts_metadata_queue_idx').on(t.metadataNextAttemptAt).where(sql.raw("metadata_status = 'pending'")),
      // Each sort, unscoped and within each scope a page can be narrowed to.
      ...sortIndexes('nfts', allSorts),
      ...sortIndexes('nfts_collection', allSorts, { scope: t.collectionId }),
      ...sortIndexes('nfts_category', allSorts, { scope: t.category }),
      ...sortIndexes('nfts_chain', allSorts, { scope: t.chainId }),
      ...sortIndexes('nfts_owner', allSorts, { scope: t.owner }),
      ...sortIndexes('nfts_creator', ['recent'], { scope: t.creator }),
      // "Rarest first", within a collection (ranks mean nothing across collections).
      index('nfts_collection_rarest_idx').on(t.collectionId, t.rarityRank, t.id),
      // Each sort over the rare flags' rows only (NSFW ~3 %, lazy minted ~8 % of items): a walk
      // of the full sort index would read 10–30 rows per row shown. The page query writes the
      // flag as the literal `= 1` these WHERE clauses need.
      ...(['nsfw', 'lazy_minted'] as const).flatMap((flag) =>
        sortIndexes(`nfts_${flag}`, allSorts, { where: `${flag} = 1` }),
      ),
      // Each sort over items with an offer (~17 %), for the 'Has offers' status: the walk of the
      // full sort index read ~6 rows per row shown. The page query writes the literal `> 0`
      // (`+offer_count > 0` when NSFW or lazy-minted is also asked for: that rarer flag's leads).
      ...sortIndexes('nfts_has_offers', allSorts, { where: 'offer_count > 0' }),
      // The other sorts over items with an auction (~5 %), for the 'On auction' status; the
      // ending-soon sort walks nfts_auction_idx itself.
      ...sortIndexes('nfts_on_auction', ['price_asc', 'price_desc', 'recent'], {
        where: 'auction_ends_at IS NOT NULL',
      }),
    ]
  },
)

/** The metadata `display_type`s of numeric traits: filtered by range, left out of rarity. */
export const NUMERIC_DISPLAY_TYPES = ['number', 'boost_number', 'boost_percentage', 'date'] as const
export type NumericDisplayType = (typeof NUMERIC_DISPLAY_TYPES)[number]

/**
 * One ERC-721 metadata attribute, as the metadata JSON spells it. A numeric trait carries its
 * `display_type` and its value is a number in decimal (a date: Unix seconds).
 */
export interface Trait {
  trait_type: string
  value: string
  display_type?: NumericDisplayType
}

/** A trait's number, for numeric traits only (null for the others). */
export const traitNumber = (trait: Trait): number | null => (trait.display_type ? Number(trait.value) : null)

/** Traits in the order lists and metadata show them. */
export const sortTraits = (traits: Trait[]): Trait[] =>
  traits.toSorted((a, b) => (a.trait_type < b.trait_type ? -1 : a.trait_type > b.trait_type ? 1 : 0))

/**
 * ERC-721 metadata attributes: `{ trait_type, value }`, one row each (nfts.attributes copies them),
 * with the token's collection (a collection's traits and filters read one index range) and, for
 * a numeric trait, its number.
 */
export const nftAttributes = sqliteTable(
  'nft_attributes',
  {
    nftId: integer('nft_id')
      .notNull()
      .references(() => nfts.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id').notNull().default(0),
    traitType: text('trait_type').notNull(),
    value: text('value').notNull(),
    displayType: text('display_type', { enum: NUMERIC_DISPLAY_TYPES }),
    number: real('number'),
    /** The token's nfts.price_asc_key, kept with it: a value's floor is the first row of its range. */
    priceKey: real('price_key').notNull().default(UNLISTED_SORT_KEY),
  },
  (t) => [
    primaryKey({ columns: [t.nftId, t.traitType] }),
    // The tokens carrying a value (a filter), cheapest first (the value's floor).
    index('nft_attributes_value_idx').on(t.collectionId, t.traitType, t.value, t.priceKey, t.nftId),
    // The tokens whose numeric trait is in a range.
    index('nft_attributes_number_idx')
      .on(t.collectionId, t.traitType, t.number, t.nftId)
      .where(sql.raw('number IS NOT NULL')),
  ],
)

/**
 * How many of a collection's tokens carry each trait value, kept by the writes of nft_attributes
 * (db/market/traits.ts): the trait panel reads a few hundred rows, not every token's traits.
 */
export const collectionTraits = sqliteTable(
  'collection_traits',
  {
    collectionId: integer('collection_id').notNull(),
    traitType: text('trait_type').notNull(),
    value: text('value').notNull(),
    displayType: text('display_type', { enum: NUMERIC_DISPLAY_TYPES }),
    tokenCount: integer('token_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.traitType, t.value] })],
)

export const favorites = sqliteTable(
  'favorites',
  {
    userAddress: address('user_address').notNull(),
    nftId: integer('nft_id')
      .notNull()
      .references(() => nfts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userAddress, t.nftId] }),
    index('favorites_user_idx').on(t.userAddress, t.createdAt, t.nftId),
    index('favorites_nft_idx').on(t.nftId),
  ],
)

export const priceSortKeys = (eth: number | null): { priceAscKey: number; priceDescKey: number } =>
  eth === null
    ? { priceAscKey: UNLISTED_SORT_KEY, priceDescKey: UNLISTED_SORT_KEY }
    : { priceAscKey: eth, priceDescKey: -eth }

export type NftRow = typeof nfts.$inferSelect

/**
 * ERC-1155 balances: how many of a token each holder has (decimal text, a uint256). ERC-721
 * tokens keep their single owner in `nfts.owner`; an ERC-1155 token's `owner` is its largest holder.
 */
export const tokenBalances = sqliteTable(
  'token_balances',
  {
    nftId: integer('nft_id')
      .notNull()
      .references(() => nfts.id, { onDelete: 'cascade' }),
    owner: address('owner').notNull(),
    quantity: text('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.nftId, t.owner] }), index('token_balances_owner_idx').on(t.owner, t.nftId)],
)
