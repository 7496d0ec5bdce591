import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import type { Address } from 'viem'
import { formatEth, relativeTime, shortenAddress } from '../../lib/format'
import { useTRPC } from '../../lib/trpc-react'
import { offerScope } from '../../lib/collection-offers'

// The form brings zod, viem and the Seaport code: loaded when the visitor starts an offer.
const CollectionOfferModal = lazy(() =>
  import('../modals/CollectionOfferModal').then((m) => ({ default: m.CollectionOfferModal })),
)

/** The collection page's collection and trait offers: the best first, and a way to make one. */
export function CollectionOfferPanel({
  collection,
}: {
  collection: {
    name: string
    slug: string
    chainId: number
    contract: string
    standard: 'erc721' | 'erc1155'
    stats: { items: number }
  }
}) {
  const trpc = useTRPC()
  const offers = useQuery(trpc.collection.offers.queryOptions({ idOrSlug: collection.slug })).data ?? []
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const best = offers.find((o) => o.fillable)
  return (
    <section aria-labelledby="collection-offers" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="collection-offers" className="font-display text-xl font-semibold">
          Collection offers
        </h2>
        <button
          type="button"
          onPointerEnter={() => setWanted(true)}
          onFocus={() => setWanted(true)}
          onClick={() => {
            setWanted(true)
            setOpen(true)
          }}
          className="rounded-full border border-accent px-5 py-2 font-semibold text-accent hover:bg-accent hover:text-white dark:text-white"
        >
          Make a collection offer
        </button>
      </div>
      {best ? (
        <p className="mt-2 text-sm" data-testid="best-collection-offer">
          Best collection offer: <strong>{formatEth(best.price!.eth)} WETH</strong> for{' '}
          {offerScope(best, collection.name)}
        </p>
      ) : (
        <p className="mt-2 text-sm text-jacarta-500 dark:text-jacarta-200">No collection offers yet.</p>
      )}
      {offers.length > 0 && (
        <ul className="mt-3 divide-y divide-jacarta-100 rounded-2xl border border-jacarta-100 text-sm dark:divide-jacarta-700 dark:border-jacarta-700">
          {offers.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <span className="font-semibold">
                {formatEth(o.price!.eth)} WETH <span className="font-normal">for {offerScope(o, collection.name)}</span>
              </span>
              <span>
                {o.remaining} of {o.quantity} wanted
              </span>
              <span className="font-mono text-xs">{shortenAddress(o.maker)}</span>
              <span className="text-jacarta-500 dark:text-jacarta-200" suppressHydrationWarning>
                {o.fillable ? `expires ${relativeTime(o.endsAt)}` : 'cannot be accepted now'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {wanted && (
        <Suspense>
          <CollectionOfferModal
            open={open}
            onClose={() => setOpen(false)}
            collection={{
              name: collection.name,
              slug: collection.slug,
              chainId: collection.chainId,
              contract: collection.contract as Address,
              standard: collection.standard,
              items: collection.stats.items,
            }}
          />
        </Suspense>
      )}
    </section>
  )
}
