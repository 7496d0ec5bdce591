import { createFileRoute, redirect } from '@tanstack/react-router'

/** The first sketch's spelling of /terms, kept for old links. */
export const Route = createFileRoute('/tarms')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/terms', search, statusCode: 301 })
  },
})
