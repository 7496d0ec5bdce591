import { ChartFrame, PAD, WIDTH } from './ChartFrame'
import { dateLabel, ethText, linear } from './scale'

const ROW = 24
const LABEL = 64

interface Order {
  price: { eth: string } | null
  remaining: string
  endsAt: string
}

/**
 * An item's open orders on one price scale: its listings (asks) above its offers (bids), highest
 * price first, each with how many it trades and when it ends.
 */
export function PriceLadder({ listings, offers }: { listings: Order[]; offers: Order[] }) {
  const rows = [
    ...listings.map((o) => ({ side: 'Listing' as const, ...o })),
    ...offers.map((o) => ({ side: 'Offer' as const, ...o })),
  ]
    .filter((o) => o.price !== null)
    .map((o) => ({ ...o, eth: o.price!.eth, v: Number(o.price!.eth) }))
    .sort((a, b) => (a.side === b.side ? b.v - a.v : a.side === 'Listing' ? -1 : 1))
  const most = Math.max(0, ...rows.map((r) => r.v))
  const x = linear([0, most || 1], [LABEL, WIDTH - PAD.right - 250])
  const asks = rows.filter((r) => r.side === 'Listing')
  const bids = rows.filter((r) => r.side === 'Offer')
  const summary = !rows.length
    ? 'Nothing listed and no offers.'
    : [
        asks.length
          ? `${asks.length} listing${asks.length === 1 ? '' : 's'} from ${ethText(asks.at(-1)!.eth)}`
          : 'No listing',
        bids.length
          ? `${bids.length} offer${bids.length === 1 ? '' : 's'} up to ${ethText(bids[0]!.eth)}`
          : 'no offers',
      ].join('; ') + '.'
  return (
    <ChartFrame
      testId="price-ladder"
      title="Listings and offers"
      summary={summary}
      empty={!rows.length && 'Nothing listed and no offers yet.'}
      height={rows.length * ROW + 8}
      columns={['Side', 'Price', 'Quantity', 'Ends (UTC)']}
      rows={rows.map((r) => [r.side, ethText(r.eth), r.remaining, r.endsAt.slice(0, 16).replace('T', ' ')])}
    >
      {rows.map((r, i) => (
        <g key={i} transform={`translate(0 ${i * ROW + 4})`}>
          <text x={LABEL - 8} y={ROW / 2} dy="0.32em" textAnchor="end" fill="currentColor">
            {r.side}
          </text>
          <rect
            x={LABEL}
            y={4}
            height={ROW - 8}
            width={Math.max(2, x(r.v) - LABEL)}
            rx={3}
            className={r.side === 'Listing' ? 'fill-accent dark:fill-accent-lighter' : 'fill-green'}
          />
          <text x={x(r.v) + 6} y={ROW / 2} dy="0.32em" fill="currentColor">
            {`${ethText(r.eth)} × ${r.remaining} · ends ${dateLabel(Date.parse(r.endsAt))}`}
          </text>
        </g>
      ))}
    </ChartFrame>
  )
}
