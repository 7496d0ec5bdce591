import { createFileRoute, notFound } from '@tanstack/react-router'

/** The Pages menu's "Page 404": the real not-found page, with HTTP status 404. */
export const Route = createFileRoute('/404')({
  loader: () => {
    throw notFound()
  },
})
