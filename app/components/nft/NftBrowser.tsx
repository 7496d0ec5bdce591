import { useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { RouterInputs } from '../../../server/trpc/root'
import {
  type BrowseSearch,
  CATEGORY_OPTIONS,
  FILTER_OPTIONS,
  nftBrowseQuery,
  SORT_OPTIONS,
  STATUS_OPTIONS,
} from '../../lib/browse'
import { useTRPC } from '../../lib/trpc-react'
import { EmptyState, ErrorState, GridSkeleton } from '../ui/states'
import { Select } from '../ui/Select'
import { NftGrid } from './NftGrid'

type Fixed = Partial<RouterInputs['nft']['list']>

/**
 * The explore grid: sort, filters, category chips and price range, all kept in the URL,
 * then items page by page as the visitor scrolls (or presses "Load more").
 */
export function NftBrowser({
  search,
  onSearchChange: update,
  fixed = {},
  showCategories = true,
  sortOptions = SORT_OPTIONS,
}: {
  search: BrowseSearch
  /** Writes the patch into the page's URL (each route navigates with its own typed search). */
  onSearchChange: (patch: Partial<BrowseSearch>) => void
  fixed?: Fixed
  showCategories?: boolean
  sortOptions?: typeof SORT_OPTIONS
}) {
  const trpc = useTRPC()
  const query = useInfiniteQuery(nftBrowseQuery(trpc, search, fixed))
  const sentinel = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const node = sentinel.current
    if (!node || !query.hasNextPage) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !query.isFetchingNextPage) void query.fetchNextPage()
      },
      { rootMargin: '600px' },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [query, query.hasNextPage, query.isFetchingNextPage])

  const items = query.data?.pages.flatMap((p) => p.data) ?? []
  const select =
    'h-11 rounded-xl border border-jacarta-100 bg-white px-3 text-sm dark:border-jacarta-600 dark:bg-jacarta-800'

  return (
    <div>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Sort and filter items"
      >
        <Select
          label="Sort by"
          value={search.sort ?? 'recently-added'}
          options={sortOptions}
          onChange={(sort) => update({ sort })}
          testId="sort"
        />
        <Select
          label="Show"
          anyLabel="All items"
          value={search.filter}
          options={FILTER_OPTIONS}
          onChange={(filter) => update({ filter })}
          testId="filter"
        />
        <Select
          label="Status"
          anyLabel="Any status"
          value={search.status}
          options={STATUS_OPTIONS}
          onChange={(status) => update({ status })}
        />
        <fieldset className="flex items-end gap-2">
          <legend className="mb-1 text-xs font-semibold">Price (ETH)</legend>
          <input
            aria-label="Minimum price in ETH"
            className={`${select} w-24`}
            inputMode="decimal"
            placeholder="Min"
            defaultValue={search.minPrice ?? ''}
            onBlur={(e) => update({ minPrice: e.target.value === '' ? undefined : Number(e.target.value) })}
          />
          <input
            aria-label="Maximum price in ETH"
            className={`${select} w-24`}
            inputMode="decimal"
            placeholder="Max"
            defaultValue={search.maxPrice ?? ''}
            onBlur={(e) => update({ maxPrice: e.target.value === '' ? undefined : Number(e.target.value) })}
          />
        </fieldset>
      </form>
      {search.minPrice !== undefined && search.maxPrice !== undefined && search.minPrice > search.maxPrice && (
        <p role="alert" className="mt-2 text-sm text-red">
          The minimum price is above the maximum; the price range is ignored.
        </p>
      )}

      {showCategories && !fixed.category && (
        <ul className="mt-6 flex flex-wrap gap-2" aria-label="Categories">
          {[{ value: undefined, label: 'All' }, ...CATEGORY_OPTIONS].map((c) => {
            const active = search.category === c.value
            return (
              <li key={c.label}>
                <button
                  type="button"
                  aria-pressed={active}
                  onClick={() => update({ category: c.value })}
                  className={`rounded-xl border px-4 py-2 text-sm font-semibold ${
                    active
                      ? 'border-transparent bg-accent text-white'
                      : 'border-jacarta-100 bg-white hover:border-transparent hover:bg-accent hover:text-white dark:border-jacarta-600 dark:bg-jacarta-800'
                  }`}
                >
                  {c.label}
                </button>
              </li>
            )
          })}
        </ul>
      )}

      <div className="mt-8" aria-live="polite" aria-busy={query.isFetching}>
        {query.isPending ? (
          <GridSkeleton />
        ) : query.isError ? (
          <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title="No items match" detail="Try another filter or a wider price range." />
        ) : (
          <NftGrid items={items} eager={4} testId="nft-grid" />
        )}
      </div>
      <div ref={sentinel} className="mt-8 flex justify-center">
        {query.hasNextPage && (
          <button
            type="button"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            className="rounded-full border border-jacarta-100 px-6 py-3 font-semibold hover:border-accent hover:bg-accent hover:text-white disabled:opacity-60 dark:border-jacarta-600"
          >
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        )}
      </div>
    </div>
  )
}
