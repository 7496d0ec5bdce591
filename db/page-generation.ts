/**
 * The pages' generation: a number that changes whenever the database changes something a public
 * page or API read shows (an order stored, a sale or transfer indexed, a profile saved, a
 * collection imported, metadata read). The edge cache files every entry under the generation it
 * was rendered at, so one change retires every entry in every data centre at once (ADR 17).
 */
import { eq, sql } from 'drizzle-orm'
import type { Database } from './client'
import type { Db } from './market/transaction'
import { pageGeneration } from './schema'

/** Marks the public pages changed: call after (or inside the transaction of) the write. */
export async function pagesChanged(db: Db): Promise<void> {
  await db
    .update(pageGeneration)
    .set({ generation: sql`${pageGeneration.generation} + 1` })
    .where(eq(pageGeneration.id, 1))
}

/** The current generation (0 before the first change). */
export async function pagesGeneration(db: Database): Promise<number> {
  const [row] = await db
    .select({ generation: pageGeneration.generation })
    .from(pageGeneration)
    .where(eq(pageGeneration.id, 1))
  return row?.generation ?? 0
}

/**
 * `write`, followed by `pagesChanged` on the same database or transaction when `changed` says the
 * write changed something (by default, always): the indexer's rounds that find nothing to do must
 * not retire the edge cache every minute.
 */
export function changingPages<Args extends unknown[], Result>(
  write: (db: Db, ...args: Args) => Promise<Result>,
  changed: (result: NoInfer<Result>, args: NoInfer<Args>) => boolean = () => true,
): (db: Db, ...args: Args) => Promise<Result> {
  return async (db, ...args) => {
    const result = await write(db, ...args)
    if (changed(result, args)) await pagesChanged(db)
    return result
  }
}
