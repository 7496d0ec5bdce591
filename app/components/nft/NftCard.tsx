import { Link } from '@tanstack/react-router'
import type { RouterOutputs } from '../../../server/trpc/root'
import { countdown, formatEth } from '../../lib/format'
import { LookalikeBadge } from '../collection/Lookalike'
import { Icon } from '../icons'
import { CARD_SIZES, NftPicture } from './NftMedia'

/** `quantity`: on a profile's Owned tab, how many the address holds (ERC-1155). */
export type NftSummary = RouterOutputs['nft']['list']['data'][number] & { quantity?: string }

export function NftCard({ nft, priority = false }: { nft: NftSummary; priority?: boolean }) {
  return (
    <article className="group relative rounded-2xl border border-jacarta-100 bg-white p-3 transition-shadow hover:shadow-lg dark:border-jacarta-700 dark:bg-jacarta-800">
      <div className="relative aspect-square overflow-hidden rounded-xl bg-jacarta-50 dark:bg-jacarta-700">
        <NftPicture
          image={nft.image}
          alt={nft.name}
          sizes={CARD_SIZES}
          width={400}
          height={400}
          priority={priority}
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        {nft.auctionEndsAt && (
          <span className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-lg bg-white/90 px-2 py-1 text-xs font-semibold text-jacarta-700 dark:bg-jacarta-900/90 dark:text-white">
            <Icon name="clock" className="h-3.5 w-3.5" />
            <span suppressHydrationWarning>{countdown(nft.auctionEndsAt)}</span>
          </span>
        )}
        {nft.quantity !== undefined && nft.quantity !== '1' && (
          <span
            className="absolute top-2 right-2 rounded-lg bg-white/90 px-2 py-1 text-xs font-semibold text-jacarta-700 dark:bg-jacarta-900/90 dark:text-white"
            data-testid="owned-quantity"
            aria-label={`${nft.quantity} held`}
          >
            × {nft.quantity}
          </span>
        )}
        {nft.lazyMinted && (
          <span className="absolute top-2 left-2 rounded-lg bg-accent px-2 py-1 text-xs font-semibold text-white">
            Lazy minted
          </span>
        )}
      </div>
      <div className="mt-3 flex items-center gap-1 text-xs text-jacarta-500 dark:text-jacarta-200">
        <span className="truncate">{nft.collection.name}</span>
        {nft.collection.verified && (
          <Icon name="verified" className="h-4 w-4 shrink-0 text-accent" label="Verified collection" />
        )}
        {nft.collection.lookalikeOf !== null && <LookalikeBadge />}
        {nft.rarity && (
          <span
            className="ml-auto shrink-0 rounded-md bg-jacarta-50 px-1.5 py-0.5 font-semibold text-jacarta-700 dark:bg-jacarta-700 dark:text-white"
            data-testid="rarity-rank"
            title={`Rarity rank ${nft.rarity.rank} of ${nft.rarity.of}`}
          >
            <span className="sr-only">Rarity rank </span>#{nft.rarity.rank.toLocaleString('en-US')}
          </span>
        )}
      </div>
      <h3 className="mt-1 truncate font-display text-base font-semibold">
        <Link to="/item/$id" params={{ id: String(nft.id) }} className="after:absolute after:inset-0">
          {nft.name}
        </Link>
      </h3>
      <div className="mt-2 flex items-center justify-between text-sm">
        {nft.price ? (
          <span className="inline-flex items-center gap-1 font-semibold">
            <Icon name="eth" className="h-4 w-4" />
            {formatEth(nft.price.eth)} ETH
          </span>
        ) : (
          <span className="text-jacarta-500 dark:text-jacarta-200">Not listed</span>
        )}
        <span
          className="inline-flex items-center gap-1 text-jacarta-500 dark:text-jacarta-200"
          aria-label={`${nft.likes} likes`}
        >
          <Icon name="heart" className="h-4 w-4" />
          {nft.likes}
        </span>
      </div>
      {nft.bestOffer && (
        <p className="mt-1 text-xs text-jacarta-500 dark:text-jacarta-200">
          Best offer {formatEth(nft.bestOffer.eth)} WETH
        </p>
      )}
    </article>
  )
}
