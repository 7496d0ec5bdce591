import type { QueryClient } from '@tanstack/react-query'
import type { BrowseSearch } from '../../lib/browse'
import type { RouterContext } from '../../lib/router-context'

/*
 * What the home page's data sections ask for, apart from the sections themselves: route loaders
 * are in the bundle every page loads, so the loaders of / and /home/… import this, not the page.
 */

export const trendingInput = (sort: BrowseSearch['sort'] = 'recently-added', filter?: BrowseSearch['filter']) => ({
  sort,
  filter,
  limit: 8,
})

export type CollectionsTab = 'trending' | 'top' | 'recent'
export const topCollectionsInput = (tab: CollectionsTab = 'trending') => ({ tab, limit: 9 })

export const hotBidsInput = { sort: 'ending-soon' as const, limit: 4 }

/** The Featured section: the collections this marketplace features, newest first. */
export const featuredInput = { featured: true, limit: 6 }

/** Server-side prefetch of the data sections, so the first HTML already shows them. */
export function prefetchHome({ queryClient, trpc }: { queryClient: QueryClient; trpc: RouterContext['trpc'] }) {
  return Promise.all([
    queryClient.ensureQueryData(trpc.collection.list.queryOptions(featuredInput)),
    queryClient.ensureQueryData(trpc.nft.list.queryOptions(trendingInput())),
    queryClient.ensureQueryData(trpc.collection.list.queryOptions(topCollectionsInput())),
    queryClient.ensureQueryData(trpc.nft.list.queryOptions(hotBidsInput)),
  ])
}
