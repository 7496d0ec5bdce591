import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'

export interface HealthReport {
  status: 'ok' | 'degraded'
  time: string
  database: { status: 'ok' | 'down'; latencyMs: number; error?: string }
}

/** A real round trip to the database; never throws. */
export async function checkHealth(db: Database): Promise<HealthReport> {
  const started = performance.now()
  let database: HealthReport['database']
  try {
    await db.run(sql`select 1`)
    database = { status: 'ok', latencyMs: round(performance.now() - started) }
  } catch (error) {
    database = {
      status: 'down',
      latencyMs: round(performance.now() - started),
      error: error instanceof Error ? error.message : String(error),
    }
  }
  return { status: database.status === 'ok' ? 'ok' : 'degraded', time: new Date().toISOString(), database }
}

const round = (ms: number): number => Math.round(ms * 100) / 100
