import { Link } from '@tanstack/react-router'
import type { RouterOutputs } from '../../server/trpc/root'
import { formatEth, relativeTime, shortenAddress } from '../lib/format'
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
}: {
  query: { data?: Page | undefined; isPending: boolean; error: { message: string } | null }
}) {
  if (query.error) return <ErrorState message={query.error.message} />
  if (query.isPending) return <p className="text-sm text-jacarta-500 dark:text-jacarta-200">Loading activity…</p>
  const events = query.data?.data ?? []
  if (events.length === 0) return <EmptyState title="No activity yet" />
  return (
    <div className="overflow-x-auto rounded-2xl border border-jacarta-100 dark:border-jacarta-700">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="bg-jacarta-50 text-xs text-jacarta-500 uppercase dark:bg-jacarta-800 dark:text-jacarta-200">
          <tr>
            <th scope="col" className="px-4 py-3">
              Event
            </th>
            <th scope="col" className="px-4 py-3">
              Item
            </th>
            <th scope="col" className="px-4 py-3">
              Price
            </th>
            <th scope="col" className="px-4 py-3">
              From
            </th>
            <th scope="col" className="px-4 py-3">
              To
            </th>
            <th scope="col" className="px-4 py-3">
              When
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr key={e.id} className="border-t border-jacarta-100 dark:border-jacarta-700">
              <td className="px-4 py-3 font-semibold">{LABELS[e.type] ?? e.type}</td>
              <td className="px-4 py-3">
                <Link
                  to="/item/$id"
                  params={{ id: String(e.nft.id) }}
                  className="flex items-center gap-2 hover:text-accent"
                >
                  <img src={e.nft.image} alt="" width={32} height={32} loading="lazy" className="h-8 w-8 rounded" />
                  <span className="truncate">{e.nft.name}</span>
                </Link>
              </td>
              <td className="px-4 py-3">{e.price ? `${formatEth(e.price.eth)} ${e.price.currency}` : '—'}</td>
              <td className="px-4 py-3 font-mono text-xs">
                {e.from ? (
                  <Link to="/user/$address" params={{ address: e.from }} className="hover:text-accent">
                    {shortenAddress(e.from)}
                  </Link>
                ) : (
                  '—'
                )}
              </td>
              <td className="px-4 py-3 font-mono text-xs">
                {e.to ? (
                  <Link to="/user/$address" params={{ address: e.to }} className="hover:text-accent">
                    {shortenAddress(e.to)}
                  </Link>
                ) : (
                  '—'
                )}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-jacarta-500 dark:text-jacarta-200">
                <time dateTime={e.createdAt} suppressHydrationWarning>
                  {relativeTime(e.createdAt)}
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
