import { createFileRoute, redirect } from '@tanstack/react-router'

/** The first sketch's path of /help-center, kept for old links. */
export const Route = createFileRoute('/help_center')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/help-center', search, statusCode: 301 })
  },
})
