import { createFileRoute, Link } from '@tanstack/react-router'
import { OperatorConsole } from '../components/operator/OperatorConsole'
import { CONSOLE_TABS, type ConsoleTab } from '../components/operator/tabs'
import { compact, oneOf, strictSearch } from '../lib/search-params'
import { pageTitle } from '../lib/seo'

/**
 * The operator's console (docs/moderation.md). Its component, and all it imports, is a chunk of its
 * own (TanStack's automatic code splitting): no other page loads any of it. Nothing is read on the
 * server: what it shows depends on who is signed in, and is read in the browser.
 */
export const Route = createFileRoute('/operator')({
  validateSearch: strictSearch<{ tab?: ConsoleTab }>((raw) => compact({ tab: oneOf(raw.tab, CONSOLE_TABS) })),
  head: () => ({ meta: [{ title: pageTitle("Operator's console") }, { name: 'robots', content: 'noindex' }] }),
  component: OperatorPage,
})

function OperatorPage() {
  const { tab } = Route.useSearch()
  return (
    <OperatorConsole
      tab={tab}
      tabLink={(to, label, current) => (
        <Link
          key={to}
          from={Route.fullPath}
          search={{ tab: to === 'queue' ? undefined : to }}
          aria-current={current ? 'page' : undefined}
          className={`-mb-px whitespace-nowrap border-b-2 px-2 py-2 sm:px-3 text-sm font-semibold ${
            current
              ? 'border-accent text-accent'
              : 'border-transparent text-jacarta-500 hover:text-accent dark:text-jacarta-200'
          }`}
        >
          {label}
        </Link>
      )}
    />
  )
}
