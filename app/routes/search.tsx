import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { NftGrid } from '../components/nft/NftGrid'
import { SearchForm } from '../components/layout/SearchForm'
import { EmptyState, PageHeading } from '../components/ui/states'
import { shortenAddress } from '../lib/format'
import { pageTitle } from '../lib/seo'
import { useTRPC } from '../lib/trpc-react'
import { strictSearch } from '../lib/search-params'
import { LookalikeBadge } from '../components/collection/Lookalike'

const parseSearch = (raw: Record<string, unknown>): { q?: string } => ({
  q: typeof raw.q === 'string' && raw.q.trim() ? raw.q.trim().slice(0, 100) : undefined,
})

export const Route = createFileRoute('/search')({
  validateSearch: strictSearch<{ q?: string }>(parseSearch),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    deps.q
      ? context.queryClient.ensureQueryData(context.trpc.search.query.queryOptions({ q: deps.q, limit: 12 }))
      : null,
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.search.q ? `Search: ${match.search.q}` : 'Search') }] }),
  component: SearchPage,
})

function SearchPage() {
  const { q } = Route.useSearch()
  const trpc = useTRPC()
  const query = useQuery({ ...trpc.search.query.queryOptions({ q: q ?? '', limit: 12 }), enabled: !!q })
  const results = query.data
  const empty = results && !results.nfts.length && !results.collections.length && !results.users.length
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <PageHeading title={q ? `Results for “${q}”` : 'Search'} />
      <div className="mb-10 max-w-md">
        <SearchForm id="search-page" />
      </div>
      {!q ? (
        <EmptyState title="Search items, collections and accounts" detail="Type a name, or its first letters." />
      ) : empty ? (
        <EmptyState title={`Nothing matches “${q}”`} detail="Check the spelling or try a shorter word." />
      ) : results ? (
        <div className="space-y-12">
          {results.collections.length > 0 && (
            <ResultGroup title="Collections">
              <ul className={resultGrid}>
                {results.collections.map((c) => (
                  <li key={c.id}>
                    <Link to="/collection/$slug" params={{ slug: c.slug }} className={resultCard}>
                      <img src={c.logo} alt="" width={48} height={48} className="h-12 w-12 rounded-full" />
                      <span className="font-semibold">{c.name}</span>
                      {c.lookalikeOf !== null && <LookalikeBadge />}
                    </Link>
                  </li>
                ))}
              </ul>
            </ResultGroup>
          )}
          {results.nfts.length > 0 && (
            <ResultGroup title="Items">
              <NftGrid items={results.nfts} />
            </ResultGroup>
          )}
          {results.users.length > 0 && (
            <ResultGroup title="Accounts">
              <ul className={resultGrid}>
                {results.users.map((u) => (
                  <li key={u.address}>
                    <Link to="/user/$address" params={{ address: u.address }} className={resultCard}>
                      {u.avatar && (
                        <img src={u.avatar} alt="" width={40} height={40} className="h-10 w-10 rounded-full" />
                      )}
                      <span>
                        <span className="block font-semibold">{u.username ?? shortenAddress(u.address)}</span>
                        <span className="font-mono text-xs text-jacarta-500 dark:text-jacarta-200">
                          {shortenAddress(u.address)}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </ResultGroup>
          )}
        </div>
      ) : null}
    </section>
  )
}

const resultGrid = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3'
const resultCard =
  'flex items-center gap-3 rounded-2xl border border-jacarta-100 p-4 hover:border-accent dark:border-jacarta-700'

/** One kind of result under its heading. */
function ResultGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="mb-4 font-display text-xl font-semibold">{title}</h2>
      {children}
    </div>
  )
}
