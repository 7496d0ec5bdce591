/**
 * The pages' generation: a number that changes whenever the database changes something a public
 * page or API read shows (an order stored, a sale or transfer indexed, a profile saved, a
 * collection imported, metadata read). The edge cache files every entry under the generation it
 * was rendered at, so one change retires every entry in every data centre at once (ADR 17).
 *
 * Kept, until it has a table of its own, as one row of `rate_limits` (a key and two integers):
 * `window_start` holds the time of the last change in ms, never moving back, so the value is new
 * even if the rate limiter's pruning drops the row after an hour without changes.
 */
import { eq, sql } from 'drizzle-orm'
import type { Database } from './client'
import type { Db } from './market/transaction'
import { rateLimits } from './schema'

const KEY = 'pages:changed'

/** Marks the public pages changed: call after (or inside the transaction of) the write. */
export async function pagesChanged(db: Db, now = Date.now()): Promise<void> {
  await db
    .insert(rateLimits)
    .values({ key: KEY, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: sql`max(excluded.window_start, ${rateLimits.windowStart} + 1)`,
        count: sql`${rateLimits.count} + 1`,
      },
    })
}

/** The current generation (0 before the first change). */
export async function pagesGeneration(db: Database): Promise<number> {
  const [row] = await db.select({ generation: rateLimits.windowStart }).from(rateLimits).where(eq(rateLimits.key, KEY))
  return row?.generation ?? 0
}

/** `write`, followed by `pagesChanged` on the same database or transaction. */
export function changingPages<Args extends unknown[], Result>(
  write: (db: Db, ...args: Args) => Promise<Result>,
): (db: Db, ...args: Args) => Promise<Result> {
  return async (db, ...args) => {
    const result = await write(db, ...args)
    await pagesChanged(db)
    return result
  }
}
