import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { DecisionJson } from '../../../server/queries/decisions'
import { relativeTime, shortenAddress } from '../../lib/format'
import { withinAWeek } from './rules'

/** A section of the console: a heading, an optional line under it, and what it shows. */
export function Panel({
  title,
  lead,
  actions,
  children,
  testId,
}: {
  title: string
  lead?: ReactNode
  actions?: ReactNode
  children: ReactNode
  testId?: string
}) {
  return (
    <section
      aria-label={title}
      data-testid={testId}
      className="rounded-2xl border border-jacarta-100 bg-white p-4 sm:p-6 dark:border-jacarta-700 dark:bg-jacarta-800"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-display text-xl font-semibold">{title}</h2>
        {actions}
      </div>
      {lead && <p className="mt-1 text-sm text-jacarta-500 dark:text-jacarta-200">{lead}</p>}
      <div className="mt-4">{children}</div>
    </section>
  )
}

/** A small button of a row's actions. */
export const actionButton =
  'rounded-full border border-jacarta-100 px-3 py-1.5 text-xs font-semibold hover:border-accent hover:text-accent disabled:opacity-50 dark:border-jacarta-600'

/** The same, for what cannot be taken back lightly. */
export const dangerButton =
  'rounded-full border border-red-300 px-3 py-1.5 text-xs font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950'

/** A term and its value in a row's facts. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-jacarta-500 dark:text-jacarta-300">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  )
}

/** A time within a week as "5 minutes ago", an older one as its date; the exact instant on hover. */
export function Time({ iso }: { iso: string }) {
  const date = new Date(iso)
  return (
    <time dateTime={iso} title={date.toLocaleString('en', { dateStyle: 'full', timeStyle: 'long' })}>
      {withinAWeek(iso) ? relativeTime(iso) : date.toLocaleDateString('en', { dateStyle: 'medium' })}
    </time>
  )
}

/** What a decision is about, linked to its page where it has one. */
export function TargetLink({ target }: { target: DecisionJson['target'] }) {
  const link = 'font-semibold hover:text-accent'
  if (target.kind === 'item') {
    return (
      <Link to="/item/$id" params={{ id: String(target.id) }} className={link}>
        item {target.id}
      </Link>
    )
  }
  if (target.kind === 'collection') {
    return (
      <Link to="/collection/$slug" params={{ slug: String(target.id) }} className={link}>
        collection {target.id}
      </Link>
    )
  }
  if (target.kind === 'profile') {
    return (
      <Link to="/user/$address" params={{ address: target.address }} className={link}>
        profile {shortenAddress(target.address)}
      </Link>
    )
  }
  return (
    <span className="font-semibold">
      contract {shortenAddress(target.address ?? '')} on chain {target.chainId}
    </span>
  )
}
