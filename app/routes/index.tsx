import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '../lib/seo'

export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: pageTitle('Home') }] }),
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.health.queryOptions()),
  component: HomePage,
})

function HomePage() {
  const { trpc } = Route.useRouteContext()
  const { data: health } = useSuspenseQuery(trpc.health.queryOptions())
  const online = health.status === 'ok'
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:py-24">
      <p className="text-sm font-semibold uppercase tracking-widest text-violet-600 dark:text-violet-400">
        Open-source NFT marketplace
      </p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-6xl">
        Discover, collect and sell extraordinary NFTs
      </h1>
      <p className="mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
        Vitrine is a digital marketplace for crypto collectibles and non-fungible tokens. Buy, sell and discover
        exclusive digital items, settled on chain and fast everywhere.
      </p>
      <p className="mt-10 inline-flex items-center gap-2 rounded-full border border-slate-200 px-4 py-2 text-sm dark:border-slate-800">
        <span aria-hidden="true" className={`h-2 w-2 rounded-full ${online ? 'bg-emerald-500' : 'bg-amber-500'}`} />
        <span data-testid="service-status">
          {online ? `All systems operational · database ${health.database.latencyMs} ms` : 'Database unreachable'}
        </span>
      </p>
    </section>
  )
}
