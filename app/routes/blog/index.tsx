import { createFileRoute, Link } from '@tanstack/react-router'
import { cardClass, ContentPage } from '../../components/ui/Prose'
import { POSTS } from '../../content/posts'
import { pageTitle } from '../../lib/seo'

export const Route = createFileRoute('/blog/')({
  head: () => ({ meta: [{ title: pageTitle('Blog') }] }),
  component: () => (
    <ContentPage title="Blog" lead="Guides, product notes and stories from the Vitrine team.">
      <ul className="grid gap-4">
        {POSTS.map((p) => (
          <li key={p.slug} className={cardClass}>
            <p className="text-sm text-jacarta-500 dark:text-jacarta-200">
              <time dateTime={p.date}>{p.date}</time> · {p.author} · {p.readMinutes} min read
            </p>
            <h2 className="!mt-1 font-display text-xl font-semibold">
              <Link to="/blog/$slug" params={{ slug: p.slug }} className="hover:underline">
                {p.title}
              </Link>
            </h2>
            <p className="mt-2 text-jacarta-500 dark:text-jacarta-200">{p.excerpt}</p>
          </li>
        ))}
      </ul>
    </ContentPage>
  ),
})
