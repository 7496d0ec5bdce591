import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useRef, useState } from 'react'
import { useDismiss } from '../../lib/use-dismiss'
import { useTRPC } from '../../lib/trpc-react'
import { useWallet } from '../../wallet/WalletProvider'
import { Icon } from '../icons'

// The list loads when the bell is first opened.
const NotificationPanel = lazy(() => import('./NotificationPanel'))

/** How often an open page asks again how many are unread (and when the tab comes back). */
const UNREAD_REFETCH_MS = 30_000

/** The bell: shown to a signed-in wallet, with how many notifications it has not read. */
export function NotificationBell() {
  const wallet = useWallet()
  const trpc = useTRPC()
  const signedIn = wallet.session.status === 'authenticated'
  const unread = useQuery(
    trpc.notifications.unreadCount.queryOptions(undefined, {
      enabled: signedIn,
      refetchInterval: UNREAD_REFETCH_MS,
      refetchOnWindowFocus: true,
    }),
  )
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const close = useCallback(() => setOpen(false), [])
  const opener = useCallback(() => root.current?.querySelector<HTMLButtonElement>('[data-testid="bell"]'), [])
  useDismiss(open, root, close, opener)
  if (!signedIn) return null
  const count = unread.data ?? 0
  const label = count ? `Notifications: ${count} unread` : 'Notifications'

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        className="relative grid h-10 w-10 place-items-center rounded-full border border-jacarta-100 hover:border-accent dark:border-transparent dark:bg-white/15"
        aria-expanded={open}
        aria-controls="notification-panel"
        aria-label={label}
        onClick={() => setOpen((v) => !v)}
        data-testid="bell"
      >
        <Icon name="bell" className="h-4 w-4" />
        {count > 0 && (
          <span
            className="absolute -top-1 -right-1 grid h-5 min-w-5 place-items-center rounded-full bg-red px-1 text-xs font-bold text-white"
            aria-hidden="true"
            data-testid="bell-count"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel onClose={close} />
        </Suspense>
      )}
    </div>
  )
}
