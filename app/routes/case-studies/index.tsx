import { createFileRoute, Link } from '@tanstack/react-router'
import { cardClass, ContentPage } from '../../components/ui/Prose'
import { CASE_STUDIES } from '../../content/case-studies'
import { pageTitle } from '../../lib/seo'

export const Route = createFileRoute('/case-studies/')({
  head: () => ({ meta: [{ title: pageTitle('Case Studies') }] }),
  component: () => (
    <ContentPage title="Case studies" lead="How creators and communities use Vitrine.">
      <ul className="grid gap-4">
        {CASE_STUDIES.map((c) => (
          <li key={c.slug} className={cardClass}>
            <p className="text-sm font-semibold text-accent dark:text-accent-lighter">{c.client}</p>
            <h2 className="!mt-1 font-display text-xl font-semibold">
              <Link to="/case-studies/$slug" params={{ slug: c.slug }} className="hover:underline">
                {c.title}
              </Link>
            </h2>
            <p className="mt-2 text-jacarta-500 dark:text-jacarta-200">{c.summary}</p>
          </li>
        ))}
      </ul>
    </ContentPage>
  ),
})
