/**
 * The spans a collection page's charts show, as its `?chart=` param (30 days when absent), and the
 * reads they need. Apart from the charts themselves: the route's search and loader take these
 * eagerly, and the chart components load with the page's own chunk.
 */
import type { HistoryRange } from '../../server/inputs/history'

export const CHART_RANGES = ['7d', '30d', 'all'] as const satisfies readonly HistoryRange[]
export type ChartRange = (typeof CHART_RANGES)[number]
export const DEFAULT_CHART_RANGE: ChartRange = '30d'

/** The reads a collection page's charts show (its loader prefetches them with the rest). */
export const chartInputs = (idOrSlug: string, range: ChartRange) => ({ idOrSlug, range })
