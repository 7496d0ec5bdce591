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
