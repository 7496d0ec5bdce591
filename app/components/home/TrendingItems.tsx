import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { FILTER_OPTIONS, SORT_OPTIONS, type BrowseSearch } from '../../lib/browse'
import { useTRPC } from '../../lib/trpc-react'
import { NftGrid } from '../nft/NftGrid'
import { Select } from '../ui/Select'
import { EmptyState, ErrorState, GridSkeleton } from '../ui/states'
import { trendingInput } from './prefetch'
import { Section } from './Section'

/** Trending items with the explore page's sort and filter controls. */
export function TrendingItems() {
  const trpc = useTRPC()
  const [sort, setSort] = useState<BrowseSearch['sort']>('recently-added')
  const [filter, setFilter] = useState<BrowseSearch['filter']>()
  const query = useQuery(trpc.nft.list.queryOptions(trendingInput(sort, filter)))
  return (
    <Section
      title="Trending items"
      id="trending"
      action={
        <div className="flex flex-wrap gap-2">
          <Select label="Sort trending items" hideLabel value={sort} options={SORT_OPTIONS} onChange={setSort} />
          <Select
            label="Filter trending items"
            hideLabel
            anyLabel="All items"
            value={filter}
            options={FILTER_OPTIONS}
            onChange={setFilter}
          />
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
        <NftGrid items={query.data.data} />
      )}
      <div className="mt-8 text-center">
        <Link
          to="/collection/explore_collection"
          search={{ sort, filter }}
          className="font-semibold text-accent hover:underline"
        >
          See all items
        </Link>
      </div>
    </Section>
  )
}
