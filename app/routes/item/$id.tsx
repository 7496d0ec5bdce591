import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { TRPCClientError } from '@trpc/client'
import { useState } from 'react'
import { ActivityTable } from '../../components/ActivityTable'
import { Icon } from '../../components/icons'
import { CheckoutModal } from '../../components/modals/CheckoutModal'
import { PlaceBidModal } from '../../components/modals/PlaceBidModal'
import { countdown, formatEth, relativeTime, shortenAddress } from '../../lib/format'
import { pageTitle, socialMeta } from '../../lib/seo'
import { useTRPC } from '../../lib/trpc-react'

/** `/item/item_20` (the sketch's demo path) and `/item/20` are the same item. */
const itemId = (param: string) => Number(/^(?:item_)?(\d{1,12})$/.exec(param)?.[1] ?? NaN)

export const Route = createFileRoute('/item/$id')({
  loader: async ({ context, params }) => {
    const id = itemId(params.id)
    if (!Number.isSafeInteger(id) || id < 1) throw notFound()
    const nft = await context.queryClient
      .ensureQueryData(context.trpc.nft.byId.queryOptions({ id }))
      .catch((error: unknown) => {
        if (error instanceof TRPCClientError && error.data?.code === 'NOT_FOUND') throw notFound()
        throw error
      })
    const collection = await context.queryClient.ensureQueryData(
      context.trpc.collection.byIdOrSlug.queryOptions({ idOrSlug: nft.collection.slug }),
    )
    return { nft, collection }
  },
  head: ({ loaderData, match }) =>
    loaderData
      ? {
          meta: [
            { title: pageTitle(loaderData.nft.name) },
            { name: 'description', content: loaderData.nft.description },
            ...socialMeta({
              title: `${loaderData.nft.name} · ${loaderData.nft.collection.name}`,
              description: loaderData.nft.description,
              image: loaderData.nft.image,
              path: match.pathname,
            }),
          ],
        }
      : {},
  component: ItemPage,
})

function ItemPage() {
  const { nft, collection } = Route.useLoaderData()
  const trpc = useTRPC()
  const activity = useQuery(trpc.activity.list.queryOptions({ nft: nft.id, limit: 20 }))
  const [modal, setModal] = useState<'buy' | 'bid' | null>(null)
  const auction = nft.listings.find((l) => l.kind === 'auction')
  const fixed = nft.listings.find((l) => l.kind === 'fixed')
  const highestBid = nft.offers[0]

  return (
    <section className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:px-8">
      <div>
        <img src={nft.image} alt={nft.name} width={1000} height={1000} className="aspect-square w-full rounded-2xl" />
        {nft.attributes.length > 0 && (
          <>
            <h2 className="mt-8 mb-4 font-display text-xl font-semibold">Properties</h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {nft.attributes.map((a) => (
                <li key={a.trait_type} className="rounded-xl border border-accent/30 bg-accent/5 p-3 text-center">
                  <p className="text-xs text-accent uppercase dark:text-accent-lighter">{a.trait_type}</p>
                  <p className="mt-1 font-semibold">{a.value}</p>
                </li>
              ))}
            </ul>
          </>
        )}
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
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-jacarta-500 dark:text-jacarta-200">
          <span>Token #{nft.tokenId}</span>
          <span aria-label={`${nft.likes} likes`} className="inline-flex items-center gap-1">
            <Icon name="heart" className="h-4 w-4" /> {nft.likes}
          </span>
          {nft.lazyMinted && (
            <span className="rounded bg-accent px-2 py-0.5 text-xs font-semibold text-white">Lazy minted</span>
          )}
        </div>
        <p className="mt-6 text-jacarta-500 dark:text-jacarta-200">{nft.description}</p>
        <dl className="mt-6 grid grid-cols-2 gap-4 text-sm">
          <div>
            <dt className="text-jacarta-500 dark:text-jacarta-200">Owned by</dt>
            <dd className="font-mono">
              <Link to="/user/$address" params={{ address: nft.owner }} className="hover:text-accent">
                {shortenAddress(nft.owner)}
              </Link>
            </dd>
          </div>
          <div>
            <dt className="text-jacarta-500 dark:text-jacarta-200">Created by</dt>
            <dd className="font-mono">
              <Link to="/user/$address" params={{ address: nft.creator }} className="hover:text-accent">
                {shortenAddress(nft.creator)}
              </Link>
            </dd>
          </div>
        </dl>

        <div className="mt-8 rounded-2xl border border-jacarta-100 bg-white p-6 dark:border-jacarta-700 dark:bg-jacarta-800">
          {auction ? (
            <>
              <p className="text-sm text-jacarta-500 dark:text-jacarta-200">
                Auction ends in{' '}
                <span data-testid="countdown" suppressHydrationWarning>
                  {countdown(auction.endsAt)}
                </span>
              </p>
              <p className="mt-2 font-display text-2xl font-bold">
                {highestBid
                  ? `${formatEth(highestBid.price!.eth)} WETH`
                  : `${formatEth(auction.price!.eth)} ETH reserve`}
              </p>
              <p className="text-sm text-jacarta-500 dark:text-jacarta-200">
                {highestBid ? 'Highest bid' : 'No bids yet'}
              </p>
            </>
          ) : nft.price ? (
            <>
              <p className="text-sm text-jacarta-500 dark:text-jacarta-200">Price</p>
              <p className="mt-1 font-display text-2xl font-bold">{formatEth(nft.price.eth)} ETH</p>
            </>
          ) : (
            <p className="font-semibold">Not listed for sale</p>
          )}
          <div className="mt-6 flex flex-wrap gap-3">
            {fixed && (
              <button
                type="button"
                onClick={() => setModal('buy')}
                className="flex-1 rounded-full bg-accent px-6 py-3 font-semibold text-white hover:bg-accent-dark"
              >
                Buy now
              </button>
            )}
            <button
              type="button"
              onClick={() => setModal('bid')}
              className="flex-1 rounded-full border border-accent px-6 py-3 font-semibold text-accent hover:bg-accent hover:text-white dark:text-white"
            >
              Place bid
            </button>
          </div>
        </div>

        <h2 className="mt-10 mb-4 font-display text-xl font-semibold">Offers</h2>
        {nft.offers.length === 0 ? (
          <p className="text-sm text-jacarta-500 dark:text-jacarta-200">No offers yet.</p>
        ) : (
          <ul className="divide-y divide-jacarta-100 rounded-2xl border border-jacarta-100 dark:divide-jacarta-700 dark:border-jacarta-700">
            {nft.offers.map((o) => (
              <li key={o.id} className="flex items-center justify-between gap-4 p-4 text-sm">
                <span className="font-semibold">{formatEth(o.price!.eth)} WETH</span>
                <span className="font-mono text-xs">{shortenAddress(o.maker)}</span>
                <span className="text-jacarta-500 dark:text-jacarta-200" suppressHydrationWarning>
                  expires {relativeTime(o.endsAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="md:col-span-2">
        <h2 className="mb-4 font-display text-xl font-semibold">Item activity</h2>
        <ActivityTable query={activity} />
      </div>
      <PlaceBidModal open={modal === 'bid'} onClose={() => setModal(null)} itemName={nft.name} />
      {fixed && nft.price && (
        <CheckoutModal
          open={modal === 'buy'}
          onClose={() => setModal(null)}
          item={{
            name: nft.name,
            image: nft.image,
            collection: nft.collection.name,
            priceWei: nft.price.wei,
            creatorEarningsBps: collection.creatorEarningsBps,
          }}
        />
      )}
    </section>
  )
}
