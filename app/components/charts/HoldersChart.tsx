import { ChartFrame, PAD, WIDTH } from './ChartFrame'
import { holdersSummary, linear } from './scale'

const ROW = 26
const LABEL = 112

/** How many holders hold how many tokens: one bar per band ("1", "2–3", … "26+"). */
export function HoldersChart({
  holders,
}: {
  holders: { bands: { min: number; max: number | null; holders: number }[]; holders: number; top10Percent: number }
}) {
  const bands = holders.bands.map((b) => ({
    ...b,
    label: `${b.max === null ? `${b.min}+` : b.min === b.max ? `${b.min}` : `${b.min}–${b.max}`} ${b.max === 1 ? 'token' : 'tokens'}`,
  }))
  const most = Math.max(1, ...bands.map((b) => b.holders))
  const x = linear([0, most], [LABEL, WIDTH - PAD.right - 40])
  const height = bands.length * ROW + 8
  return (
    <ChartFrame
      testId="holders-chart"
      title="Holders by tokens held"
      summary={holdersSummary(holders.holders, holders.top10Percent)}
      empty={holders.holders === 0 && 'No one holds a token yet.'}
      height={height}
      columns={['Tokens held', 'Holders']}
      rows={bands.map((b) => [b.label, b.holders])}
    >
      {bands.map((b, i) => (
        <g key={b.label} transform={`translate(0 ${i * ROW + 4})`}>
          <text x={LABEL - 8} y={ROW / 2} dy="0.32em" textAnchor="end" fill="currentColor">
            {b.label}
          </text>
          <rect
            x={LABEL}
            y={4}
            height={ROW - 8}
            width={Math.max(b.holders ? 2 : 0, x(b.holders) - LABEL)}
            rx={3}
            className="fill-accent dark:fill-accent-lighter"
          />
          <text x={x(b.holders) + 6} y={ROW / 2} dy="0.32em" fill="currentColor">
            {b.holders.toLocaleString('en-US')}
          </text>
        </g>
      ))}
    </ChartFrame>
  )
}
