import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTRPC } from '../../lib/trpc-react'

const CLASSES =
  'rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-200'

/** On a card or in a list: this unverified collection's name imitates a verified one's. */
export function LookalikeBadge() {
  return (
    <span className={`shrink-0 ${CLASSES}`} title="Its name imitates a verified collection's: check the contract">
      Lookalike
    </span>
  )
}

/** On the collection's page: which verified collection it imitates, with a link to the real one. */
export function LookalikeWarning({ of }: { of: number }) {
  const trpc = useTRPC()
  const real = useQuery(trpc.collection.byIdOrSlug.queryOptions({ idOrSlug: String(of) }))
  return (
    <p
      role="alert"
      data-testid="lookalike-warning"
      className="mt-4 max-w-3xl rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <strong>Possible impostor.</strong> This unverified collection’s name is close to the verified collection{' '}
      {real.data ? (
        <Link to="/collection/$slug" params={{ slug: real.data.slug }} className="font-semibold underline">
          {real.data.name}
        </Link>
      ) : (
        'of another project'
      )}
      . Check the contract address before you buy.
    </p>
  )
}
