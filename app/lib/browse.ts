import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { AppRouter, RouterInputs } from '../../server/trpc/root'
import { CATEGORIES, CATEGORY_LABELS } from '../../db/schema/categories'
import { compact, nonNegative, oneOf } from './search-params'
import { TRAIT_VALUES_MAX } from '../../server/inputs/trait-syntax'

type ListInput = RouterInputs['nft']['list']
type Sort = NonNullable<ListInput['sort']>
type Filter = NonNullable<ListInput['filter']>
type Status = NonNullable<ListInput['status']>
type Category = NonNullable<ListInput['category']>

/** The sort texts: 'Recently Added' is newest first, 'Auction Ending Soon' lists live auctions by end. */
export const SORT_OPTIONS: { value: Sort; label: string }[] = [
  { value: 'recently-added', label: 'Recently Added' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'ending-soon', label: 'Auction Ending Soon' },
]
/** On a collection's page: its tokens by rarity rank. */
export const RAREST_OPTION: { value: Sort; label: string } = { value: 'rarest', label: 'Rarest first' }
export const FILTER_OPTIONS: { value: Filter; label: string }[] = [
  { value: 'verified', label: 'Verified Only' },
  { value: 'nsfw', label: 'NSFW Only' },
  { value: 'lazy-minted', label: 'Show Lazy Minted' },
]
export const STATUS_OPTIONS: { value: Status; label: string }[] = [
  { value: 'buy-now', label: 'Buy now' },
  { value: 'on-auction', label: 'On auction' },
  { value: 'has-offers', label: 'Has offers' },
]
export const CATEGORY_OPTIONS: { value: Category; label: string }[] = CATEGORIES.map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}))

export interface BrowseSearch {
  sort?: Sort
  filter?: Filter
  status?: Status
  category?: Category
  minPrice?: number
  maxPrice?: number
  /** A collection's trait values (`Type:Value`) and numeric ranges (`Type:min..max`). */
  trait?: string[]
  traitRange?: string[]
}

/** URL state → list input (a fixed category or collection from the route wins). */
export function toListInput(search: BrowseSearch, fixed: Partial<ListInput> = {}): ListInput {
  const { minPrice, maxPrice } = search
  // An empty range (min above max) is no filter, as the form shows it.
  const empty = minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice
  const range = empty ? { minPrice: undefined, maxPrice: undefined } : { minPrice, maxPrice }
  return { ...search, ...range, ...fixed, limit: 24 }
}

/** For `validateSearch`: every key optional in links, bad values dropped. */
export function parseBrowseSearch(raw: Record<string, unknown>): BrowseSearch {
  const values = (options: { value: string }[]) => options.map((o) => o.value)
  return compact({
    sort: oneOf(raw.sort, values(SORT_OPTIONS)) as Sort | undefined,
    filter: oneOf(raw.filter, values(FILTER_OPTIONS)) as Filter | undefined,
    status: oneOf(raw.status, values(STATUS_OPTIONS)) as Status | undefined,
    category: oneOf(raw.category, values(CATEGORY_OPTIONS)) as Category | undefined,
    minPrice: nonNegative(raw.minPrice),
    maxPrice: nonNegative(raw.maxPrice),
  })
}

/** Trait filters from a URL: strings, at most as many as the API takes (the API names a bad one). */
const traitList = (value: unknown): string[] | undefined => {
  const list = (Array.isArray(value) ? value : [value]).filter(
    (v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 300,
  )
  return list.length > 0 && list.length <= TRAIT_VALUES_MAX ? list : undefined
}

/** A collection page's search: the explore page's, with its traits and "Rarest first". */
export function parseCollectionSearch(raw: Record<string, unknown>): BrowseSearch {
  return compact({
    ...parseBrowseSearch(raw),
    ...(raw.sort === RAREST_OPTION.value ? { sort: RAREST_OPTION.value } : {}),
    trait: traitList(raw.trait),
    traitRange: traitList(raw.traitRange),
  })
}

/**
 * A browse page's `onSearchChange`: merges the patch into the page's search in place (a filter
 * replaces the history entry and keeps the scroll; it is not a new page).
 */
export function searchPatcher(
  navigate: (options: {
    search: (prev: BrowseSearch) => BrowseSearch
    replace: true
    resetScroll: false
  }) => Promise<void>,
) {
  return (patch: Partial<BrowseSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true, resetScroll: false })
}

/** Infinite-scroll query options shared by route loaders (prefetch) and the grid. */
export function nftBrowseQuery(
  trpc: TRPCOptionsProxy<AppRouter>,
  search: BrowseSearch,
  fixed: Partial<ListInput> = {},
) {
  return trpc.nft.list.infiniteQueryOptions(toListInput(search, fixed), {
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}
