import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { ContentPage } from '../../components/ui/Prose'
import { pageTitle } from '../../lib/seo'

export const Route = createFileRoute('/blog/$slug')({
  // Imported on demand so the articles stay out of every other page's JavaScript.
  loader: async ({ params }) => {
    const { findPost } = await import('../../content/posts')
    const post = findPost(params.slug)
    if (!post) throw notFound()
    return post
  },
  head: ({ loaderData }) => ({
    meta: [
      { title: pageTitle(loaderData?.title ?? 'Post') },
      { name: 'description', content: loaderData?.excerpt ?? '' },
    ],
  }),
  component: function PostPage() {
    const post = Route.useLoaderData()
    return (
      <ContentPage title={post.title} lead={`${post.author} · ${post.date} · ${post.readMinutes} min read`}>
        {post.sections.map((section, i) => (
          <section key={i} className="space-y-4">
            {section.heading && <h2>{section.heading}</h2>}
            {section.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
        <p>
          <Link to="/blog" className="font-semibold text-accent underline">
            All posts
          </Link>
        </p>
      </ContentPage>
    )
  },
})
