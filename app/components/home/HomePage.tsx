import type { QueryClient } from '@tanstack/react-query'
import type { RouterContext } from '../../routes/__root'
import type { HomeSection, HomeVariant } from '../../lib/home-variants'
import { Categories } from './Categories'
import { Hero } from './Hero'
import { HotBids, hotBidsInput } from './HotBids'
import { HowItWorks } from './HowItWorks'
import { NewsletterCta } from './NewsletterCta'
import { TopCollections, topCollectionsInput } from './TopCollections'
import { TrendingItems, trendingInput } from './TrendingItems'

const SECTIONS: Record<HomeSection, () => React.JSX.Element> = {
  trending: TrendingItems,
  collections: TopCollections,
  auctions: HotBids,
  categories: Categories,
  how: HowItWorks,
  newsletter: NewsletterCta,
}

/** Server-side prefetch of the data sections, so the first HTML already shows them. */
export function prefetchHome({ queryClient, trpc }: { queryClient: QueryClient; trpc: RouterContext['trpc'] }) {
  return Promise.all([
    queryClient.ensureQueryData(trpc.nft.list.queryOptions(trendingInput())),
    queryClient.ensureQueryData(trpc.collection.list.queryOptions(topCollectionsInput())),
    queryClient.ensureQueryData(trpc.nft.list.queryOptions(hotBidsInput)),
  ])
}

export function HomePage({ variant }: { variant: HomeVariant }) {
  return (
    <div data-home={variant.n}>
      <Hero variant={variant} />
      {variant.sections.map((section) => {
        const Component = SECTIONS[section]
        return <Component key={section} />
      })}
    </div>
  )
}
