/**
 * Sends the purge outbox (`cache_purges`, filled by db/market/page-changes.ts) to the edge cache: by tag,
 * to Cloudflare's purge API for the zone (which reaches every data centre), or to the URL the
 * configuration names (the local preview's emulation, ./local-cache-purge.ts). Each tag is purged
 * twice: at once, and again PURGE_AGAIN_AFTER_MS later, for a render that read the old rows before
 * the change and filed its page after the first purge. A purge that fails leaves its tags due: the
 * next drain tries again (ADR 25).
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { cachePurges } from '../../db/schema'
import type { Env } from '../platform/env'

/** Longer than a render takes: a page filed after the first purge is purged by the second. */
export const PURGE_AGAIN_AFTER_MS = 5_000
/** Tags per purge request (Cloudflare takes up to 100 tags per call). */
export const TAGS_PER_PURGE = 100
/** Purge requests per drain: a backlog is worked off over several drains, never in one invocation. */
const PURGES_PER_DRAIN = 3

export interface DrainResult {
  /** Tags sent to the cache. */
  purged: number
  /** The tags that changed since the last drain (their first pass): what open pages are told of. */
  changed: string[]
  /** Set when the purge endpoint refused or did not answer: the tags stay due. */
  error?: string
}

/**
 * Purges the due tags. Without a purge endpoint (Node, where no edge cache files anything; a CDN
 * in front keeps pages no longer than their TTL), the outbox is emptied.
 */
export async function drainCachePurges(
  { db, env }: { db: Database; env: Pick<Env, 'cachePurge'> },
  now = Date.now(),
  send: typeof fetch = fetch,
): Promise<DrainResult> {
  if (!env.cachePurge) {
    // Read first: a round that changed nothing must write nothing.
    const due = await db
      .select({ tag: cachePurges.tag })
      .from(cachePurges)
      .where(lte(cachePurges.dueAt, now))
      .limit(TAGS_PER_PURGE * PURGES_PER_DRAIN)
    const changed = due.map((row) => row.tag)
    if (changed.length) await db.delete(cachePurges).where(inArray(cachePurges.tag, changed))
    return { purged: 0, changed }
  }
  let purged = 0
  const changed: string[] = []
  for (let i = 0; i < PURGES_PER_DRAIN; i++) {
    const due = await db
      .select({ tag: cachePurges.tag, passes: cachePurges.passes })
      .from(cachePurges)
      .where(lte(cachePurges.dueAt, now))
      .orderBy(asc(cachePurges.dueAt))
      .limit(TAGS_PER_PURGE)
    if (!due.length) break
    const error = await purge(
      env.cachePurge,
      due.map((row) => row.tag),
      send,
    )
    if (error) return { purged, changed, error }
    purged += due.length
    const first = due.filter((row) => row.passes === 0).map((row) => row.tag)
    changed.push(...first)
    const second = due.filter((row) => row.passes > 0).map((row) => row.tag)
    // A tag changed again meanwhile is back at pass 0 and due: it is neither moved on nor deleted.
    if (first.length) {
      await db
        .update(cachePurges)
        .set({ passes: 1, dueAt: now + PURGE_AGAIN_AFTER_MS })
        .where(and(inArray(cachePurges.tag, first), eq(cachePurges.passes, 0), lte(cachePurges.dueAt, now)))
    }
    if (second.length) {
      await db.delete(cachePurges).where(and(inArray(cachePurges.tag, second), eq(cachePurges.passes, 1)))
    }
    if (due.length < TAGS_PER_PURGE) break
  }
  return { purged, changed }
}

/** One purge request, as Cloudflare's API takes it; the error in words, or undefined. */
async function purge(
  target: { url: string; token: string },
  tags: string[],
  send: typeof fetch,
): Promise<string | undefined> {
  try {
    const response = await send(target.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tags }),
      signal: AbortSignal.timeout(10_000),
    })
    if (response.ok) return undefined
    return `the purge endpoint answered ${response.status}: ${(await response.text()).slice(0, 200)}`
  } catch (error) {
    return `the purge endpoint did not answer (${(error as Error).message})`
  }
}
