import type { HomeSection, HomeVariant } from '../../lib/home-variants'
import { Categories } from './Categories'
import { FeaturedCollections } from './FeaturedCollections'
import { Hero } from './Hero'
import { HotBids } from './HotBids'
import { HowItWorks } from './HowItWorks'
import { NewsletterCta } from './NewsletterCta'
import { TopCollections } from './TopCollections'
import { TrendingItems } from './TrendingItems'

const SECTIONS: Record<HomeSection, () => React.JSX.Element> = {
  trending: TrendingItems,
  collections: TopCollections,
  auctions: HotBids,
  categories: Categories,
  how: HowItWorks,
  newsletter: NewsletterCta,
}

export function HomePage({ variant }: { variant: HomeVariant }) {
  return (
    <div data-home={variant.n}>
      <Hero variant={variant} />
      <FeaturedCollections />
      {variant.sections.map((section) => {
        const Component = SECTIONS[section]
        return <Component key={section} />
      })}
    </div>
  )
}
