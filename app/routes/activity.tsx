import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { ActivityKindFilter, CHIP_ACTIVE, noEventsTitle } from '../components/ActivityKindFilter'
import { ActivityTable } from '../components/ActivityTable'
import { PageHeading } from '../components/ui/states'
import { ALL_ACTIVITY_KINDS, type ActivityKind } from '../lib/activity'
import { compact, oneOf, strictSearch } from '../lib/search-params'
import { pageTitle } from '../lib/seo'
import { useTRPC } from '../lib/trpc-react'
import { LISTS_TAG } from '../../db/cache-tags'
import { useLivePage } from '../lib/live'

const parseActivitySearch = (raw: Record<string, unknown>): { type?: ActivityKind } =>
  compact({ type: oneOf(raw.type, ALL_ACTIVITY_KINDS) })

export const Route = createFileRoute('/activity')({
  validateSearch: strictSearch<{ type?: ActivityKind }>(parseActivitySearch),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(context.trpc.activity.list.queryOptions({ type: deps.type, limit: 50 })),
  head: () => ({ meta: [{ title: pageTitle('Activity') }] }),
  component: ActivityPage,
})

function ActivityPage() {
  const { type } = Route.useSearch()
  const trpc = useTRPC()
  const query = useQuery(trpc.activity.list.queryOptions({ type, limit: 50 }))
  useLivePage([LISTS_TAG])
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <PageHeading title="Activity" lead="Every mint, listing, offer and sale on Vitrine, newest first." />
      <ActivityKindFilter
        id="activity-kinds"
        kinds={ALL_ACTIVITY_KINDS}
        value={type}
        chip={(to, props) => (
          <Link from={Route.fullPath} search={{ type: to }} activeOptions={CHIP_ACTIVE} {...props} />
        )}
      />
      <ActivityTable query={query} emptyTitle={noEventsTitle(type)} />
    </section>
  )
}
