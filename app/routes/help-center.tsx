import { createFileRoute } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { ContentPage } from '../components/ui/Prose'
import { FAQ } from '../content/faq'
import { pageTitle } from '../lib/seo'

export const Route = createFileRoute('/help-center')({
  head: () => ({ meta: [{ title: pageTitle('Help Center') }] }),
  component: HelpCenterPage,
})

function HelpCenterPage() {
  const id = useId()
  const [query, setQuery] = useState('')
  const q = query.trim().toLowerCase()
  const matches = FAQ.filter((f) => !q || f.question.toLowerCase().includes(q) || f.answer.toLowerCase().includes(q))
  return (
    <ContentPage title="Help Center" lead="Answers about wallets, buying, selling and fees.">
      <div>
        <label htmlFor={id} className="text-sm font-semibold">
          Search the help center
        </label>
        <input
          id={id}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="mt-1 h-12 w-full rounded-xl border border-jacarta-100 bg-white px-4 dark:border-jacarta-600 dark:bg-jacarta-800"
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {matches.length} articles
      </p>
      {matches.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-jacarta-200 p-8 text-center dark:border-jacarta-600">
          No article matches “{query}”.
        </p>
      ) : (
        <ul className="space-y-3">
          {matches.map((f) => (
            <li key={f.question}>
              <details className="rounded-2xl border border-jacarta-100 bg-white p-5 dark:border-jacarta-700 dark:bg-jacarta-800">
                <summary className="cursor-pointer font-display font-semibold">{f.question}</summary>
                <p className="mt-3 text-jacarta-500 dark:text-jacarta-200">{f.answer}</p>
              </details>
            </li>
          ))}
        </ul>
      )}
    </ContentPage>
  )
}
