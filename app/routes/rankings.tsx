import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { Icon } from '../components/icons'
import { DataTable, rowClass } from '../components/ui/DataTable'
import { Select } from '../components/ui/Select'
import { EmptyState, ErrorState, PageHeading } from '../components/ui/states'
import { CATEGORY_OPTIONS } from '../lib/browse'
import { formatEth, formatPercent } from '../lib/format'
import { compact, oneOf, positiveInteger, strictSearch } from '../lib/search-params'
import { pageTitle } from '../lib/seo'
import { useTRPC } from '../lib/trpc-react'
import { LookalikeBadge } from '../components/collection/Lookalike'
import { useWallet } from '../wallet/WalletProvider'
import { chainLabel } from '../../chain/networks'

const PERIODS = [
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: 'all', label: 'All time' },
] as const

type RankingSearch = {
  period?: '24h' | '7d' | '30d' | 'all'
  category?: (typeof CATEGORY_OPTIONS)[number]['value']
  chain?: number
}

const input = (s: RankingSearch) => ({ period: s.period ?? '7d', category: s.category, chain: s.chain, limit: 50 })

const parseRankingSearch = (raw: Record<string, unknown>): RankingSearch =>
  compact({
    period: oneOf(raw.period, ['24h', '7d', '30d', 'all'] as const),
    category: oneOf(
      raw.category,
      CATEGORY_OPTIONS.map((c) => c.value),
    ),
    chain: positiveInteger(raw.chain),
  })

export const Route = createFileRoute('/rankings')({
  validateSearch: strictSearch<RankingSearch>(parseRankingSearch),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(context.trpc.ranking.list.queryOptions(input(deps))),
  head: () => ({ meta: [{ title: pageTitle('Rankings') }] }),
  component: RankingsPage,
})

function RankingsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const trpc = useTRPC()
  const query = useQuery(trpc.ranking.list.queryOptions(input(search)))
  // The networks this deployment offers (the same list the wallet connects to).
  const chainOptions = useWallet().supportedChainIds.map((id) => ({ value: id, label: chainLabel(id) }))
  const set = (patch: Partial<RankingSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true })
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <PageHeading title="Rankings" lead="Collections ranked by sales volume, from real sales." />
      <div className="mb-6 flex flex-wrap gap-3">
        <Select
          label="Category"
          anyLabel="All"
          value={search.category}
          options={CATEGORY_OPTIONS}
          onChange={(category) => set({ category })}
        />
        <Select
          label="Blockchain"
          anyLabel="All"
          value={search.chain}
          options={chainOptions}
          onChange={(chain) => set({ chain })}
        />
        <Select label="Period" value={search.period ?? '7d'} options={PERIODS} onChange={(period) => set({ period })} />
      </div>
      {query.isError ? (
        <ErrorState message={query.error.message} />
      ) : !query.data?.data.length ? (
        <EmptyState title="No sales in this period" />
      ) : (
        <DataTable columns={['#', 'Collection', 'Volume', '24h %', 'Floor', 'Owners', 'Items']}>
          {query.data.data.map((r) => (
            <tr key={r.collection.id} className={rowClass}>
              <td className="px-4 py-3 font-semibold">{r.rank}</td>
              <td className="px-4 py-3">
                <Link
                  to="/collection/$slug"
                  params={{ slug: r.collection.slug }}
                  className="flex items-center gap-3 font-semibold hover:text-accent"
                >
                  <img
                    src={r.collection.logo}
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                    className="h-10 w-10 rounded-full"
                  />
                  {r.collection.name}
                  {r.collection.verified && <Icon name="verified" className="h-4 w-4 text-accent" label="Verified" />}
                  {r.collection.lookalikeOf !== null && <LookalikeBadge />}
                </Link>
              </td>
              <td className="px-4 py-3">{r.volume ? formatEth(r.volume.eth, 2) : '0'} ETH</td>
              <td
                className={`px-4 py-3 ${(r.change24h ?? 0) >= 0 ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`}
              >
                {formatPercent(r.change24h)}
              </td>
              <td className="px-4 py-3">{r.floor ? `${formatEth(r.floor.eth)} ETH` : '—'}</td>
              <td className="px-4 py-3">{r.owners.toLocaleString('en-US')}</td>
              <td className="px-4 py-3">{r.items.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  )
}
