/**
 * A write refused by a UNIQUE index (or primary key): two requests raced to store the same thing.
 * Drizzle wraps the driver's error, so the whole cause chain is looked at.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true
    if (/UNIQUE constraint failed/.test(e.message)) return true
  }
  return false
}
