import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CHART_RANGES, chartInputs, DEFAULT_CHART_RANGE, type ChartRange } from '../../lib/chart-ranges'
import { useTRPC } from '../../lib/trpc-react'
import { HistoryChart } from './HistoryChart'
import { HoldersChart } from './HoldersChart'
import { SalesScatter } from './SalesScatter'

const RANGE_LABELS: Record<ChartRange, string> = { '7d': '7 days', '30d': '30 days', all: 'All time' }

/**
 * A collection's market: floor and volume by day, its sales as points and its holders' spread.
 * The span is chosen by links (`?chart=7d`), so it works without JavaScript and survives a reload.
 */
export function CollectionCharts({ slug, range }: { slug: string; range: ChartRange }) {
  const trpc = useTRPC()
  const history = useQuery(trpc.collection.history.queryOptions(chartInputs(slug, range))).data
  const charts = useQuery(trpc.collection.charts.queryOptions(chartInputs(slug, range))).data
  const now = history ? Date.parse(history.buckets.at(-1)!.start) + 86_400_000 : undefined
  const from = history ? Date.parse(history.buckets[0]!.start) : undefined
  return (
    <section aria-labelledby="market-heading" className="mt-14">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h2 id="market-heading" className="font-display text-2xl font-bold">
          Market
        </h2>
        <nav aria-label="Chart span" className="flex gap-1 rounded-lg bg-jacarta-50 p-1 text-sm dark:bg-jacarta-800">
          {CHART_RANGES.map((r) => (
            <Link
              key={r}
              to="/collection/$slug"
              params={{ slug }}
              search={(prev) => ({ ...prev, chart: r === DEFAULT_CHART_RANGE ? undefined : r })}
              resetScroll={false}
              replace
              aria-current={r === range ? 'page' : undefined}
              className={`rounded-md px-3 py-1.5 font-semibold ${
                r === range
                  ? 'bg-white text-accent shadow-sm dark:bg-jacarta-700 dark:text-accent-lighter'
                  : 'text-jacarta-500 hover:text-accent dark:text-jacarta-200'
              }`}
            >
              {RANGE_LABELS[r]}
            </Link>
          ))}
        </nav>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {history && (
          <HistoryChart
            buckets={history.buckets}
            interval="day"
            title={`Floor and volume by day, ${RANGE_LABELS[range].toLowerCase()}`}
          />
        )}
        {charts && (
          <SalesScatter
            sales={charts.sales}
            title={`Sales, ${RANGE_LABELS[range].toLowerCase()}`}
            from={charts.sales.length && range !== 'all' ? from : undefined}
            to={charts.sales.length && range !== 'all' ? now : undefined}
          />
        )}
        {charts && <HoldersChart holders={charts.holders} />}
      </div>
    </section>
  )
}
