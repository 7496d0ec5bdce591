/**
 * The seed's floor history (collection_floors), derived from the listings it makes: those live now
 * and those that sold (each was live from its listing to its sale). An hour's low is the cheapest
 * listing live at any moment of it, its floor the cheapest live at its end. The seed knows no
 * listing but these, so an hour in which none was live keeps the floor last seen.
 */
const HOUR = 3_600_000

/** A listing live from `from` (inclusive) to `to` (exclusive), ms since the epoch. */
export interface FloorWindow {
  from: number
  to: number
  wei: bigint
}

export interface FloorRow {
  hour: number
  lowWei: string
  floorWei: string
}

/**
 * For each hour of [start, end) (both on the hour), the cheapest window over a set of hours:
 * windows cheapest first, each fills the hours no cheaper one did (a "next free hour" pointer per
 * hour, so the whole costs about one step per window and per hour).
 */
function cheapestPerHour(windows: { first: number; last: number; wei: bigint }[], hours: number): (bigint | null)[] {
  const best: (bigint | null)[] = Array.from({ length: hours }, () => null)
  const next = Array.from({ length: hours + 1 }, (_, i) => i)
  const free = (i: number): number => {
    let root = i
    while (next[root] !== root) root = next[root]!
    while (next[i] !== root) [i, next[i]] = [next[i]!, root]
    return root
  }
  for (const w of [...windows].sort((a, b) => (a.wei < b.wei ? -1 : a.wei > b.wei ? 1 : 0))) {
    for (let h = free(Math.max(w.first, 0)); h <= Math.min(w.last, hours - 1); h = free(h)) {
      best[h] = w.wei
      next[h] = h + 1
    }
  }
  return best
}

/** The rows of collection_floors for the hours of [start, end) in which the floor changed. */
export function floorHistory(windows: FloorWindow[], start: number, end: number): FloorRow[] {
  const hours = Math.round((end - start) / HOUR)
  const hourOf = (t: number) => Math.floor((t - start) / HOUR)
  const live = windows.filter((w) => w.to > w.from)
  // Live at some moment of the hour: from the hour it starts in to the hour of its last moment.
  const lows = cheapestPerHour(
    live.map((w) => ({ first: hourOf(w.from), last: hourOf(w.to - 1), wei: w.wei })),
    hours,
  )
  // Live at the hour's end (its last millisecond).
  const closes = cheapestPerHour(
    live.map((w) => ({ first: hourOf(w.from), last: hourOf(w.to) - 1, wei: w.wei })),
    hours,
  )
  const rows: FloorRow[] = []
  let floor: bigint | null = null
  for (let h = 0; h < hours; h++) {
    const low = lows[h]
    if (low === null || low === undefined) continue // nothing known live: the floor last seen holds
    const close: bigint = closes[h] ?? low
    if (low === floor && close === floor) continue
    rows.push({ hour: start + h * HOUR, lowWei: low.toString(), floorWei: close.toString() })
    floor = close
  }
  return rows
}
