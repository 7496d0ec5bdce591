import { z } from 'zod'
import type { RouterInputs } from '../../server/trpc/root'

type ListInput = RouterInputs['nft']['list']
type Sort = NonNullable<ListInput['sort']>
type Filter = NonNullable<ListInput['filter']>
type Status = NonNullable<ListInput['status']>
type Category = NonNullable<ListInput['category']>

/** SPEC.md §4's sort texts (its 'Recently Added'/'Auction Ending Soon' now mean what they say). */
export const SORT_OPTIONS: { value: Sort; label: string }[] = [
  { value: 'recently-added', label: 'Recently Added' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'ending-soon', label: 'Auction Ending Soon' },
]
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
export const CATEGORY_OPTIONS: { value: Category; label: string }[] = [
  { value: 'art', label: 'Art' },
  { value: 'photography', label: 'Photography' },
  { value: 'sports', label: 'Sports' },
  { value: 'collectibles', label: 'Collectibles' },
  { value: 'trading-cards', label: 'Trading Cards' },
  { value: 'domain-names', label: 'Domain Names' },
  { value: 'utility', label: 'Utility' },
  { value: 'virtual-worlds', label: 'Virtual Worlds' },
]

const oneOf = <T extends string>(options: { value: T }[]) =>
  z
    .string()
    .refine((v): v is T => options.some((o) => o.value === v))
    .optional()
    .catch(undefined) as unknown as z.ZodType<T | undefined>

const amount = z.coerce.number().nonnegative().finite().optional().catch(undefined)

/** The explore page's URL state; anything unknown in the URL is dropped rather than failing. */
export const browseSearchSchema = z.object({
  sort: oneOf(SORT_OPTIONS),
  filter: oneOf(FILTER_OPTIONS),
  status: oneOf(STATUS_OPTIONS),
  category: oneOf(CATEGORY_OPTIONS),
  minPrice: amount,
  maxPrice: amount,
})
export interface BrowseSearch {
  sort?: Sort
  filter?: Filter
  status?: Status
  category?: Category
  minPrice?: number
  maxPrice?: number
}

/** URL state → list input (a fixed category or collection from the route wins). */
export function toListInput(search: BrowseSearch, fixed: Partial<ListInput> = {}): ListInput {
  const { minPrice, maxPrice } = search
  const range = minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice ? {} : { minPrice, maxPrice }
  return { ...search, ...range, ...fixed, limit: 24 }
}

/** For `validateSearch`: every key optional in links, bad values dropped. */
export function parseBrowseSearch(raw: Record<string, unknown>): BrowseSearch {
  const parsed = browseSearchSchema.parse(raw)
  // Only the keys that carry a value, so links and the URL stay clean.
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined)) as BrowseSearch
}
