/**
 * A few open reports for `npm run dev` (ADR 44), so the moderation queue is never empty: reports by
 * dev accounts 7 to 9 (no seeded role: they own and bid nothing) of the first items, the first
 * collection and the first profile the database holds, filed through the market module as a
 * visitor's report is. Only into a database without reports: a second start changes nothing.
 */
import { asc } from 'drizzle-orm'
import type { Database } from '../db/client'
import { recordReport, type ReportRecord } from '../db/market'
import { collections, nfts, reports, users } from '../db/schema'

export async function fileDevReports(db: Database, reporters: readonly string[]): Promise<number> {
  if ((await db.select({ id: reports.id }).from(reports).limit(1)).length > 0) return 0
  const items = await db.select({ id: nfts.id }).from(nfts).orderBy(asc(nfts.id)).limit(2)
  const [collection] = await db.select({ id: collections.id }).from(collections).orderBy(asc(collections.id)).limit(1)
  const [profile] = await db.select({ address: users.address }).from(users).orderBy(asc(users.id)).limit(1)
  const [a, b, c] = reporters
  const filed: ReportRecord[] = []
  const file = (
    reporter: string | undefined,
    target: ReportRecord['target'],
    reason: ReportRecord['reason'],
    note: string,
  ) => {
    if (reporter) filed.push({ reporter, target, reason, note })
  }
  const [first, second] = items
  if (first) {
    const target = { kind: 'item', key: String(first.id) } as const
    file(a, target, 'stolen', 'Taken from my wallet last week; the seller is not the artist.')
    file(b, target, 'stolen', '')
    file(c, target, 'intellectual_property', 'My drawing, minted without asking.')
  }
  if (collection)
    file(a, { kind: 'collection', key: String(collection.id) }, 'scam_or_spam', 'Copies a known collection.')
  if (second) file(b, { kind: 'item', key: String(second.id) }, 'sexual_content_not_marked_nsfw', '')
  if (profile)
    file(c, { kind: 'profile', key: profile.address }, 'impersonation', 'Pretends to be a well-known artist.')
  for (const report of filed) await recordReport(db, report)
  return filed.length
}
