/**
 * The arithmetic of the charts, pure: scales, ticks, labels and the sentences that say what a
 * chart shows. Prices are plotted as numbers (a position on screen, never a payment); sums stay
 * exact wei until they are written out.
 */
import { formatEth } from '../../lib/format'

/** A linear map from `domain` to `range` (a flat domain maps to the range's middle). */
export function linear([d0, d1]: [number, number], [r0, r1]: [number, number]): (value: number) => number {
  if (d1 === d0) return () => (r0 + r1) / 2
  const k = (r1 - r0) / (d1 - d0)
  return (value) => r0 + (value - d0) * k
}

/** A step of 1, 2 or 5 times a power of ten, the smallest that covers `span` in about `count` steps. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0)) return 1
  const raw = span / Math.max(1, count)
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw - 1e-12)!
  return step
}

/** Ticks from 0 up to the first at or above `max`, about `count` of them. */
export function ticksFromZero(max: number, count = 4): number[] {
  const step = niceStep(max, count)
  const ticks = [0]
  while (ticks.at(-1)! < max - 1e-12) ticks.push(Number((ticks.at(-1)! + step).toPrecision(12)))
  if (ticks.length === 1) ticks.push(step)
  return ticks
}

/** `count` evenly spaced moments from `start` to `end` (both included). */
export function timeTicks(start: number, end: number, count = 4): number[] {
  if (end <= start || count < 2) return [start]
  return Array.from({ length: count }, (_, i) => start + Math.round(((end - start) * i) / (count - 1)))
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
const yearFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })

/** A date on an axis, in UTC (the server and the browser write the same): "Nov 3", or "Nov 2025" over long spans. */
export const dateLabel = (ms: number, spanMs = 0): string =>
  (spanMs > 200 * 86_400_000 ? yearFormat : dayFormat).format(new Date(ms))

/** A number of ETH on an axis: as few decimals as tell the ticks apart. */
export function ethTick(value: number): string {
  if (value === 0) return '0'
  const decimals = Math.min(6, Math.max(0, -Math.floor(Math.log10(Math.abs(value))) + 1))
  return String(Number(value.toFixed(decimals)))
}

/** Exact wei text to ETH text (18 decimals, trailing zeros dropped). */
export function weiToEth(wei: bigint): string {
  const negative = wei < 0n
  const abs = negative ? -wei : wei
  const whole = abs / 10n ** 18n
  const fraction = (abs % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** "0.52 ETH": a price in a sentence (truncated to `decimals`, never rounded up). */
export const ethText = (eth: string, decimals = 4): string => `${formatEth(eth, decimals)} ETH`

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`

export interface HistoryPoint {
  start: string
  floor: { eth: string } | null
  volume: { wei: string; eth: string }
  sales: number
}

/** How long a history spans, in words: "30 days", "7 days", "24 hours". */
export function spanWords(buckets: number, interval: 'day' | 'hour'): string {
  return plural(buckets, interval)
}

/**
 * What a history shows, as one sentence: "Floor fell from 0.52 ETH to 0.41 ETH over 30 days;
 * 212 sales, 96.4 ETH volume."
 */
export function historySummary(buckets: HistoryPoint[], interval: 'day' | 'hour'): string {
  const span = spanWords(buckets.length, interval)
  const floors = buckets.flatMap((b) => (b.floor ? [b.floor.eth] : []))
  let floor: string
  if (!floors.length) floor = `No floor over ${span}`
  else {
    const [first, last] = [floors[0]!, floors.at(-1)!]
    const move = Number(last) > Number(first) ? 'rose' : Number(last) < Number(first) ? 'fell' : 'held'
    floor =
      move === 'held'
        ? `Floor held at ${ethText(last)} over ${span}`
        : `Floor ${move} from ${ethText(first)} to ${ethText(last)} over ${span}`
  }
  const sales = buckets.reduce((n, b) => n + b.sales, 0)
  const volume = buckets.reduce((sum, b) => sum + BigInt(b.volume.wei), 0n)
  return `${floor}; ${sales ? `${plural(sales, 'sale')}, ${ethText(weiToEth(volume), 2)} volume` : 'no sales'}.`
}

/** What a scatter of sales shows: "37 sales from 0.05 ETH to 1.5 ETH, Nov 3 to Dec 1." */
export function salesSummary(points: { at: string; eth: string }[]): string {
  if (!points.length) return 'No sales yet.'
  const prices = points.map((p) => Number(p.eth))
  const low = points[prices.indexOf(Math.min(...prices))]!.eth
  const high = points[prices.indexOf(Math.max(...prices))]!.eth
  const times = points.map((p) => Date.parse(p.at))
  const [from, to] = [dateLabel(Math.min(...times)), dateLabel(Math.max(...times))]
  const range = low === high ? `at ${ethText(low)}` : `from ${ethText(low)} to ${ethText(high)}`
  return `${plural(points.length, 'sale')} ${range}, ${from === to ? from : `${from} to ${to}`}.`
}

/** What the holders' spread shows: "312 holders; the 10 largest hold 18.5% of the tokens." */
export function holdersSummary(holders: number, top10Percent: number): string {
  if (!holders) return 'No one holds a token yet.'
  return `${plural(holders, 'holder')}; the ${Math.min(10, holders)} largest hold ${top10Percent}% of the tokens.`
}
