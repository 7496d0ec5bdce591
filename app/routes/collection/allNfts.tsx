import { createFileRoute, redirect } from '@tanstack/react-router'

/** The other header variant's "All NFTs" path: the same explore page. */
export const Route = createFileRoute('/collection/allNfts')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/collection/explore_collection', search, statusCode: 301 })
  },
})
