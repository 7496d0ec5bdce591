/** collection.history (GET /collections/{idOrSlug}/history) and the chart ranges a page links to. */
import { z } from './zod'
import { idOrSlugSchema } from './fields'

export const HISTORY_INTERVALS = ['day', 'hour'] as const
export const HISTORY_RANGES = ['7d', '30d', 'all'] as const
export type HistoryInterval = (typeof HISTORY_INTERVALS)[number]
export type HistoryRange = (typeof HISTORY_RANGES)[number]
/** How far back `all` reaches in days; hourly buckets stop at 30 days (720 buckets). */
export const HISTORY_MAX_DAYS = 730

export const historyIntervalSchema = z.enum(HISTORY_INTERVALS, {
  error: `must be one of ${HISTORY_INTERVALS.join(', ')}`,
})
export const historyRangeSchema = z.enum(HISTORY_RANGES, { error: `must be one of ${HISTORY_RANGES.join(', ')}` })

export const historyInput = z
  .object({
    idOrSlug: idOrSlugSchema,
    interval: historyIntervalSchema.default('day'),
    range: historyRangeSchema.default('30d'),
  })
  .refine((input) => !(input.interval === 'hour' && input.range === 'all'), {
    path: ['range'],
    message: 'hourly buckets reach back at most 30 days: use 7d or 30d (or interval=day for all)',
  })
export type HistoryInput = z.output<typeof historyInput>

/** collection.charts: the sales scatter over a range and the holders' spread. */
export const chartsInput = z.object({ idOrSlug: idOrSlugSchema, range: historyRangeSchema.default('30d') })
