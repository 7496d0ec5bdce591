import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { AppRouter, RouterInputs } from '../../server/trpc/root'
import { compact, oneOf } from './search-params'

export type ActivityKind = NonNullable<RouterInputs['activity']['list']['type']>

/**
 * The kinds an item's or a collection's history is filtered by. Likes are left out there: the
 * live market records a like as a favorite (the item shows its count), not as an event, so only
 * the seeded history has them; the market-wide feed offers every kind.
 */
export const ITEM_ACTIVITY_KINDS = [
  'sale',
  'list',
  'offer',
  'transfer',
  'mint',
  'cancel',
] as const satisfies readonly ActivityKind[]
export type ItemActivityKind = (typeof ITEM_ACTIVITY_KINDS)[number]
/** Every kind the feed records, in the order the site-wide feed offers them. */
export const ALL_ACTIVITY_KINDS = [...ITEM_ACTIVITY_KINDS, 'like'] as const satisfies readonly ActivityKind[]

/** The item and collection pages' own search param: `?activity=sale`. */
export interface ActivitySearch {
  activity?: ItemActivityKind
}

/** For `validateSearch`: a kind the page offers, or nothing (a bad value is dropped). */
export const parseActivitySearch = (raw: Record<string, unknown>): ActivitySearch =>
  compact({ activity: oneOf(raw.activity, ITEM_ACTIVITY_KINDS) })

/** Rows per page of an item's or a collection's history ("Load more" reads the next). */
export const ACTIVITY_PAGE_SIZE = 20

type Scope = { nft: number; collection?: undefined } | { collection: string; nft?: undefined }

/** Paged query options shared by route loaders (prefetch) and the pages' activity tables. */
export function activityQuery(trpc: TRPCOptionsProxy<AppRouter>, scope: Scope, type: ActivityKind | undefined) {
  return trpc.activity.list.infiniteQueryOptions(compact({ ...scope, type, limit: ACTIVITY_PAGE_SIZE }), {
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}
