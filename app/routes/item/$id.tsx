import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { LinkHTMLAttributes } from 'react'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { ActivityKindFilter, CHIP_ACTIVE, noEventsTitle } from '../../components/ActivityKindFilter'
import { PagedActivityTable } from '../../components/ActivityTable'
import { AddressLink } from '../../components/AddressLink'
import { Icon } from '../../components/icons'
import { MetadataStatus } from '../../components/nft/MetadataStatus'
import { FlaggedBanner } from '../../components/moderation/FlaggedBanner'
import { ReportButton } from '../../components/moderation/ReportButton'
import { Properties } from '../../components/nft/Properties'
import { ITEM_SIZES, NftMotionOrPicture } from '../../components/nft/NftMedia'
import { ItemMarket } from '../../components/trade/ItemMarket'
import { activityQuery, ITEM_ACTIVITY_KINDS, parseActivitySearch, type ActivitySearch } from '../../lib/activity'
import { ItemCharts } from '../../components/charts/ItemCharts'
import { shortenAddress } from '../../lib/format'
import { isVideo, responsiveImage } from '../../lib/images'
import { strictSearch } from '../../lib/search-params'
import { pageTitle, socialMeta } from '../../lib/seo'
import { trpcErrorCode } from '../../lib/trpc-options'
import { useTRPC } from '../../lib/trpc-react'
import { nftTag } from '../../../db/cache-tags'
import { useLivePage } from '../../lib/live'
import { HiddenPage, SpamGate } from '../../components/moderation/notices'
import { hiddenHead, hiddenNoticeOf } from '../../lib/moderation'
import type { RouterOutputs } from '../../../server/trpc/root'

/** `/item/item_20` (the sketch's demo path) and `/item/20` are the same item. */
const itemId = (param: string) => Number(/^(?:item_)?(\d{1,12})$/.exec(param)?.[1] ?? NaN)

/**
 * `<link rel="preload">` for the item's picture, with the same srcset and sizes the page uses; for
 * a video, its poster (one URL: `<video poster>` takes no srcset), the page's largest paint too.
 */
function mainPicturePreload(nft: {
  image: string
  animationUrl: string | null
}): LinkHTMLAttributes<HTMLLinkElement>[] {
  if (isVideo(nft.image)) return []
  const { src, srcSet, sizes } = responsiveImage(nft.image, ITEM_SIZES)
  if (isVideo(nft.animationUrl)) return [{ rel: 'preload', as: 'image', href: src, fetchPriority: 'high' }]
  return [{ rel: 'preload', as: 'image', href: src, imageSrcSet: srcSet, imageSizes: sizes, fetchPriority: 'high' }]
}

export const Route = createFileRoute('/item/$id')({
  validateSearch: strictSearch<ActivitySearch>(parseActivitySearch),
  loaderDeps: ({ search }) => ({ activity: search.activity }),
  loader: async ({ context, params, deps }) => {
    const id = itemId(params.id)
    if (!Number.isSafeInteger(id) || id < 1) throw notFound()
    // The item's history and its sales (the price chart) start with it: on the Workers build all
    // three share one database round trip.
    const history = context.queryClient
      .ensureInfiniteQueryData(activityQuery(context.trpc, { nft: id }, deps.activity))
      .catch(() => undefined) // the table shows its own error
    const sales = context.queryClient.ensureQueryData(context.trpc.nft.sales.queryOptions({ id }))
    sales.catch(() => {})
    const nft = await context.queryClient
      .ensureQueryData(context.trpc.nft.byId.queryOptions({ id }))
      .catch((error: unknown) => {
        // Hidden by this marketplace: its page says why (the server answers 410 or 451).
        const hidden = hiddenNoticeOf(error)
        if (hidden) return { hidden }
        if (trpcErrorCode(error) === 'NOT_FOUND') throw notFound()
        throw error
      })
    await Promise.all([history, sales])
    return { nft }
  },
  head: ({ loaderData, match }) => {
    if (!loaderData) return {}
    const { nft } = loaderData
    if ('hidden' in nft) return hiddenHead('Item')
    return {
      // The main picture is the page's largest paint: fetched with the HTML, first.
      links: mainPicturePreload(nft),
      meta: [
        { title: pageTitle(nft.name) },
        { name: 'description', content: nft.description },
        ...socialMeta({
          title: `${nft.name} · ${nft.collection.name}`,
          description: nft.description,
          image: nft.image,
          path: match.pathname,
        }),
      ],
    }
  },
  component: ItemRoute,
})

function ItemRoute() {
  const loaded = Route.useLoaderData().nft
  if ('hidden' in loaded) return <HiddenPage notice={loaded.hidden} what="item" />
  return (
    <SpamGate notice={loaded.moderation.spam} what="item">
      <ItemPage loaded={loaded} />
    </SpamGate>
  )
}

function ItemPage({ loaded }: { loaded: RouterOutputs['nft']['byId'] }) {
  const trpc = useTRPC()
  // Live after the loader: trades invalidate it and the market panel updates in place.
  const live = useQuery(trpc.nft.byId.queryOptions({ id: loaded.id }))
  const nft = live.data ?? loaded
  const { activity: kind } = Route.useSearch()
  const activity = useInfiniteQuery(activityQuery(trpc, { nft: nft.id }, kind))
  // A sale, a listing, an offer or a bid anywhere shows here without a reload.
  useLivePage([nftTag(nft.id)])
  // Hidden while the page is open: the decision reaches it as a trade does.
  const hiddenNow = hiddenNoticeOf(live.error)
  if (hiddenNow) return <HiddenPage notice={hiddenNow} what="item" />

  return (
    <section className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:px-8">
      <div>
        <NftMotionOrPicture
          image={nft.image}
          animationUrl={nft.animationUrl}
          alt={nft.name}
          sizes={ITEM_SIZES}
          width={1000}
          height={1000}
          className="aspect-square w-full rounded-2xl object-cover"
        />
        <Properties nft={nft} />
      </div>
      <div>
        <p className="flex items-center gap-1 text-sm">
          <Link
            to="/collection/$slug"
            params={{ slug: nft.collection.slug }}
            className="font-semibold text-accent hover:underline dark:text-accent-lighter"
          >
            {nft.collection.name}
          </Link>
          {nft.collection.verified && (
            <Icon name="verified" className="h-4 w-4 text-accent" label="Verified collection" />
          )}
        </p>
        <h1 className="mt-2 font-display text-3xl font-bold md:text-4xl">{nft.name}</h1>
        {nft.flagged && <FlaggedBanner flag={nft.flagged} />}
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-jacarta-500 dark:text-jacarta-200">
          <span>Token #{nft.tokenId}</span>
          <span className="font-mono" title={nft.contract}>
            Contract {shortenAddress(nft.contract)}
          </span>
          <span aria-label={`${nft.likes} likes`} className="inline-flex items-center gap-1">
            <Icon name="heart" className="h-4 w-4" /> {nft.likes}
          </span>
          {nft.lazyMinted && (
            <span className="rounded bg-accent px-2 py-0.5 text-xs font-semibold text-white">Lazy minted</span>
          )}
          <ReportButton target={{ kind: 'item', id: nft.id }} what="this item" />
        </div>
        <p className="mt-6 text-jacarta-500 dark:text-jacarta-200">{nft.description}</p>
        <MetadataStatus nftId={nft.id} metadata={nft.metadata} />
        <dl className="mt-6 grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-jacarta-500 dark:text-jacarta-200">Owned by</dt>
            <dd className="font-mono">
              <AddressLink address={nft.owner} />
            </dd>
          </div>
          <div>
            {/* An imported contract that names no owner has no creator to show. */}
            {nft.creator === null ? (
              <>
                <dt className="text-jacarta-500 dark:text-jacarta-200">Creator</dt>
                <dd data-testid="creator-unknown">Creator unknown</dd>
              </>
            ) : (
              <>
                <dt className="text-jacarta-500 dark:text-jacarta-200">Created by</dt>
                <dd className="font-mono">
                  <AddressLink address={nft.creator} />
                </dd>
              </>
            )}
          </div>
        </dl>

        <ItemMarket nft={nft} image={nft.image} />
      </div>
      <ItemCharts nftId={nft.id} listings={nft.listings} offers={nft.offers} />
      <section aria-labelledby="item-activity" className="md:col-span-2">
        <h2 id="item-activity" className="mb-4 font-display text-xl font-semibold">
          Item activity
        </h2>
        <ActivityKindFilter
          id="item-activity-kinds"
          kinds={ITEM_ACTIVITY_KINDS}
          value={kind}
          chip={(to, props) => (
            <Link
              from={Route.fullPath}
              to="."
              search={(prev) => ({ ...prev, activity: to })}
              hash="item-activity"
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
  )
}
