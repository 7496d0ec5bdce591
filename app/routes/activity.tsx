import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ActivityTable } from '../components/ActivityTable'
import { PageHeading } from '../components/ui/states'
import { oneOf, strictSearch } from '../lib/search-params'
import { pageTitle } from '../lib/seo'
import { useTRPC } from '../lib/trpc-react'
import { LISTS_TAG } from '../../db/cache-tags'
import { useLivePage } from '../lib/live'

const TYPES = ['sale', 'list', 'offer', 'transfer', 'mint', 'cancel', 'like'] as const
type ActivityType = (typeof TYPES)[number]

const parseActivitySearch = (raw: Record<string, unknown>): { type?: ActivityType } => ({
  type: oneOf(raw.type, TYPES),
})

export const Route = createFileRoute('/activity')({
  validateSearch: strictSearch<{ type?: ActivityType }>(parseActivitySearch),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(context.trpc.activity.list.queryOptions({ type: deps.type, limit: 50 })),
  head: () => ({ meta: [{ title: pageTitle('Activity') }] }),
  component: ActivityPage,
})

function ActivityPage() {
  const { type } = Route.useSearch()
  const navigate = Route.useNavigate()
  const trpc = useTRPC()
  const query = useQuery(trpc.activity.list.queryOptions({ type, limit: 50 }))
  useLivePage([LISTS_TAG])
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <PageHeading title="Activity" lead="Every mint, listing, offer and sale on Vitrine, newest first." />
      <ul className="mb-6 flex flex-wrap gap-2" aria-label="Event types">
        {[undefined, ...TYPES].map((t) => (
          <li key={t ?? 'all'}>
            <button
              type="button"
              aria-pressed={type === t}
              onClick={() => void navigate({ search: { type: t } })}
              className={`rounded-xl border px-4 py-2 text-sm font-semibold capitalize ${type === t ? 'border-transparent bg-accent text-white' : 'border-jacarta-100 dark:border-jacarta-600'}`}
            >
              {t ?? 'All'}
            </button>
          </li>
        ))}
      </ul>
      <ActivityTable query={query} />
    </section>
  )
}
