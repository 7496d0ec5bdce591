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

/** What kind of refusal a domain error is; server/http/errors.ts maps each to an HTTP and a tRPC status. */
export type DomainErrorCode = 'bad_request' | 'forbidden' | 'not_found' | 'conflict' | 'unavailable'

/**
 * A refusal by business code (trading, creating, the market module): a message a person can act
 * on and its kind. Business code throws it and never imports a transport.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError'
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/** Refuses with a message naming the problem (a 400 unless `code` says otherwise). */
export function refuse(message: string, code: DomainErrorCode = 'bad_request'): never {
  throw new DomainError(code, message)
}
