import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { LISTS_TAG } from '../../../db/cache-tags'
import { useLivePage } from '../../lib/live'
import { useTRPC } from '../../lib/trpc-react'
import { useWallet } from '../../wallet/WalletProvider'
import { AppealsPanel } from './AppealsPanel'
import { AuditPanel } from './AuditPanel'
import { HistoryPanel } from './HistoryPanel'
import { ModeratorsPanel } from './ModeratorsPanel'
import { OperationsPanel } from './OperationsPanel'
import { QueuePanel } from './QueuePanel'
import { consoleAccess, needsFreshSignIn, type Role } from './rules'
import { TAB_LABELS, tabsFor, type ConsoleTab } from './tabs'

function Shell({ children }: { children: ReactNode }) {
  return <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">{children}</section>
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Shell>
      <div
        role="status"
        data-testid="console-refusal"
        className="mx-auto max-w-xl rounded-2xl border border-jacarta-100 p-8 text-center dark:border-jacarta-700"
      >
        <h1 className="font-display text-2xl font-bold">{title}</h1>
        <div className="mt-3 text-jacarta-500 dark:text-jacarta-200">{children}</div>
      </div>
    </Shell>
  )
}

/**
 * /operator: the console of this marketplace's operators and moderators. Anyone else is told it is
 * not theirs, and nothing is read for them.
 */
export function OperatorConsole({
  tab,
  tabLink,
}: {
  tab: ConsoleTab | undefined
  tabLink: (tab: ConsoleTab, label: string, current: boolean) => ReactNode
}) {
  const trpc = useTRPC()
  const { session } = useWallet()
  const me = useQuery({ ...trpc.moderation.me.queryOptions(), enabled: session.status === 'authenticated' })
  const access = consoleAccess(session, me.data)
  if (access.kind === 'loading')
    return (
      <Shell>
        <p className="text-jacarta-500">Loading…</p>
      </Shell>
    )
  if (access.kind === 'signed-out') {
    return (
      <Notice title="The operator's console">
        <p>This page is for this marketplace&apos;s operators and moderators.</p>
        <p className="mt-2">
          <Link to="/login" search={{ callbackUrl: '/operator' }} className="font-semibold text-accent underline">
            Sign in with your wallet
          </Link>{' '}
          to use it.
        </p>
      </Notice>
    )
  }
  if (access.kind === 'not-staff') {
    return (
      <Notice title="Not for this wallet">
        <p>
          The wallet you signed in with is neither an operator nor a moderator of this marketplace. An operator can
          grant it the moderator role.
        </p>
      </Notice>
    )
  }
  return <StaffConsole role={access.role} tab={tab} tabLink={tabLink} writableUntil={me.data?.writableUntil ?? null} />
}

function StaffConsole({
  role,
  tab,
  tabLink,
  writableUntil,
}: {
  role: Role
  tab: ConsoleTab | undefined
  tabLink: (tab: ConsoleTab, label: string, current: boolean) => ReactNode
  writableUntil: string | null
}) {
  // A decision, a trade or an import changes lists: what this page shows is read again.
  useLivePage([LISTS_TAG])
  const tabs = tabsFor(role)
  const current = tab && tabs.includes(tab) ? tab : 'queue'
  return (
    <Shell>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="font-display text-3xl font-bold">
          Operator&apos;s console{' '}
          <span className="align-middle rounded-full bg-accent/10 px-3 py-1 text-sm font-semibold text-accent">
            {role}
          </span>
        </h1>
        <p className="text-sm text-jacarta-500 dark:text-jacarta-200" data-testid="writable-until">
          {writableUntil && !needsFreshSignIn(writableUntil) ? (
            <>
              Your sign-in allows decisions until{' '}
              <time dateTime={writableUntil}>
                {new Date(writableUntil).toLocaleTimeString('en', { timeStyle: 'short' })}
              </time>
              ; after that your wallet is asked to sign again.
            </>
          ) : (
            'Your wallet will be asked to sign in again before your next decision.'
          )}
        </p>
      </div>
      <nav
        aria-label="Console"
        className="mt-6 flex gap-0 overflow-x-auto border-b sm:gap-2 border-jacarta-100 dark:border-jacarta-700"
      >
        {tabs.map((t) => tabLink(t, TAB_LABELS[t], t === current))}
      </nav>
      <div className="mt-6">
        {current === 'queue' && (
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <QueuePanel role={role} />
            <div className="space-y-6">
              <AppealsPanel />
              <HistoryPanel role={role} />
            </div>
          </div>
        )}
        {current === 'operations' && <OperationsPanel />}
        {current === 'moderators' && <ModeratorsPanel role={role} />}
        {current === 'audit' && <AuditPanel />}
      </div>
    </Shell>
  )
}
