/**
 * Legal notices' reads: what one is about (the `content` its sender gave: a page of this site, its
 * path, an item's id or a wallet address) as the stored target of a report, or a 400/404 naming
 * it; and the senders of the notices a decision closed, to tell them. Writes: db/market/legal-notices.ts.
 */
import { and, eq, inArray, like } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { DomainError } from '../../db/errors'
import { legalNotices, reports, reportTargets, type DecisionTargetKind, type ReportTargetKind } from '../../db/schema'
import type { ReportTargetInput } from '../inputs/moderation'
import { resolveReportTarget, type ReportTarget } from './moderation'

const PAGES: [RegExp, (match: string) => ReportTargetInput][] = [
  [/^\/item\/(\d{1,15})\/?$/, (id) => ({ kind: 'item', id: Number(id) })],
  [/^\/collection\/([^/]{1,200})\/?$/, (slug) => ({ kind: 'collection', idOrSlug: decodeURIComponent(slug) })],
  [/^\/profile\/(0x[0-9a-fA-F]{40})\/?$/, (address) => ({ kind: 'profile', address: address.toLowerCase() })],
]

const PATH_BASE = 'http://path.invalid'
const SHAPES = 'a page of this site (/item/…, /collection/…, /profile/…), an item id or a wallet address'

/** The report target `content` names, on one of `origins` (this site's). */
export async function resolveNoticeContent(db: Database, content: string, origins: string[]): Promise<ReportTarget> {
  const text = content.trim()
  let target: ReportTargetInput | undefined
  if (/^\d{1,15}$/.test(text)) target = { kind: 'item', id: Number(text) }
  else if (/^0x[0-9a-fA-F]{40}$/.test(text)) target = { kind: 'profile', address: text.toLowerCase() }
  else {
    // A path is read on this site; `//host/…` is another site's, as a browser reads it.
    const url = text.startsWith('/') ? new URL(text, PATH_BASE) : URL.canParse(text) ? new URL(text) : null
    if (url && url.origin !== PATH_BASE && !origins.includes(url.origin)) {
      throw new DomainError('bad_request', `content: ${url.origin} is not this site; give ${SHAPES}`)
    }
    for (const [pattern, make] of PAGES) {
      const match = url && pattern.exec(url.pathname)
      if (match) target = make(match[1]!)
    }
  }
  if (!target) throw new DomainError('bad_request', `content: must be ${SHAPES}`)
  try {
    return await resolveReportTarget(db, target)
  } catch (error) {
    if (error instanceof DomainError) throw new DomainError(error.code, error.message.replace(/^target:/, 'content:'))
    throw error
  }
}

/**
 * The confirmed notices whose reports `decision` closed, with their senders: read by the target's
 * reports (reports_target_idx), then each notice by its id (`notice:<id>`).
 */
export async function noticesClosedBy(
  db: Database,
  decision: { id: number; targetKind: DecisionTargetKind; targetKey: string },
) {
  const closed = await db
    .select({ reporter: reports.reporter })
    .from(reports)
    .innerJoin(reportTargets, eq(reportTargets.id, reports.targetId))
    .where(
      and(
        eq(reportTargets.kind, decision.targetKind as ReportTargetKind),
        eq(reportTargets.key, decision.targetKey),
        eq(reports.decisionId, decision.id),
        like(reports.reporter, 'notice:%'),
      ),
    )
  const ids = closed.map((r) => Number(r.reporter.slice('notice:'.length))).filter(Number.isSafeInteger)
  if (!ids.length) return []
  return db
    .select({ id: legalNotices.id, name: legalNotices.name, email: legalNotices.email })
    .from(legalNotices)
    .where(inArray(legalNotices.id, ids))
}
