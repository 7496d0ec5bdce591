import { Link } from '@tanstack/react-router'
import type { HomeVariant } from '../../lib/home-variants'

const tones: Record<HomeVariant['tone'], string> = {
  violet: 'from-accent/25 via-white to-pink-200/40 dark:from-accent/30 dark:via-jacarta-900 dark:to-pink-500/10',
  sunset:
    'from-orange-200/50 via-white to-pink-200/50 dark:from-orange-500/15 dark:via-jacarta-900 dark:to-pink-500/15',
  ocean: 'from-cyan-200/50 via-white to-accent/20 dark:from-cyan-500/15 dark:via-jacarta-900 dark:to-accent/20',
  night: 'from-jacarta-100 via-white to-accent/25 dark:from-jacarta-800 dark:via-jacarta-900 dark:to-accent/25',
}

export function Hero({ variant }: { variant: HomeVariant }) {
  return (
    <section className={`bg-gradient-to-br ${tones[variant.tone]} pt-32 pb-20 md:pt-40 md:pb-28`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold tracking-widest text-accent uppercase dark:text-accent-lighter">
          {variant.eyebrow}
        </p>
        <h1 className="mt-4 max-w-3xl font-display text-4xl font-bold tracking-tight md:text-6xl">{variant.title}</h1>
        <p className="mt-6 max-w-2xl text-lg text-jacarta-500 dark:text-jacarta-200">{variant.lead}</p>
        <div className="mt-10 flex flex-wrap gap-4">
          <Link
            to="/collection/explore_collection"
            className="rounded-full bg-accent px-8 py-3 font-semibold text-white shadow-lg hover:bg-accent-dark"
          >
            Explore
          </Link>
          <Link
            to="/create"
            className="rounded-full border border-jacarta-200 bg-white px-8 py-3 font-semibold text-accent hover:bg-accent hover:text-white dark:border-transparent dark:bg-white/10 dark:text-white"
          >
            Create
          </Link>
        </div>
      </div>
    </section>
  )
}
