import { createFileRoute, redirect } from '@tanstack/react-router'

/** The first sketch's misspelling of the /trading-cards category page, kept for old links. */
export const Route = createFileRoute('/tranding-cards')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/$category', params: { category: 'trading-cards' }, search, statusCode: 301 })
  },
})
