import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound, redirect } from '@tanstack/react-router'
import { ActivityTable } from '../../components/ActivityTable'
import { NftGrid } from '../../components/nft/NftGrid'
import { CancelAllOrders } from '../../components/trade/CancelAllOrders'
import { ReportButton } from '../../components/moderation/ReportButton'
import { OwnedItems } from '../../components/trade/OwnedItems'
import { EmptyState, GridSkeleton } from '../../components/ui/states'
import { shortenAddress } from '../../lib/format'
import { isAddressLike, oneOf, strictSearch } from '../../lib/search-params'
import { pageTitle, socialMeta } from '../../lib/seo'
import { trpcErrorCode } from '../../lib/trpc-options'
import { useTRPC } from '../../lib/trpc-react'
import { userTag } from '../../../db/cache-tags'
import { useLivePage } from '../../lib/live'
import { HiddenPage } from '../../components/moderation/notices'
import { hiddenHead, hiddenNoticeOf } from '../../lib/moderation'
import type { RouterOutputs } from '../../../server/trpc/root'

const TABS = [
  { value: 'owned', label: 'Owned' },
  { value: 'created', label: 'Created' },
  { value: 'on-sale', label: 'On sale' },
  { value: 'favorited', label: 'Favorited' },
  { value: 'activity', label: 'Activity' },
] as const
type Tab = (typeof TABS)[number]['value']

export const Route = createFileRoute('/user/$address')({
  validateSearch: strictSearch<{ tab?: Tab }>((raw) => ({
    tab: oneOf(
      raw.tab,
      TABS.map((t) => t.value),
    ),
  })),
  loader: async ({ context, params }) => {
    // The sketch's demo path /user/avatar_6: the creator of collection 6, a real seeded user.
    const demo = /^avatar_(\d+)$/.exec(params.address)?.[1]
    if (demo) {
      const collection = await context.queryClient
        .ensureQueryData(context.trpc.collection.byIdOrSlug.queryOptions({ idOrSlug: demo }))
        .catch(() => {
          throw notFound()
        })
      if (collection.creator === null) throw notFound()
      throw redirect({ to: '/user/$address', params: { address: collection.creator } })
    }
    if (!isAddressLike(params.address)) throw notFound()
    return context.queryClient
      .ensureQueryData(context.trpc.user.byAddress.queryOptions({ address: params.address }))
      .catch((error: unknown) => {
        // Hidden by this marketplace: its page says why (the server answers 410 or 451).
        const hidden = hiddenNoticeOf(error)
        if (hidden) return { hidden }
        if (trpcErrorCode(error) === 'NOT_FOUND') throw notFound()
        throw error
      })
  },
  head: ({ loaderData, match }) => {
    if (!loaderData) return {}
    if ('hidden' in loaderData) return hiddenHead('Profile')
    const name = loaderData.username ?? shortenAddress(loaderData.address)
    const description = loaderData.bio ?? `${name}'s NFTs on Vitrine`
    return {
      meta: [
        { title: pageTitle(name) },
        { name: 'description', content: description },
        ...socialMeta({ title: name, description, image: loaderData.avatar ?? '/favicon.svg', path: match.pathname }),
      ],
    }
  },
  component: UserRoute,
})

function UserRoute() {
  const loaded = Route.useLoaderData()
  if ('hidden' in loaded) return <HiddenPage notice={loaded.hidden} what="profile" />
  return <UserPage user={loaded} />
}

function UserPage({ user }: { user: RouterOutputs['user']['byAddress'] }) {
  const { tab = 'owned' } = Route.useSearch()
  const trpc = useTRPC()
  useLivePage([userTag(user.address)])
  return (
    <div>
      <div className="h-40 md:h-60">
        {user.banner && (
          <img src={user.banner} alt="" className="h-full w-full object-cover" width={1400} height={400} />
        )}
      </div>
      <section className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {user.avatar && (
          <img
            src={user.avatar}
            alt=""
            width={128}
            height={128}
            className="-mt-16 h-32 w-32 rounded-full border-4 border-white dark:border-jacarta-900"
          />
        )}
        <h1 className="mt-4 font-display text-3xl font-bold">{user.username ?? shortenAddress(user.address)}</h1>
        <p className="mt-1 font-mono text-sm text-jacarta-500 dark:text-jacarta-200">{user.address}</p>
        <div className="mt-2">
          <ReportButton target={{ kind: 'profile', address: user.address }} what="this profile" />
        </div>
        {user.bio && <p className="mt-4 max-w-2xl text-jacarta-500 dark:text-jacarta-200">{user.bio}</p>}
        <CancelAllOrders address={user.address} />
        <nav
          aria-label="Profile tabs"
          className="mt-10 flex flex-wrap gap-2 border-b border-jacarta-100 dark:border-jacarta-700"
        >
          {TABS.map((t) => (
            <Link
              key={t.value}
              to="/user/$address"
              params={{ address: user.address }}
              search={{ tab: t.value }}
              aria-current={tab === t.value ? 'page' : undefined}
              className={`-mb-px border-b-2 px-4 py-3 font-semibold ${tab === t.value ? 'border-accent text-accent dark:text-accent-lighter' : 'border-transparent hover:text-accent'}`}
            >
              {t.label}
            </Link>
          ))}
        </nav>
        <div className="py-10">
          {tab === 'activity' ? (
            <UserActivity address={user.address} trpc={trpc} />
          ) : (
            <UserItems address={user.address} tab={tab} trpc={trpc} />
          )}
        </div>
      </section>
    </div>
  )
}

function UserActivity({ address, trpc }: { address: string; trpc: ReturnType<typeof useTRPC> }) {
  return <ActivityTable query={useQuery(trpc.activity.list.queryOptions({ user: address, limit: 25 }))} />
}

function UserItems({
  address,
  tab,
  trpc,
}: {
  address: string
  tab: Exclude<Tab, 'activity'>
  trpc: ReturnType<typeof useTRPC>
}) {
  const query = useInfiniteQuery(
    trpc.user.nfts.infiniteQueryOptions(
      { filter: tab, address, limit: 24 },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  )
  if (query.isPending) return <GridSkeleton />
  const items = query.data?.pages.flatMap((p) => p.data) ?? []
  if (items.length === 0 && tab === 'owned') {
    return (
      <div className="space-y-4 text-center">
        <EmptyState title="Nothing here yet" />
        <p className="text-sm text-jacarta-500 dark:text-jacarta-200">
          Tokens of a collection Vitrine does not show yet?{' '}
          <Link to="/add-collection" className="font-semibold text-accent underline">
            Add a collection
          </Link>{' '}
          by its contract address, and its tokens appear here as they are read from the chain.
        </p>
      </div>
    )
  }
  if (items.length === 0) return <EmptyState title="Nothing here yet" />
  return (
    <>
      {tab === 'owned' ? <OwnedItems address={address} items={items} /> : <NftGrid items={items} />}
      {query.hasNextPage && (
        <div className="mt-8 text-center">
          <button
            type="button"
            onClick={() => void query.fetchNextPage()}
            className="rounded-full border border-jacarta-100 px-6 py-3 font-semibold dark:border-jacarta-600"
          >
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </>
  )
}
