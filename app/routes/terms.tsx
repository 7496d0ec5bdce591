import { createFileRoute, redirect } from '@tanstack/react-router'

/** The usual spelling, for people and links that expect it. */
export const Route = createFileRoute('/terms')({
  beforeLoad: () => {
    throw redirect({ to: '/tarms', statusCode: 301 })
  },
})
