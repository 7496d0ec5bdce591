/**
 * Leases: a named job that runs once at a time across every server process and Worker isolate
 * sharing the database. A holder that dies keeps its lease only until it expires.
 */
import { and, eq, gt, lte, or } from 'drizzle-orm'
import type { Database } from './client'
import { leases } from './schema'

/**
 * Takes `name` for `holder` until `ttlMs` from now; false while someone else holds it unexpired.
 * A holder that still holds it (its release was lost, say to a database outage) takes it again.
 */
export async function takeLease(db: Database, name: string, holder: string, ttlMs: number, now = Date.now()) {
  // One statement: of two processes racing for a free or expired lease, exactly one gets a row back.
  const taken = await db
    .insert(leases)
    .values({ name, holder, expiresAt: now + ttlMs })
    .onConflictDoUpdate({
      target: leases.name,
      set: { holder, expiresAt: now + ttlMs },
      setWhere: or(lte(leases.expiresAt, now), eq(leases.holder, holder)),
    })
    .returning({ holder: leases.holder })
  return taken.length === 1
}

/** Gives `name` back, if `holder` still holds it. */
export async function releaseLease(db: Database, name: string, holder: string) {
  await db.delete(leases).where(and(eq(leases.name, name), eq(leases.holder, holder)))
}

/** Whether someone holds `name` unexpired. */
export async function leaseHeld(db: Database, name: string, now = Date.now()) {
  const [row] = await db
    .select({ holder: leases.holder })
    .from(leases)
    .where(and(eq(leases.name, name), gt(leases.expiresAt, now)))
  return row !== undefined
}
