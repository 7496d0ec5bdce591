/**
 * What /api/health reads from the database, in one statement built once per database: it
 * answers (the database is reachable), the indexer's cursors (one row per chain; with none yet
 * the constant row still answers) and how long the oldest purge due has waited.
 */
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { cachePurges, chainCursors } from '../../db/schema'
import { placeholder, prepared } from './prepared'

const stateQuery = (db: Database) =>
  prepared(db, 'health-state', () => {
    const now = placeholder<number>('now')
    return db
      .select({
        oldestDue: sql<
          number | null
        >`(select ${cachePurges.dueAt} from ${cachePurges} where ${cachePurges.passes} = 0 and ${cachePurges.dueAt} <= ${now} order by ${cachePurges.dueAt} limit 1)`,
        cursor: chainCursors,
      })
      .from(sql`(select 1) as health`)
      .leftJoin(chainCursors, sql`1`)
      .orderBy(chainCursors.chainId)
      .prepare()
  })

export async function readHealthState(
  db: Database,
  now: number,
): Promise<{ cursors: (typeof chainCursors.$inferSelect)[]; oldestPendingMs: number | null }> {
  const rows = await stateQuery(db).execute({ now })
  const oldestDue = rows[0]?.oldestDue ?? null
  return {
    cursors: rows.flatMap((row) => (row.cursor ? [row.cursor] : [])),
    oldestPendingMs: oldestDue === null ? null : now - oldestDue,
  }
}
