import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading } from '../components/ui/states'
import { pageTitle } from '../lib/seo'
import { useTRPC } from '../lib/trpc-react'
import type { RouterOutputs } from '../../server/trpc/root'

export const Route = createFileRoute('/platform_status')({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.health.queryOptions()),
  head: () => ({ meta: [{ title: pageTitle('Platform Status') }] }),
  component: StatusPage,
})

const badge = {
  ok: ['Operational', 'bg-green/15 text-emerald-800 dark:text-emerald-300'],
  down: ['Outage', 'bg-red/15 text-red-800 dark:text-red-300'],
  'not-configured': ['Not configured', 'bg-jacarta-100 text-jacarta-700 dark:bg-jacarta-700 dark:text-white'],
  'catching-up': ['Catching up', 'bg-amber-400/15 text-amber-800 dark:text-amber-300'],
  behind: ['Behind', 'bg-red/15 text-red-800 dark:text-red-300'],
} as const

type Health = RouterOutputs['health']

/** The indexer's row: in step, stuck behind the chain, or which blocks it is reading again after the chain lost some. */
function indexerRow(indexer: Health['indexer'] | undefined): [keyof typeof badge, string] {
  if (!indexer || indexer.status === 'unknown') return ['down', indexer?.error ?? '—']
  const stuck = indexer.chains.find((c) => c.status === 'behind')
  if (stuck) {
    return [
      'behind',
      `Chain ${stuck.chainId} read to block ${stuck.block} of ${stuck.safeHead}, not moving since ${stuck.updatedAt.replace('T', ' ').slice(0, 16)} UTC.`,
    ]
  }
  const stalled = indexer.followers?.find((f) => 'error' in f || f.stalled)
  if (stalled) {
    return [
      'behind',
      'error' in stalled
        ? `Chain ${stalled.chainId}'s follower does not answer: ${stalled.error}`
        : `Chain ${stalled.chainId}'s follower has no round due; it is restarted within a minute.`,
    ]
  }
  const behind = indexer.chains.find((c) => c.rewind)
  if (behind?.rewind) {
    const { from, to, head } = behind.rewind
    return [
      'catching-up',
      to === null
        ? `Chain ${behind.chainId} no longer has blocks up to ${from} that were read: undoing them.`
        : `Chain ${behind.chainId} lost blocks ${to + 1}–${from}: reading again, at ${behind.block} of ${head}.`,
    ]
  }
  if (!indexer.chains.length) return ['not-configured', 'No chain indexed yet.']
  return ['ok', indexer.chains.map((c) => `Chain ${c.chainId} read to block ${c.block}`).join(', ')]
}

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
    ['Indexer', ...indexerRow(data?.indexer)],
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
