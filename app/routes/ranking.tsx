import { createFileRoute, redirect } from '@tanstack/react-router'

/** The other header variant's Stats link: the rankings page. */
export const Route = createFileRoute('/ranking')({
  beforeLoad: () => {
    throw redirect({ to: '/rankings', statusCode: 301 })
  },
})
