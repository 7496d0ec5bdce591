import type { ReactNode } from 'react'
import type { ActivityKind } from '../lib/activity'

const CHIP_LABELS: Record<ActivityKind, string> = {
  sale: 'Sales',
  list: 'Listings',
  offer: 'Offers',
  transfer: 'Transfers',
  mint: 'Mints',
  cancel: 'Cancels',
  like: 'Likes',
}

/** A chip link's `activeOptions`: the URL's kind must be the chip's, a missing one included. */
export const CHIP_ACTIVE = { includeSearch: true, explicitUndefined: true } as const

/** "No sales yet" under a filter that finds nothing; without one, the table's own words. */
export const noEventsTitle = (kind: ActivityKind | undefined) =>
  kind === undefined ? undefined : `No ${CHIP_LABELS[kind].toLowerCase()} yet`

const chipClass = (selected: boolean) =>
  `inline-block rounded-xl border px-3 py-1.5 text-sm font-semibold sm:px-4 sm:py-2 ${
    selected
      ? 'border-transparent bg-accent text-white'
      : 'border-jacarta-100 hover:border-accent dark:border-jacarta-600 dark:hover:border-accent'
  }`

/**
 * The chips that filter an activity table by kind: "All" and one per kind, the chosen one marked
 * (`aria-current="page"`: it links to the page as shown) and filled. Each chip is the page's own
 * link (`chip` renders it, so each route keeps its typed search), so it works before hydration and
 * survives a reload. A router `Link` must be told that a missing kind counts (`CHIP_ACTIVE`), or
 * "All" would be marked current under every filter.
 */
export function ActivityKindFilter<K extends ActivityKind>({
  kinds,
  value,
  chip,
  label = 'Filter events',
  id,
}: {
  kinds: readonly K[]
  value: K | undefined
  /** A link to the page with this kind (undefined: every kind), with these props. */
  chip: (kind: K | undefined, props: { className: string; 'aria-current'?: 'page'; children: ReactNode }) => ReactNode
  label?: string
  id: string
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2">
      <span id={id} className="text-sm font-semibold text-jacarta-500 dark:text-jacarta-200">
        {label}
      </span>
      <ul className="flex flex-wrap gap-2" aria-labelledby={id}>
        {[undefined, ...kinds].map((kind) => {
          const selected = value === kind
          return (
            <li key={kind ?? 'all'}>
              {chip(kind, {
                className: chipClass(selected),
                ...(selected ? { 'aria-current': 'page' as const } : {}),
                children: kind === undefined ? 'All' : CHIP_LABELS[kind],
              })}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
