import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTRPC } from '../../lib/trpc-react'
import { Icon } from '../icons'
import { featuredInput } from './prefetch'
import { Section } from './Section'

/** The collections this marketplace features, newest featured first; nothing when none is. */
export function FeaturedCollections() {
  const trpc = useTRPC()
  const featured = useQuery(trpc.collection.list.queryOptions(featuredInput)).data?.data ?? []
  if (featured.length === 0) return null
  return (
    <Section title="Featured" id="featured-collections">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="featured-collections">
        {featured.map((c) => (
          <li
            key={c.id}
            className="relative overflow-hidden rounded-2xl border border-jacarta-100 bg-white dark:border-jacarta-700 dark:bg-jacarta-800"
          >
            <img src={c.banner} alt="" width={600} height={200} loading="lazy" className="h-32 w-full object-cover" />
            <div className="flex items-center gap-3 p-4">
              <img src={c.logo} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded-full" />
              <p className="flex min-w-0 items-center gap-1 font-display font-semibold">
                <Link
                  to="/collection/$slug"
                  params={{ slug: c.slug }}
                  className="truncate after:absolute after:inset-0"
                >
                  {c.name}
                </Link>
                {c.verified && <Icon name="verified" className="h-4 w-4 shrink-0 text-accent" label="Verified" />}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  )
}
