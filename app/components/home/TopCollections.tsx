import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { formatEth, formatPercent } from '../../lib/format'
import { useTRPC } from '../../lib/trpc-react'
import { Icon } from '../icons'
import { ErrorState } from '../ui/states'
import { topCollectionsInput } from './prefetch'
import { Section } from './Section'
import { LookalikeBadge } from '../collection/Lookalike'

const TABS = [
  { value: 'trending', label: 'Trending' },
  { value: 'top', label: 'Top' },
  { value: 'recent', label: 'Recent' },
] as const
type Tab = (typeof TABS)[number]['value']

export function TopCollections() {
  const trpc = useTRPC()
  const [tab, setTab] = useState<Tab>('trending')
  const query = useQuery(trpc.collection.list.queryOptions(topCollectionsInput(tab)))
  return (
    <Section
      title="Top collections"
      id="top-collections"
      action={
        <div role="tablist" aria-label="Collection lists" className="flex gap-2">
          {TABS.map((t) => (
            <button
              key={t.value}
              role="tab"
              type="button"
              aria-selected={tab === t.value}
              onClick={() => setTab(t.value)}
              className={`rounded-full px-4 py-2 text-sm font-semibold ${
                tab === t.value ? 'bg-accent text-white' : 'border border-jacarta-100 dark:border-jacarta-600'
              }`}
            >
              {t.label}
            </button>
          ))}
        </div>
      }
    >
      {query.isError ? (
        <ErrorState message={query.error.message} />
      ) : (
        <div role="tabpanel">
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {(query.data?.data ?? []).map((c, i) => (
              <li
                key={c.id}
                className="relative flex items-center gap-4 rounded-2xl border border-jacarta-100 bg-white p-4 dark:border-jacarta-700 dark:bg-jacarta-800"
              >
                <span className="w-6 text-sm font-bold text-jacarta-500 dark:text-jacarta-200">{i + 1}</span>
                <img src={c.logo} alt="" width={56} height={56} loading="lazy" className="h-14 w-14 rounded-full" />
                <div className="min-w-0">
                  <p className="flex items-center gap-1 truncate font-display font-semibold">
                    <Link
                      to="/collection/$slug"
                      params={{ slug: c.slug }}
                      className="truncate after:absolute after:inset-0"
                    >
                      {c.name}
                    </Link>
                    {c.verified && <Icon name="verified" className="h-4 w-4 shrink-0 text-accent" label="Verified" />}
                    {c.lookalikeOf !== null && <LookalikeBadge />}
                  </p>
                  <p className="text-sm text-jacarta-500 dark:text-jacarta-200">
                    {formatEth(tab === 'trending' ? c.stats.volume24h!.eth : c.stats.volumeAll!.eth, 2)} ETH{' '}
                    {tab === 'trending' && (
                      <span
                        className={
                          (c.stats.change24h ?? 0) >= 0
                            ? 'text-emerald-700 dark:text-emerald-400'
                            : 'text-red-700 dark:text-red-400'
                        }
                      >
                        {formatPercent(c.stats.change24h)}
                      </span>
                    )}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      )}
      <div className="mt-8 text-center">
        <Link to="/rankings" className="font-semibold text-accent hover:underline">
          Go to rankings
        </Link>
      </div>
    </Section>
  )
}
