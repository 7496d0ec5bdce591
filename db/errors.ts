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
export type DomainErrorCode =
  | 'bad_request'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unavailable'
  /** Withdrawn by this marketplace (410). */
  | 'gone'
  /** Withdrawn by this marketplace for a legal reason (451). */
  | 'legal'

/**
 * A refusal by business code (trading, creating, the market module): a message a person can act
 * on and its kind. Business code throws it and never imports a transport.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError'
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    options?: { cause?: unknown; details?: unknown },
  ) {
    super(message, options)
    this.details = options?.details
  }
  /** What a client may read beside the message (a decision's notice), as REST `details` and tRPC `data.details`. */
  readonly details: unknown
}

/** Refuses with a message naming the problem (a 400 unless `code` says otherwise). */
export function refuse(message: string, code: DomainErrorCode = 'bad_request'): never {
  throw new DomainError(code, message)
}

/** Seconds a client is asked to wait (Retry-After) before trying again what a busy database refused. */
export const DATABASE_BUSY_RETRY_AFTER_S = 2

/**
 * A write that could not take the database's write lock in time: another process (a second
 * server, a migration, a long index run) holds it. Reads still answer; the write can be tried again.
 */
export class DatabaseBusy extends DomainError {
  readonly retryAfter = DATABASE_BUSY_RETRY_AFTER_S
  constructor(options?: { cause?: unknown }) {
    super(
      'unavailable',
      'The database is busy with another write right now; please try again in a few seconds.',
      options,
    )
  }
}

/**
 * SQLite's refusal for a lock another connection holds (SQLITE_BUSY and its extended codes), as
 * the embedded driver and sqld report it. Drizzle wraps the driver's error: the cause chain is looked at.
 */
export function isDatabaseBusy(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, extendedCode } = e as { code?: unknown; extendedCode?: unknown }
    if (code === 'SQLITE_BUSY' || (typeof extendedCode === 'string' && extendedCode.startsWith('SQLITE_BUSY'))) {
      return true
    }
    if (/\bdatabase is locked\b/.test(e.message)) return true
  }
  return false
}

/** The one map from a held lock to its refusal: `error` as a DatabaseBusy when it is one, else undefined. */
export function asDatabaseBusy(error: unknown): DatabaseBusy | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (e instanceof DatabaseBusy) return e
  return isDatabaseBusy(error) ? new DatabaseBusy({ cause: error }) : undefined
}
