import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTRPC } from '../../lib/trpc-react'
import { NftGrid } from '../nft/NftGrid'
import { EmptyState, GridSkeleton } from '../ui/states'
import { hotBidsInput } from './prefetch'
import { Section } from './Section'

/** Live auctions ending soonest. */
export function HotBids() {
  const trpc = useTRPC()
  const query = useQuery(trpc.nft.list.queryOptions(hotBidsInput))
  return (
    <Section
      title="Hot bids"
      id="hot-bids"
      action={
        <Link
          to="/collection/explore_collection"
          search={{ sort: 'ending-soon' }}
          className="font-semibold text-accent hover:underline"
        >
          All auctions
        </Link>
      }
    >
      {query.isPending ? (
        <GridSkeleton count={4} />
      ) : !query.data?.data.length ? (
        <EmptyState title="No live auctions right now" detail="New auctions start every day." />
      ) : (
        <NftGrid items={query.data.data} />
      )}
    </Section>
  )
}
