/** What an item flagged stolen says on its page (the flag: server/queries/flagged.ts). */

const MONTHS = 'January February March April May June July August September October November December'.split(' ')

/** A decision's day, as "29 November 2026" (UTC: the server's HTML and the browser's agree). */
export function decisionDay(iso: string): string {
  const date = new Date(iso)
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}

/** The banner of an item this marketplace flagged stolen. */
export const flaggedBanner = (flag: { decidedAt: string; reason: string }) =>
  `Reported stolen: this marketplace flagged this item on ${decisionDay(flag.decidedAt)}: ${flag.reason}`
