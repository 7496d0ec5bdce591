import type { ReactNode } from 'react'

/** The frame of a content page: a heading, an optional lead, and readable text below. */
export function ContentPage({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 md:py-20">
      <h1 className="font-display text-4xl font-bold md:text-5xl">{title}</h1>
      {lead && <p className="mt-4 text-lg text-jacarta-500 dark:text-jacarta-200">{lead}</p>}
      <div className="mt-10 space-y-6 leading-relaxed [&_h2]:mt-10 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-semibold">
        {children}
      </div>
    </article>
  )
}

export const cardClass =
  'rounded-2xl border border-jacarta-100 bg-white p-6 dark:border-jacarta-700 dark:bg-jacarta-800'

/** A name and one line about it, shown as a card marked with the name's initial. */
export interface NamedCard {
  name: string
  line: string
}

/** A grid of named cards (partners, wallets); `markClassName` colours and shapes the initial's badge. */
export function NamedCards({ cards, markClassName }: { cards: readonly NamedCard[]; markClassName: string }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {cards.map(({ name, line }) => (
        <li key={name} className={`${cardClass} flex items-center gap-4`}>
          <span
            aria-hidden="true"
            className={`grid h-12 w-12 shrink-0 place-items-center font-display text-lg font-bold text-white ${markClassName}`}
          >
            {name.charAt(0)}
          </span>
          <span>
            <span className="block font-semibold">{name}</span>
            <span className="text-sm text-jacarta-500 dark:text-jacarta-200">{line}</span>
          </span>
        </li>
      ))}
    </ul>
  )
}
