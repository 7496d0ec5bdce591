import { Link } from '@tanstack/react-router'
import type { RouterOutputs } from '../../server/trpc/root'
import { formatEth, relativeTime } from '../lib/format'
import { imageAt } from '../lib/images'
import { AddressLink } from './AddressLink'
import { DataTable, rowClass } from './ui/DataTable'
import { EmptyState, ErrorState } from './ui/states'

type Page = RouterOutputs['activity']['list']

const LABELS: Record<string, string> = {
  mint: 'Minted',
  list: 'Listed',
  sale: 'Sale',
  transfer: 'Transfer',
  offer: 'Offer',
  cancel: 'Cancelled',
  like: 'Liked',
}

export function ActivityTable({
  query,
  emptyTitle = 'No activity yet',
}: {
  query: { data?: Page | undefined; isPending: boolean; error: { message: string } | null }
  emptyTitle?: string
}) {
  if (query.error) return <ErrorState message={query.error.message} />
  if (query.isPending) return <p className="text-sm text-jacarta-500 dark:text-jacarta-200">Loading activity…</p>
  const events = query.data?.data ?? []
  if (events.length === 0) return <EmptyState title={emptyTitle} />
  return (
    <DataTable columns={['Event', 'Item', 'Price', 'From', 'To', 'When']}>
      {events.map((e) => (
        <tr key={e.id} className={rowClass}>
          <td className="px-4 py-3 font-semibold">{LABELS[e.type] ?? e.type}</td>
          <td className="px-4 py-3">
            <Link
              to="/item/$id"
              params={{ id: String(e.nft.id) }}
              className="flex items-center gap-2 hover:text-accent"
            >
              <img
                src={imageAt(e.nft.image, 64)}
                alt=""
                width={32}
                height={32}
                loading="lazy"
                className="h-8 w-8 rounded"
              />
              <span className="truncate">{e.nft.name}</span>
            </Link>
          </td>
          <td className="px-4 py-3">{e.price ? `${formatEth(e.price.eth)} ${e.price.currency}` : '—'}</td>
          <td className="px-4 py-3 font-mono text-xs">{e.from ? <AddressLink address={e.from} /> : '—'}</td>
          <td className="px-4 py-3 font-mono text-xs">{e.to ? <AddressLink address={e.to} /> : '—'}</td>
          <td className="px-4 py-3 whitespace-nowrap text-jacarta-500 dark:text-jacarta-200">
            <time dateTime={e.createdAt} suppressHydrationWarning>
              {relativeTime(e.createdAt)}
            </time>
          </td>
        </tr>
      ))}
    </DataTable>
  )
}

/** An activity table read page by page: the pages loaded so far, then "Load more" while there are more. */
export function PagedActivityTable({
  query,
  emptyTitle,
}: {
  query: {
    data?: { pages: Page[] } | undefined
    isPending: boolean
    error: { message: string } | null
    hasNextPage: boolean
    isFetchingNextPage: boolean
    fetchNextPage: () => unknown
  }
  emptyTitle?: string
}) {
  const pages = query.data?.pages
  const flat = pages && { data: pages.flatMap((p) => p.data), nextCursor: pages.at(-1)?.nextCursor ?? null }
  return (
    <>
      <ActivityTable query={{ data: flat, isPending: query.isPending, error: query.error }} emptyTitle={emptyTitle} />
      {query.hasNextPage && !query.error && (
        <div className="mt-6 text-center">
          <button
            type="button"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            className="rounded-full border border-jacarta-100 px-6 py-3 font-semibold hover:border-accent hover:bg-accent hover:text-white disabled:opacity-60 dark:border-jacarta-600"
          >
            {query.isFetchingNextPage ? 'Loading…' : 'Load more activity'}
          </button>
        </div>
      )}
    </>
  )
}
