import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { relativeTime } from '../../lib/format'
import { useTRPC } from '../../lib/trpc-react'
import { useWallet } from '../../wallet/WalletProvider'

const PAGE = 10

/** The bell's list: newest first, each a link to what it is about; one or all marked read. */
export default function NotificationPanel({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC()
  const wallet = useWallet()
  const queryClient = useQueryClient()
  const list = useInfiniteQuery(
    trpc.notifications.list.infiniteQueryOptions(
      { limit: PAGE },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  )
  const markRead = useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() }),
    }),
  )
  const items = list.data?.pages.flatMap((page) => page.data) ?? []
  const unread = list.data?.pages[0]?.unread ?? 0

  return (
    <div
      id="notification-panel"
      role="region"
      aria-label="Notifications"
      className="fixed inset-x-4 top-20 z-40 rounded-2xl sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96 border border-jacarta-100 bg-white p-2 shadow-xl dark:border-jacarta-600 dark:bg-jacarta-800"
    >
      <div className="flex items-center justify-between px-3 py-2">
        <h2 className="font-display text-base font-semibold">Notifications</h2>
        <button
          type="button"
          className="text-sm font-semibold text-accent disabled:opacity-50"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          Mark all read
        </button>
      </div>
      {list.isPending ? (
        <p className="px-3 py-6 text-center text-sm text-jacarta-500 dark:text-jacarta-300">Loading…</p>
      ) : list.isError ? (
        <p role="alert" className="px-3 py-6 text-center text-sm text-red">
          {list.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className="px-3 py-6 text-center text-sm text-jacarta-500 dark:text-jacarta-300">
          Nothing yet. Offers on what you hold, your sales and your bids will show here.
        </p>
      ) : (
        <ul className="max-h-[60vh] overflow-y-auto" data-testid="notification-list">
          {items.map((item) => (
            <li
              key={item.id}
              className="flex items-start gap-2 rounded-xl px-3 py-2 hover:bg-jacarta-50 dark:hover:bg-jacarta-700"
            >
              <span
                className={`mt-2 h-2 w-2 shrink-0 rounded-full ${item.read ? 'bg-transparent' : 'bg-accent'}`}
                aria-hidden="true"
              />
              <Link
                to={item.path}
                className="min-w-0 flex-1"
                onClick={() => {
                  if (!item.read) markRead.mutate({ ids: [item.id] })
                  onClose()
                }}
              >
                <span className={`block text-sm ${item.read ? '' : 'font-semibold'}`}>{item.title}</span>
                <span className="block text-sm text-jacarta-500 dark:text-jacarta-300">{item.body}</span>
                <time className="block text-xs text-jacarta-400" dateTime={item.createdAt}>
                  {relativeTime(item.createdAt)}
                  {item.read ? '' : <span className="sr-only"> (unread)</span>}
                </time>
              </Link>
              {!item.read && (
                <button
                  type="button"
                  className="shrink-0 rounded-full px-2 py-1 text-xs font-semibold text-accent hover:bg-accent/10"
                  aria-label={`Mark "${item.title}" read`}
                  onClick={() => markRead.mutate({ ids: [item.id] })}
                >
                  Read
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
        {list.hasNextPage ? (
          <button
            type="button"
            className="font-semibold text-accent disabled:opacity-50"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Show older
          </button>
        ) : (
          <span />
        )}
        {wallet.session.address && (
          <Link
            to="/profile/$address"
            params={{ address: wallet.session.address }}
            hash="notifications"
            className="font-semibold text-accent"
            onClick={onClose}
          >
            Settings
          </Link>
        )}
      </div>
    </div>
  )
}
