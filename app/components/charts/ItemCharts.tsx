import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '../../lib/trpc-react'
import { PriceLadder } from './PriceLadder'
import { SalesScatter } from './SalesScatter'

interface Order {
  price: { eth: string } | null
  remaining: string
  endsAt: string
}

/** An item's sales over time and its open listings and offers on one price scale. */
export function ItemCharts({ nftId, listings, offers }: { nftId: number; listings: Order[]; offers: Order[] }) {
  const trpc = useTRPC()
  const sales = useQuery(trpc.nft.sales.queryOptions({ id: nftId })).data
  return (
    <section aria-labelledby="price-history-heading" className="md:col-span-2">
      <h2 id="price-history-heading" className="mb-4 font-display text-xl font-semibold">
        Price history
      </h2>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {sales && <SalesScatter sales={sales} title="Sales of this item" />}
        <PriceLadder listings={listings} offers={offers} />
      </div>
    </section>
  )
}
