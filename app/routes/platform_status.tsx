import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading } from '../components/ui/states'
import { pageTitle } from '../lib/seo'
import { useTRPC } from '../lib/trpc-react'

export const Route = createFileRoute('/platform_status')({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.health.queryOptions()),
  head: () => ({ meta: [{ title: pageTitle('Platform Status') }] }),
  component: StatusPage,
})

const badge = {
  ok: ['Operational', 'bg-green/15 text-emerald-800 dark:text-emerald-300'],
  down: ['Outage', 'bg-red/15 text-red-800 dark:text-red-300'],
  'not-configured': ['Not configured', 'bg-jacarta-100 text-jacarta-700 dark:bg-jacarta-700 dark:text-white'],
} as const

function StatusPage() {
  const trpc = useTRPC()
  // Live: re-checked every 30 seconds while the page is open.
  const { data, dataUpdatedAt, isError } = useQuery({ ...trpc.health.queryOptions(), refetchInterval: 30_000 })
  const rows: [string, keyof typeof badge, string][] = [
    ['API', isError ? 'down' : 'ok', isError ? 'The API did not answer.' : 'Answering requests.'],
    ['Database', data?.database.status ?? 'down', data ? `Round trip ${data.database.latencyMs} ms` : '—'],
    [
      'Blockchain RPC',
      data?.chain.status ?? 'down',
      data?.chain.status === 'ok'
        ? `Chain ${data.chain.chainId}, ${data.chain.latencyMs} ms`
        : (data?.chain.error ?? 'No RPC endpoint configured (CHAIN_RPC_URL).'),
    ],
  ]
  const allOk = !isError && data?.status === 'ok'
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <PageHeading title="Platform status" lead={allOk ? 'All systems operational.' : 'Some systems are degraded.'} />
      <ul
        className="divide-y divide-jacarta-100 rounded-2xl border border-jacarta-100 dark:divide-jacarta-700 dark:border-jacarta-700"
        data-testid="status-list"
      >
        {rows.map(([name, status, detail]) => (
          <li key={name} className="flex items-center justify-between gap-4 p-5">
            <div>
              <p className="font-semibold">{name}</p>
              <p className="text-sm text-jacarta-500 dark:text-jacarta-200">{detail}</p>
            </div>
            <span className={`rounded-full px-3 py-1 text-sm font-semibold ${badge[status][1]}`}>
              {badge[status][0]}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-jacarta-500 dark:text-jacarta-200">
        Last checked{' '}
        <time dateTime={new Date(dataUpdatedAt).toISOString()}>{new Date(dataUpdatedAt).toUTCString()}</time>
      </p>
    </section>
  )
}
