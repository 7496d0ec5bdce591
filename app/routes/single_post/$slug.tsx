import { createFileRoute, redirect } from '@tanstack/react-router'

/** The first sketch's path of a blog post, kept for old links. */
export const Route = createFileRoute('/single_post/$slug')({
  beforeLoad: ({ params, search }) => {
    throw redirect({ to: '/blog/$slug', params, search, statusCode: 301 })
  },
})
