import type { SigningView } from '../../../chain/signing'
import type { RouterOutputs } from '../../../server/trpc/root'
import { formatEth, relativeTime, shortenAddress } from '../../lib/format'
import { offerScope } from '../../lib/collection-offers'
import { whyUnfillable } from '../../lib/unfillable'
import type { useTrade } from './use-trade'

type Offer = RouterOutputs['nft']['byId']['collectionOffers'][number]

const same = (a?: string, b?: string) => !!a && !!b && a.toLowerCase() === b.toLowerCase()

/**
 * The item page's collection and trait offers this token may fill, the best first: a holder
 * accepts one with this token; their maker cancels it.
 */
export function CollectionOffers({
  offers,
  collection,
  tokenId,
  canGive,
  viewer,
  tradable,
  trade,
  view,
}: {
  offers: Offer[]
  collection: string
  tokenId: string
  /** The viewer holds this token (an ERC-721's owner, or a holder of an ERC-1155 one). */
  canGive: boolean
  viewer: string | undefined
  tradable: boolean
  trade: ReturnType<typeof useTrade>
  /** What the signing summary may name and check the fill against, at the price shown. */
  view: (price: bigint) => SigningView
}) {
  if (!offers.length) return null
  const act = (run: Parameters<typeof trade.run>[0], done: string) => void trade.run(run, { done })
  const best = offers.find((o) => o.fillable)
  return (
    <>
      <h2 className="mt-10 mb-2 font-display text-xl font-semibold">Collection offers</h2>
      {best && (
        <p className="mb-4 text-sm" data-testid="best-collection-offer">
          Best collection offer: <strong>{formatEth(best.price!.eth)} WETH</strong> for {offerScope(best, collection)}
        </p>
      )}
      <ul
        data-testid="collection-offers"
        className="divide-y divide-jacarta-100 rounded-2xl border border-jacarta-100 dark:divide-jacarta-700 dark:border-jacarta-700"
      >
        {offers.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center justify-between gap-4 p-4 text-sm">
            <span className="font-semibold">
              {formatEth(o.price!.eth)} WETH
              <span className="font-normal"> for {offerScope(o, collection)}</span>
              {o.quantity !== '1' && (
                <span className="font-normal">
                  {' '}
                  · {o.remaining} of {o.quantity} wanted
                </span>
              )}
            </span>
            <span className="font-mono text-xs">{shortenAddress(o.maker)}</span>
            <span className="text-jacarta-500 dark:text-jacarta-200" suppressHydrationWarning>
              expires {relativeTime(o.endsAt)}
            </span>
            {!o.fillable && (
              <span className="basis-full text-jacarta-500 dark:text-jacarta-200">
                Cannot be accepted: {whyUnfillable('offer', o.reason)}
              </span>
            )}
            {o.fillable && tradable && canGive && !same(o.maker, viewer) && (
              <button
                type="button"
                disabled={trade.busy}
                onClick={() =>
                  act(
                    (t, on) => t.acceptWithToken(o.orderHash, BigInt(tokenId), on, 1n, view(BigInt(o.price!.wei))),
                    `Collection offer accepted: sold for ${formatEth(o.price!.eth)} WETH.`,
                  )
                }
                className="rounded-full bg-accent px-4 py-1.5 font-semibold text-white hover:bg-accent-dark disabled:opacity-50"
              >
                Accept with this item
              </button>
            )}
            {same(o.maker, viewer) && (
              <button
                type="button"
                disabled={trade.busy}
                onClick={() => act((t, on) => t.cancel(o.orderHash, on), 'Collection offer cancelled on chain.')}
                className="rounded-full border border-jacarta-200 px-4 py-1.5 font-semibold hover:border-accent disabled:opacity-50"
              >
                Cancel
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  )
}
