import { createFileRoute, notFound } from '@tanstack/react-router'
import { cardClass, ContentPage } from '../../components/ui/Prose'
import { pageTitle } from '../../lib/seo'

export const Route = createFileRoute('/case-studies/$slug')({
  // Imported on demand so the stories stay out of every other page's JavaScript.
  loader: async ({ params }) => {
    const { findCaseStudy } = await import('../../content/case-studies')
    const study = findCaseStudy(params.slug)
    if (!study) throw notFound()
    return study
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title ?? 'Case study') }] }),
  component: function CaseStudyPage() {
    const study = Route.useLoaderData()
    return (
      <ContentPage title={study.title} lead={`${study.client} · ${study.summary}`}>
        <dl className="grid gap-4 sm:grid-cols-3">
          {study.results.map((r) => (
            <div key={r.label} className={cardClass}>
              <dt className="text-sm text-jacarta-500 dark:text-jacarta-200">{r.label}</dt>
              <dd className="mt-1 font-display text-2xl font-bold">{r.value}</dd>
            </div>
          ))}
        </dl>
        {study.story.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </ContentPage>
    )
  },
})
