/**
 * The names the edge cache files answers under and purges by (ADR 25): a page carries the tags of
 * what it shows, and a change purges the tags of what it changed. Shared by the writes that name
 * them (./page-changes.ts) and the reads that carry them (server/http/cache-tags.ts), so the two
 * cannot drift apart. Cloudflare matches tags case-insensitively: they are lowercase here.
 */

/** Every list that spans the market (home, explore, rankings, search, the activity feed, sitemaps). */
export const LISTS_TAG = 'lists'
/** Every cached answer: purged only when the chain itself is rewound. */
export const SITE_TAG = 'site'

/** Each kind's prefix: the writes' SQL builds tags from rows with the same ones (./page-changes.ts). */
export const TAG_PREFIX = { nft: 'nft-', collection: 'collection-', user: 'user-' } as const

/**
 * The pages that show a collection's best collection and trait offers: its items' pages carry it,
 * so a new or filled collection offer retires them without retiring them for every sale.
 */
export const offersOfTag = (collectionId: number) => `offers-of-${collectionId}`

export const nftTag = (id: number | string) => `${TAG_PREFIX.nft}${Number(id)}`
export const userTag = (address: string) => `${TAG_PREFIX.user}${address.toLowerCase()}`

/** A collection as its URL names it: a numeric id, or a slug (any case); a change purges both. */
export const collectionTag = (idOrSlug: number | string) =>
  typeof idOrSlug === 'number' || /^\d+$/.test(idOrSlug)
    ? `${TAG_PREFIX.collection}${Number(idOrSlug)}`
    : `${TAG_PREFIX.collection}${idOrSlug.toLowerCase()}`
