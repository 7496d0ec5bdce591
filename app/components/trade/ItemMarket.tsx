import { useQuery } from '@tanstack/react-query'
import { Suspense, useState } from 'react'
import type { Address } from 'viem'
import type { RouterOutputs } from '../../../server/trpc/root'
import { countdown, formatEth, relativeTime, shortenAddress } from '../../lib/format'
import { useTRPC } from '../../lib/trpc-react'
import { cart, useCart } from '../../lib/cart'
import { useWallet } from '../../wallet/WalletProvider'
import { sentenceCase } from '../../lib/format'
import { whyUnfillable } from '../../lib/unfillable'
import type { CheckoutItem } from '../modals/CheckoutModal'
import { CollectionOffers } from './CollectionOffers'
import { CheckoutModal, ListModal, PlaceBidModal, preloadTradeModals } from './trade-modals'
import { signingView } from './signing-view'
import { TradeStatus } from './TradeStatus'
import { useTrade } from './use-trade'

type Nft = RouterOutputs['nft']['byId']

const same = (a?: string, b?: string) => !!a && !!b && a.toLowerCase() === b.toLowerCase()
const min = (a: bigint, b: bigint) => (a < b ? a : b)
const button = 'flex-1 rounded-full px-6 py-3 font-semibold disabled:opacity-50'
const primary = `${button} bg-accent text-white hover:bg-accent-dark`
const secondary = `${button} border border-accent text-accent hover:bg-accent hover:text-white dark:text-white`

/**
 * The item page's market: price or auction, and what the visitor can do: buy, offer or bid
 * as a buyer; list, auction, cancel and accept offers as the owner; cancel their own offers.
 */
export function ItemMarket({ nft, image }: { nft: Nft; image: string }) {
  const wallet = useWallet()
  const trade = useTrade()
  const [modal, setModal] = useState<'bid' | 'list' | null>(null)
  // The offer and sell modals load with the first one opened, then stay mounted (closed) as before.
  const [modalsWanted, setModalsWanted] = useState(false)
  if (modal && !modalsWanted) setModalsWanted(true)
  // What is being bought stays on screen through the purchase, after which the listing is gone.
  const [checkout, setCheckout] = useState<CheckoutItem | null>(null)
  const viewer = wallet.status === 'connected' ? wallet.address : undefined
  // An ERC-1155 token has many holders: the viewer's own balance says whether they may sell.
  const editions = nft.standard === 'erc1155'
  const trpc = useTRPC()
  const holding = useQuery({
    ...trpc.nft.holding.queryOptions({ id: nft.id, address: viewer ?? '' }),
    enabled: editions && viewer !== undefined,
  })
  const held = BigInt(holding.data?.quantity ?? '0')
  const isOwner = !editions && same(viewer, nft.owner)
  // An auction runs while its seller holds the token; once ended, its highest bid may be accepted.
  const auction = nft.listings.find((l) => l.kind === 'auction' && (l.fillable || l.reason === 'expired'))
  const auctionOver = auction?.ended ?? false
  // Only a listing with a signed Seaport order can be bought, and only while it can be filled.
  const signed = nft.listings.filter((l) => l.kind !== 'auction' && l.orderHash)
  const buyable = signed.filter((l) => l.fillable)
  const mine = signed.find((l) => same(l.maker, viewer))
  const fixed = editions ? buyable.find((l) => !same(l.maker, viewer)) : buyable[0]
  // A signed listing that cannot be filled now is shown with why, never with a Buy button.
  const stale = !fixed && signed.find((l) => !l.fillable && !same(l.maker, viewer))
  const unsigned = !fixed && nft.listings.find((l) => l.kind === 'fixed' && !l.orderHash)
  const highestBid = nft.offers.find((o) => o.fillable)
  const token = { chainId: nft.chainId, contract: nft.contract as Address, tokenId: nft.tokenId }
  // What the signing summary may name and check the order against (never its source).
  const view = (price?: bigint) =>
    signingView({ ...token, name: nft.name, collection: nft.collection.name, fees: nft.fees, price })

  const act = (run: Parameters<typeof trade.run>[0], done: string) => void trade.run(run, { done })
  // An ERC-1155 offer may be accepted by any holder but its maker, for as many as they hold.
  const canAccept = (offer: Nft['offers'][number]) => (editions ? held > 0n && !same(offer.maker, viewer) : isOwner)
  const checkoutOf = (listing: (typeof signed)[number]): CheckoutItem => ({
    name: nft.name,
    image,
    collection: nft.collection.name,
    chainId: nft.chainId,
    priceWei: listing.price!.wei,
    orderHash: listing.orderHash!,
    contract: nft.contract,
    tokenId: nft.tokenId,
    fees: nft.fees,
    remaining: Number(listing.remaining),
  })

  const inCart = useCart().some((e) => e.orderHash === fixed?.orderHash)
  // A lazy mint's voucher is redeemed on its own contract: only Seaport listings go in the cart.
  const cartButton = fixed && fixed.kind === 'fixed' && (
    <button
      type="button"
      disabled={inCart}
      onClick={() =>
        cart.add({
          orderHash: fixed.orderHash!,
          chainId: nft.chainId,
          nftId: nft.id,
          name: nft.name,
          image,
          collection: nft.collection.name,
          units: 1,
        })
      }
      className={secondary}
      data-testid="add-to-cart"
    >
      {inCart ? 'In cart' : 'Add to cart'}
    </button>
  )

  const cancelButton = (orderHash: string) => (
    <button
      type="button"
      disabled={trade.busy}
      onClick={() => act((t, on) => t.cancel(orderHash, on, view()), 'Listing cancelled on chain.')}
      className={secondary}
    >
      Cancel listing
    </button>
  )

  return (
    <>
      <div className="mt-8 rounded-2xl border border-jacarta-100 bg-white p-6 dark:border-jacarta-700 dark:bg-jacarta-800">
        {auction ? (
          <>
            <p className="text-sm text-jacarta-500 dark:text-jacarta-200">
              {auctionOver ? (
                'Auction ended'
              ) : (
                <>
                  Auction ends in{' '}
                  <span data-testid="countdown" suppressHydrationWarning>
                    {countdown(auction.endsAt)}
                  </span>
                </>
              )}
            </p>
            <p className="mt-2 font-display text-2xl font-bold" data-testid="item-price">
              {highestBid ? `${formatEth(highestBid.price!.eth)} WETH` : `${formatEth(auction.price!.eth)} ETH reserve`}
            </p>
            <p className="text-sm text-jacarta-500 dark:text-jacarta-200">
              {highestBid ? 'Highest bid' : 'No bids yet'}
            </p>
          </>
        ) : fixed ? (
          <>
            <p className="text-sm text-jacarta-500 dark:text-jacarta-200">Price</p>
            <p className="mt-1 font-display text-2xl font-bold" data-testid="item-price">
              {formatEth(fixed.price!.eth)} ETH
            </p>
            {fixed.quantity !== '1' && (
              <p className="text-sm text-jacarta-500 dark:text-jacarta-200" data-testid="item-quantity">
                each · {fixed.remaining} of {fixed.quantity} left
              </p>
            )}
            {fixed.checkedBlock !== null && (
              <p className="text-xs text-jacarta-500 dark:text-jacarta-200" data-testid="listing-checked">
                Seller’s token and approval checked at block {fixed.checkedBlock}
              </p>
            )}
          </>
        ) : stale ? (
          <>
            <p className="text-sm text-jacarta-500 dark:text-jacarta-200">Listed at</p>
            <p className="mt-1 font-display text-2xl font-bold">{formatEth(stale.price!.eth)} ETH</p>
            <p className="mt-1 text-sm text-jacarta-500 dark:text-jacarta-200" data-testid="listing-unfillable">
              Cannot be bought: {whyUnfillable('listing', stale.reason)}
              {stale.checkedBlock !== null && ` (checked at block ${stale.checkedBlock})`}
            </p>
          </>
        ) : unsigned ? (
          <>
            <p className="text-sm text-jacarta-500 dark:text-jacarta-200">Last listed at</p>
            <p className="mt-1 font-display text-2xl font-bold">{formatEth(unsigned.price!.eth)} ETH</p>
            <p className="mt-1 text-sm text-jacarta-500 dark:text-jacarta-200">
              Imported without a signed order, so it cannot be bought on Vitrine.
            </p>
          </>
        ) : (
          <p className="font-semibold">Not listed for sale</p>
        )}
        <p className="mt-3 text-xs text-jacarta-500 dark:text-jacarta-200" data-testid="item-fees">
          {nft.fees
            .map((fee) => (fee.bps > 0 ? `${sentenceCase(fee.label)} ${fee.bps / 100}%` : fee.note))
            .filter(Boolean)
            .join(' · ')}
        </p>
        {!nft.tradable ? (
          <p className="mt-4 text-sm text-jacarta-500 dark:text-jacarta-200">
            Trading on this network is not available on this Vitrine.
          </p>
        ) : nft.flagged ? (
          // Nothing of a token flagged stolen trades here; its maker may still cancel a listing on chain.
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <p className="text-sm text-jacarta-500 dark:text-jacarta-200" data-testid="flagged-no-trade">
              Flagged stolen: it cannot be bought, sold or offered on here.
            </p>
            {mine && cancelButton(mine.orderHash!)}
          </div>
        ) : (
          <div className="mt-6 flex flex-wrap gap-3" onPointerEnter={preloadTradeModals} onFocus={preloadTradeModals}>
            {editions ? (
              <>
                {fixed && (
                  <button type="button" onClick={() => setCheckout(checkoutOf(fixed))} className={primary}>
                    Buy now
                  </button>
                )}
                {cartButton}
                {held > 0n && !mine && (
                  <button type="button" onClick={() => setModal('list')} className={fixed ? secondary : primary}>
                    Sell
                  </button>
                )}
                {mine && cancelButton(mine.orderHash!)}
                <button type="button" onClick={() => setModal('bid')} className={secondary}>
                  Make offer
                </button>
              </>
            ) : isOwner ? (
              <>
                {!fixed && !auction && (
                  <button type="button" onClick={() => setModal('list')} className={primary}>
                    Sell
                  </button>
                )}
                {mine && cancelButton(mine.orderHash!)}
              </>
            ) : (
              <>
                {fixed && (
                  <button type="button" onClick={() => setCheckout(checkoutOf(fixed))} className={primary}>
                    Buy now
                  </button>
                )}
                {cartButton}
                {!auctionOver && (
                  <button type="button" onClick={() => setModal('bid')} className={fixed ? secondary : primary}>
                    Place bid
                  </button>
                )}
              </>
            )}
          </div>
        )}
        <TradeStatus state={trade.state} chainId={nft.chainId} />
      </div>

      <h2 className="mt-10 mb-4 font-display text-xl font-semibold">{auction ? 'Bids' : 'Offers'}</h2>
      {nft.offers.length === 0 ? (
        <p className="text-sm text-jacarta-500 dark:text-jacarta-200">No offers yet.</p>
      ) : (
        <ul
          data-testid="offers"
          className="divide-y divide-jacarta-100 rounded-2xl border border-jacarta-100 dark:divide-jacarta-700 dark:border-jacarta-700"
        >
          {nft.offers.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-4 p-4 text-sm">
              <span className="font-semibold">
                {formatEth(o.price!.eth)} WETH
                {o.quantity !== '1' && (
                  <span className="font-normal" data-testid="offer-quantity">
                    {' '}
                    each · {o.remaining} of {o.quantity} wanted
                  </span>
                )}
              </span>
              <span className="font-mono text-xs">{shortenAddress(o.maker)}</span>
              <span className="text-jacarta-500 dark:text-jacarta-200" suppressHydrationWarning>
                expires {relativeTime(o.endsAt)}
              </span>
              {!o.fillable && (
                <span className="basis-full text-jacarta-500 dark:text-jacarta-200" data-testid="offer-unfillable">
                  Cannot be accepted: {whyUnfillable('offer', o.reason)}
                  {o.checkedBlock !== null && ` (checked at block ${o.checkedBlock})`}
                </span>
              )}
              {o.orderHash &&
                o.fillable &&
                nft.tradable &&
                canAccept(o) &&
                (!auction || (auctionOver && o === highestBid)) && (
                  <button
                    type="button"
                    disabled={trade.busy}
                    onClick={() => {
                      const units = editions ? min(BigInt(o.remaining), held) : undefined
                      act(
                        (t, on) => t.accept(o.orderHash!, on, units, view(BigInt(o.price!.wei) * (units ?? 1n))),
                        units === undefined
                          ? `Offer accepted: sold for ${formatEth(o.price!.eth)} WETH.`
                          : `Offer accepted: sold ${units} for ${formatEth(o.price!.eth)} WETH each.`,
                      )
                    }}
                    className="rounded-full bg-accent px-4 py-1.5 font-semibold text-white hover:bg-accent-dark disabled:opacity-50"
                  >
                    Accept
                  </button>
                )}
              {o.orderHash && same(o.maker, viewer) && (
                <button
                  type="button"
                  disabled={trade.busy}
                  onClick={() => act((t, on) => t.cancel(o.orderHash!, on, view()), 'Offer cancelled on chain.')}
                  className="rounded-full border border-jacarta-200 px-4 py-1.5 font-semibold hover:border-accent disabled:opacity-50"
                >
                  Cancel
                </button>
              )}
            </li>
          ))}
        </ul>
      )}

      <CollectionOffers
        offers={nft.collectionOffers}
        collection={nft.collection.name}
        tokenId={nft.tokenId}
        canGive={isOwner || held > 0n}
        viewer={viewer}
        tradable={nft.tradable && !nft.flagged}
        trade={trade}
        view={(price) => view(price)}
      />

      <Suspense>
        {checkout && <CheckoutModal open onClose={() => setCheckout(null)} item={checkout} />}
        {modalsWanted && (
          <>
            <PlaceBidModal
              open={modal === 'bid'}
              onClose={() => setModal(null)}
              target={{
                name: nft.name,
                collection: nft.collection.name,
                token,
                fees: nft.fees,
                editions,
                auction: auction && { endsAt: auction.endsAt, reserveWei: auction.price!.wei },
                highestBidWei: highestBid?.price?.wei,
              }}
            />
            {(isOwner || held > 0n) && (
              <ListModal
                open={modal === 'list'}
                onClose={() => setModal(null)}
                item={{
                  name: nft.name,
                  collection: nft.collection.name,
                  nftId: nft.id,
                  token,
                  fees: nft.fees,
                  ...(editions ? { held } : {}),
                }}
              />
            )}
          </>
        )}
      </Suspense>
    </>
  )
}
