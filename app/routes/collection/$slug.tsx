import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound, redirect } from '@tanstack/react-router'
import { ActivityKindFilter, CHIP_ACTIVE, noEventsTitle } from '../../components/ActivityKindFilter'
import { PagedActivityTable } from '../../components/ActivityTable'
import { CollectionOfferPanel } from '../../components/collection/CollectionOfferPanel'
import { SweepButton } from '../../components/cart/SweepButton'
import { TraitPanel } from '../../components/collection/TraitPanel'
import { LookalikeBadge, LookalikeWarning } from '../../components/collection/Lookalike'
import { ReportButton } from '../../components/moderation/ReportButton'
import { Icon } from '../../components/icons'
import { NftBrowser } from '../../components/nft/NftBrowser'
import { activityQuery, ITEM_ACTIVITY_KINDS, parseActivitySearch, type ActivitySearch } from '../../lib/activity'
import {
  nftBrowseQuery,
  parseCollectionSearch,
  RAREST_OPTION,
  searchPatcher,
  SORT_OPTIONS,
  type BrowseSearch,
} from '../../lib/browse'
import { formatEth, formatPercent, shortenAddress } from '../../lib/format'
import { pageTitle, socialMeta } from '../../lib/seo'
import { trpcErrorCode } from '../../lib/trpc-options'
import { useTRPC } from '../../lib/trpc-react'
import { strictSearch } from '../../lib/search-params'
import { collectionTag } from '../../../db/cache-tags'
import { lazy, Suspense } from 'react'
import { useLivePage } from '../../lib/live'
import { HiddenPage, SpamGate } from '../../components/moderation/notices'
import { hiddenHead, hiddenNoticeOf } from '../../lib/moderation'
import type { RouterOutputs } from '../../../server/trpc/root'
import { oneOf } from '../../lib/search-params'
import { CollectionCharts } from '../../components/charts/CollectionCharts'
import { CHART_RANGES, chartInputs, DEFAULT_CHART_RANGE, type ChartRange } from '../../lib/chart-ranges'

/** `/collection/avatar_1` (the sketch's demo path) → the collection with id 1, by its slug. */
const demoId = (slug: string) => /^avatar_(\d+)$/.exec(slug)?.[1]

/** The item grid's search, the activity table's own `?activity=` and the charts' span (`?chart=7d`). */
type CollectionSearch = BrowseSearch & ActivitySearch & { chart?: ChartRange }

const parseCollectionPageSearch = (raw: Record<string, unknown>): CollectionSearch => {
  const chart = oneOf(raw.chart, CHART_RANGES)
  return { ...parseCollectionSearch(raw), ...parseActivitySearch(raw), ...(chart ? { chart } : {}) }
}

// Only an imported collection shows its indexing: the others' pages download none of it.
const IndexingProgress = lazy(() =>
  import('../../components/collection/IndexingProgress').then((m) => ({ default: m.IndexingProgress })),
)

export const Route = createFileRoute('/collection/$slug')({
  validateSearch: strictSearch<CollectionSearch>(parseCollectionPageSearch),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps: search }) => {
    const { chart = DEFAULT_CHART_RANGE, ...deps } = search
    const idOrSlug = demoId(params.slug) ?? params.slug
    const { activity: kind, ...browse } = deps
    // Under its own slug, its NFTs and its activity load beside it: on the Workers build all three
    // share one database round trip.
    const listed = (slug: string) =>
      Promise.all([
        context.queryClient.ensureInfiniteQueryData(nftBrowseQuery(context.trpc, browse, { collection: slug })),
        context.queryClient
          .ensureInfiniteQueryData(activityQuery(context.trpc, { collection: slug }, kind))
          .catch(() => undefined), // the table shows its own error
      ])
    const early = idOrSlug === params.slug ? listed(params.slug) : undefined
    // Its trait panel and collection offers too, in the same round trip.
    const traits = (slug: string) =>
      Promise.all([
        context.queryClient.ensureQueryData(context.trpc.collection.traits.queryOptions({ idOrSlug: slug })),
        context.queryClient.ensureQueryData(context.trpc.collection.offers.queryOptions({ idOrSlug: slug })),
      ])
    const earlyTraits = idOrSlug === params.slug ? traits(params.slug) : undefined
    // Its charts too, in the same round trip.
    const charts = (slug: string) =>
      Promise.all([
        context.queryClient.ensureQueryData(context.trpc.collection.history.queryOptions(chartInputs(slug, chart))),
        context.queryClient.ensureQueryData(context.trpc.collection.charts.queryOptions(chartInputs(slug, chart))),
      ])
    const earlyCharts = idOrSlug === params.slug ? charts(params.slug) : undefined
    early?.catch(() => {}) // a missing collection is answered below
    earlyTraits?.catch(() => {})
    earlyCharts?.catch(() => {})
    const collection = await context.queryClient
      .ensureQueryData(context.trpc.collection.byIdOrSlug.queryOptions({ idOrSlug }))
      .catch((error: unknown) => {
        // Hidden by this marketplace: its page says why (the server answers 410 or 451).
        const hidden = hiddenNoticeOf(error)
        if (hidden) return { hidden }
        const code = trpcErrorCode(error)
        if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') throw notFound()
        throw error
      })
    if ('hidden' in collection) return collection
    if (collection.slug !== params.slug)
      throw redirect({ to: '/collection/$slug', params: { slug: collection.slug }, search })
    await Promise.all([
      early ?? listed(collection.slug),
      earlyTraits ?? traits(collection.slug),
      earlyCharts ?? charts(collection.slug),
    ])
    return collection
  },
  head: ({ loaderData, match }) => {
    if (!loaderData) return {}
    if ('hidden' in loaderData) return hiddenHead('Collection')
    return {
      meta: [
        { title: pageTitle(loaderData.name) },
        { name: 'description', content: loaderData.description },
        ...socialMeta({
          title: loaderData.name,
          description: loaderData.description,
          image: loaderData.logo,
          path: match.pathname,
        }),
      ],
    }
  },
  component: CollectionRoute,
})

/** While an imported collection's history is being read, its page follows the progress. */
const INDEXING_POLL_MS = 3_000

function CollectionRoute() {
  const loaded = Route.useLoaderData()
  if ('hidden' in loaded) return <HiddenPage notice={loaded.hidden} what="collection" />
  return (
    <SpamGate notice={loaded.moderation.spam} what="collection">
      <CollectionPage loaded={loaded} />
    </SpamGate>
  )
}

function CollectionPage({ loaded }: { loaded: RouterOutputs['collection']['byIdOrSlug'] }) {
  const { activity: kind, chart = DEFAULT_CHART_RANGE, ...search } = Route.useSearch()
  const navigate = Route.useNavigate()
  const trpc = useTRPC()
  const live = useQuery({
    ...trpc.collection.byIdOrSlug.queryOptions({ idOrSlug: loaded.slug }),
    initialData: loaded,
    refetchInterval: (query) => {
      const status = query.state.data?.indexing?.status
      return status === 'pending' || status === 'backfilling' ? INDEXING_POLL_MS : false
    },
  })
  const collection = live.data
  const activity = useInfiniteQuery(activityQuery(trpc, { collection: collection.slug }, kind))
  useLivePage([collectionTag(collection.id)])
  const hasTraits =
    (useQuery(trpc.collection.traits.queryOptions({ idOrSlug: collection.slug })).data?.data.length ?? 0) > 0
  const stats = [
    ['Items', collection.stats.items.toLocaleString('en-US')],
    ['Owners', collection.stats.owners.toLocaleString('en-US')],
    ['Floor', collection.stats.floor ? `${formatEth(collection.stats.floor.eth)} ETH` : '—'],
    ['Volume 24h', `${formatEth(collection.stats.volume24h!.eth, 2)} ETH`],
    ['Volume 7d', `${formatEth(collection.stats.volume7d!.eth, 2)} ETH`],
    ['Total volume', `${formatEth(collection.stats.volumeAll!.eth, 2)} ETH`],
    ['Listed', `${collection.stats.listedPercent}%`],
    ['24h change', formatPercent(collection.stats.change24h)],
  ] as const
  // Hidden while the page is open: the decision reaches it as a trade does.
  const hiddenNow = hiddenNoticeOf(live.error)
  if (hiddenNow) return <HiddenPage notice={hiddenNow} what="collection" />
  return (
    <div>
      <div className="relative h-48 md:h-72">
        <img src={collection.banner} alt="" className="h-full w-full object-cover" width={1400} height={400} />
      </div>
      <section className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <img
          src={collection.logo}
          alt={`${collection.name} logo`}
          width={128}
          height={128}
          className="-mt-16 h-32 w-32 rounded-2xl border-4 border-white dark:border-jacarta-900"
        />
        <h1 className="mt-4 flex items-center gap-2 font-display text-3xl font-bold md:text-4xl">
          {collection.name}
          {collection.verified && <Icon name="verified" className="h-7 w-7 text-accent" label="Verified collection" />}
          {collection.lookalikeOf !== null && <LookalikeBadge />}
        </h1>
        {collection.lookalikeOf !== null && <LookalikeWarning of={collection.lookalikeOf} />}
        <div className="mt-2">
          <ReportButton target={{ kind: 'collection', idOrSlug: collection.slug }} what="this collection" />
        </div>
        <p className="mt-2 text-sm text-jacarta-500 dark:text-jacarta-200">
          {collection.imported && (
            <span data-testid="imported">Added by contract address{collection.verified ? '' : ', unverified'} · </span>
          )}
          {/* An imported contract without an owner() has no creator to name. */}
          {collection.creator === null ? (
            <span data-testid="creator-unknown">Creator unknown · </span>
          ) : (
            <>
              By <span className="font-mono">{shortenAddress(collection.creator)}</span> ·{' '}
            </>
          )}
          {collection.category} · creator earnings {collection.creatorEarningsBps / 100}%
        </p>
        <p className="mt-4 max-w-3xl text-jacarta-500 dark:text-jacarta-200">{collection.description}</p>
        {collection.indexing && (
          <Suspense fallback={null}>
            <IndexingProgress indexing={collection.indexing} owner={collection.creator} />
          </Suspense>
        )}
        <dl className="mt-8 grid grid-cols-2 gap-px overflow-hidden rounded-2xl border border-jacarta-100 bg-jacarta-100 sm:grid-cols-4 lg:grid-cols-8 dark:border-jacarta-700 dark:bg-jacarta-700">
          {stats.map(([label, value]) => (
            <div key={label} className="bg-white p-4 text-center dark:bg-jacarta-800">
              <dt className="text-xs text-jacarta-500 dark:text-jacarta-200">{label}</dt>
              <dd className="mt-1 font-display font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
        <CollectionOfferPanel collection={collection} />
        <CollectionCharts slug={collection.slug} range={chart} />
        <div className="mt-14 mb-6 flex items-center justify-between gap-4">
          <h2 className="font-display text-2xl font-bold">Items</h2>
          <SweepButton collection={collection.slug} name={collection.name} chainId={collection.chainId} />
        </div>
        <div className={hasTraits ? 'gap-8 lg:grid lg:grid-cols-[18rem_minmax(0,1fr)]' : ''}>
          {hasTraits && (
            <aside className="mb-8 lg:mb-0" aria-label="Filter by trait">
              <TraitPanel collection={collection.slug} search={search} onSearchChange={searchPatcher(navigate)} />
            </aside>
          )}
          <NftBrowser
            search={search}
            fixed={{ collection: collection.slug }}
            showCategories={false}
            sortOptions={hasTraits ? [...SORT_OPTIONS, RAREST_OPTION] : SORT_OPTIONS}
            onSearchChange={searchPatcher(navigate)}
          />
        </div>
        <section aria-labelledby="collection-activity">
          <h2 id="collection-activity" className="mt-14 mb-6 font-display text-2xl font-bold">
            Activity
          </h2>
          <ActivityKindFilter
            id="collection-activity-kinds"
            kinds={ITEM_ACTIVITY_KINDS}
            value={kind}
            chip={(to, props) => (
              <Link
                from={Route.fullPath}
                to="."
                search={(prev) => ({ ...prev, activity: to })}
                hash="collection-activity"
                hashScrollIntoView={false}
                activeOptions={CHIP_ACTIVE}
                replace
                resetScroll={false}
                {...props}
              />
            )}
          />
          <PagedActivityTable query={activity} emptyTitle={noEventsTitle(kind)} />
        </section>
      </section>
    </div>
  )
}
