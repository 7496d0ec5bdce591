import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { FILTER_OPTIONS, SORT_OPTIONS, type BrowseSearch } from '../../lib/browse'
import { useTRPC } from '../../lib/trpc-react'
import { NftCard } from '../nft/NftCard'
import { EmptyState, ErrorState, GridSkeleton } from '../ui/states'
import { Section } from './Section'

export const trendingInput = (sort: BrowseSearch['sort'] = 'recently-added', filter?: BrowseSearch['filter']) => ({
  sort,
  filter,
  limit: 8,
})

/** Trending items with the spec's sort and filter controls (SPEC.md §4). */
export function TrendingItems() {
  const trpc = useTRPC()
  const [sort, setSort] = useState<BrowseSearch['sort']>('recently-added')
  const [filter, setFilter] = useState<BrowseSearch['filter']>()
  const query = useQuery(trpc.nft.list.queryOptions(trendingInput(sort, filter)))
  const select = 'h-10 rounded-xl border border-jacarta-100 bg-white px-3 text-sm dark:border-jacarta-600 dark:bg-jacarta-800'
  return (
    <Section
      title="Trending items"
      id="trending"
      action={
        <div className="flex flex-wrap gap-2">
          <label>
            <span className="sr-only">Sort trending items</span>
            <select className={select} value={sort} onChange={(e) => setSort(e.target.value as BrowseSearch['sort'])}>
              {SORT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="sr-only">Filter trending items</span>
            <select className={select} value={filter ?? ''} onChange={(e) => setFilter((e.target.value || undefined) as BrowseSearch['filter'])}>
              <option value="">All items</option>
              {FILTER_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      }
    >
      {query.isPending ? (
        <GridSkeleton count={4} />
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <EmptyState title="Nothing here yet" />
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {query.data.data.map((nft) => (
            <li key={nft.id}>
              <NftCard nft={nft} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-8 text-center">
        <Link to="/collection/explore_collection" search={{ sort, filter }} className="font-semibold text-accent hover:underline">
          See all items
        </Link>
      </div>
    </Section>
  )
}
