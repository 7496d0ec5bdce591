import { ChartFrame, PAD, WIDTH, XAxis, YAxis } from './ChartFrame'
import { dateLabel, ethTick, ethText, linear, salesSummary, ticksFromZero, timeTicks } from './scale'

const HEIGHT = 200

/** Sales as points, time across and price up (a collection's, or one token's). */
export function SalesScatter({
  sales,
  title,
  from,
  to,
}: {
  sales: { at: string; price: { eth: string } }[]
  title: string
  /** The time span drawn (ms); by default, from the first sale to the last. */
  from?: number
  to?: number
}) {
  const points = sales.map((s) => ({ at: s.at, eth: s.price.eth, t: Date.parse(s.at), v: Number(s.price.eth) }))
  const times = points.map((p) => p.t)
  let start = from ?? Math.min(...times)
  let end = to ?? Math.max(...times)
  if (!(end > start)) [start, end] = [start - 86_400_000, end + 86_400_000]
  const x = linear([start, end], [PAD.left + 4, WIDTH - PAD.right - 4])
  const ticks = ticksFromZero(Math.max(0, ...points.map((p) => p.v)), 3)
  const bottom = HEIGHT - PAD.bottom
  const y = linear([0, ticks.at(-1)!], [bottom, PAD.top])
  return (
    <ChartFrame
      testId="sales-chart"
      title={title}
      summary={salesSummary(points)}
      empty={!points.length && 'No sales yet.'}
      height={HEIGHT}
      columns={['Sold (UTC)', 'Price']}
      rows={[...points].reverse().map((p) => [p.at.slice(0, 16).replace('T', ' '), ethText(p.eth)])}
    >
      <YAxis ticks={ticks} y={y} label={ethTick} />
      <text x={PAD.left} y={PAD.top - 8} fill="currentColor" fontWeight="600">
        Price (ETH)
      </text>
      {points.map((p, i) => (
        <circle
          key={i}
          cx={x(p.t)}
          cy={y(p.v)}
          r={3.5}
          className="fill-accent/60 stroke-accent dark:fill-accent-lighter/60 dark:stroke-accent-lighter"
        >
          <title>{`${p.at.slice(0, 10)}: ${ethText(p.eth)}`}</title>
        </circle>
      ))}
      <XAxis ticks={timeTicks(start, end, 4)} x={x} top={bottom} label={(t) => dateLabel(t, end - start)} />
    </ChartFrame>
  )
}
