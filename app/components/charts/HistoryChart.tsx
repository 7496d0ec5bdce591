import { ChartFrame, PAD, WIDTH, XAxis, YAxis } from './ChartFrame'
import {
  dateLabel,
  ethTick,
  ethText,
  historySummary,
  linear,
  ticksFromZero,
  timeTicks,
  type HistoryPoint,
} from './scale'

const FLOOR_BOTTOM = 140
const VOLUME_TOP = 172
const VOLUME_BOTTOM = 228
const HEIGHT = VOLUME_BOTTOM + PAD.bottom

/**
 * A collection's floor (a line, top) and volume (bars, bottom) per bucket, oldest first. A floor
 * is drawn only where one is known; a stretch with none breaks the line.
 */
export function HistoryChart({
  buckets,
  interval,
  title,
}: {
  buckets: HistoryPoint[]
  interval: 'day' | 'hour'
  title: string
}) {
  const size = interval === 'day' ? 86_400_000 : 3_600_000
  const starts = buckets.map((b) => Date.parse(b.start))
  const first = starts[0] ?? 0
  const last = (starts.at(-1) ?? 0) + size
  const x = linear([first, last], [PAD.left, WIDTH - PAD.right])
  const floors = buckets.map((b) => (b.floor ? Number(b.floor.eth) : null))
  const volumes = buckets.map((b) => Number(b.volume.eth))
  const floorTicks = ticksFromZero(Math.max(0, ...floors.map((f) => f ?? 0)), 3)
  const volumeTicks = ticksFromZero(Math.max(0, ...volumes), 1)
  const yFloor = linear([0, floorTicks.at(-1)!], [FLOOR_BOTTOM, PAD.top])
  const yVolume = linear([0, volumeTicks.at(-1)!], [VOLUME_BOTTOM, VOLUME_TOP])
  // The floor's line: one run per stretch of known floors, each point at its bucket's middle.
  const runs: [number, number][][] = [[]]
  floors.forEach((f, i) => {
    if (f === null) runs.push([])
    else runs.at(-1)!.push([x(starts[i]! + size / 2), yFloor(f)])
  })
  const drawn = runs.filter((r) => r.length > 0)
  const bar = Math.max(1, x(first + size) - x(first) - 1)
  const noSales = buckets.every((b) => b.sales === 0)
  const noFloor = floors.every((f) => f === null)
  return (
    <ChartFrame
      testId="history-chart"
      title={title}
      summary={historySummary(buckets, interval)}
      empty={noSales && noFloor && 'No sales yet, and nothing listed.'}
      height={HEIGHT}
      columns={[interval === 'day' ? 'Day (UTC)' : 'Hour (UTC)', 'Floor', 'Volume', 'Sales']}
      rows={buckets.map((b) => [
        b.start.slice(0, interval === 'day' ? 10 : 16).replace('T', ' '),
        b.floor ? ethText(b.floor.eth) : '—',
        ethText(b.volume.eth),
        b.sales,
      ])}
    >
      <YAxis ticks={floorTicks} y={yFloor} label={ethTick} />
      <text x={PAD.left} y={PAD.top - 8} fill="currentColor" fontWeight="600">
        Floor (ETH)
      </text>
      {drawn.map((r) =>
        r.length > 1 ? (
          <path
            key={`${r[0]![0]}`}
            d={r.map(([px, py], i) => `${i ? 'L' : 'M'}${px.toFixed(1)},${py.toFixed(1)}`).join('')}
            fill="none"
            className="stroke-accent dark:stroke-accent-lighter"
            strokeWidth={2}
          />
        ) : (
          // A floor known in one bucket alone: a dot.
          <circle
            key={`${r[0]![0]}`}
            cx={r[0]![0]}
            cy={r[0]![1]}
            r={3}
            className="fill-accent dark:fill-accent-lighter"
          />
        ),
      )}
      <YAxis ticks={volumeTicks} y={yVolume} label={ethTick} />
      <text x={PAD.left} y={VOLUME_TOP - 10} fill="currentColor" fontWeight="600">
        {noSales ? 'Volume (ETH): no sales yet' : 'Volume (ETH)'}
      </text>
      {buckets.map((b, i) =>
        volumes[i]! > 0 ? (
          <rect
            key={b.start}
            x={x(starts[i]!) + 0.5}
            y={yVolume(volumes[i]!)}
            width={bar}
            height={VOLUME_BOTTOM - yVolume(volumes[i]!)}
            className="fill-jacarta-300 dark:fill-jacarta-500"
          >
            <title>{`${b.start.slice(0, 10)}: ${ethText(b.volume.eth)}, ${b.sales} sales`}</title>
          </rect>
        ) : null,
      )}
      <XAxis
        ticks={timeTicks(first, last - 1, 4)}
        x={x}
        top={VOLUME_BOTTOM}
        label={(t) => dateLabel(t, last - first)}
      />
    </ChartFrame>
  )
}
