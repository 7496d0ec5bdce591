import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ZodError } from 'zod'
import { asDatabaseBusy, DomainError, type DomainErrorCode } from '../../db/errors'

/** The one REST error shape: `{ "error": { "code", "message", "details"? } }`. */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: unknown }
}

export class ApiError extends HTTPException {
  readonly code: string
  readonly details: unknown
  constructor(status: ContentfulStatusCode, code: string, message: string, details?: unknown) {
    super(status, { message })
    this.code = code
    this.details = details
  }
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
}

/** The one map from a domain refusal to its HTTP status and tRPC code (REST and tRPC alike). */
const DOMAIN_STATUS = {
  bad_request: { status: 400, trpc: 'BAD_REQUEST' },
  forbidden: { status: 403, trpc: 'FORBIDDEN' },
  not_found: { status: 404, trpc: 'NOT_FOUND' },
  conflict: { status: 409, trpc: 'CONFLICT' },
  unavailable: { status: 503, trpc: 'SERVICE_UNAVAILABLE' },
  // tRPC has no code of its own for these: its clients read NOT_FOUND, REST the true status and name.
  gone: { status: 410, trpc: 'NOT_FOUND', rest: 'GONE' },
  legal: { status: 451, trpc: 'NOT_FOUND', rest: 'UNAVAILABLE_FOR_LEGAL_REASONS' },
} as const satisfies Record<DomainErrorCode, { status: ContentfulStatusCode; trpc: TRPCError['code']; rest?: string }>

/** A domain refusal as tRPC reports it (server/trpc/init.ts turns every one into this). */
export function toTRPCError(error: DomainError): TRPCError {
  return new TRPCError({ code: DOMAIN_STATUS[error.code].trpc, message: error.message, cause: error })
}

/** Turns anything thrown by a handler into a status and the error shape; unknown errors are 500s. */
export function toApiError(error: unknown): { status: ContentfulStatusCode; body: ApiErrorBody } {
  // Wherever it was met (a procedure, a middleware's write): a code of its own, so clients can wait and retry.
  const busy = asDatabaseBusy(error)
  if (busy) return { status: DOMAIN_STATUS[busy.code].status, body: errorBody('DATABASE_BUSY', busy.message) }
  if (error instanceof DomainError) {
    const mapped: { status: ContentfulStatusCode; trpc: string; rest?: string } = DOMAIN_STATUS[error.code]
    return { status: mapped.status, body: errorBody(mapped.rest ?? mapped.trpc, error.message, error.details) }
  }
  if (error instanceof ApiError) {
    return { status: error.status, body: errorBody(error.code, error.message, error.details) }
  }
  if (error instanceof HTTPException) {
    const code = CODE_BY_STATUS[error.status] ?? 'ERROR'
    return { status: error.status, body: errorBody(code, error.message || code) }
  }
  if (error instanceof ZodError) {
    return { status: 400, body: errorBody('BAD_REQUEST', describeZodError(error), error.issues) }
  }
  if (error instanceof TRPCError) {
    if (error.cause instanceof DomainError) return toApiError(error.cause)
    const status = getHTTPStatusCodeFromError(error) as ContentfulStatusCode
    if (error.cause instanceof ZodError) {
      return { status, body: errorBody(error.code, describeZodError(error.cause), error.cause.issues) }
    }
    if (status < 500) return { status, body: errorBody(error.code, error.message) }
  }
  const errorId = reportInternalError(error)
  return { status: 500, body: errorBody('INTERNAL_SERVER_ERROR', internalErrorMessage(errorId), { errorId }) }
}

const reported = new WeakMap<object, string>()

/**
 * An unexpected failure: its details (SQL and its parameters, RPC URLs and bodies, stacks) go
 * to the server log under a short id, once per error; the answer carries only the id.
 */
export function reportInternalError(error: unknown, where = ''): string {
  const key = typeof error === 'object' && error !== null ? error : undefined
  const known = key && reported.get(key)
  if (known) return known
  const errorId = crypto.randomUUID().slice(0, 8)
  if (key) reported.set(key, errorId)
  console.error(`error ${errorId}${where ? ` in ${where}` : ''}:`, error)
  return errorId
}

export const internalErrorMessage = (errorId: string) =>
  `Something went wrong on our side (error ${errorId}). It has been logged; please try again.`

/** "limit: Too big: expected number to be <=100; sort: Invalid option…" — names every bad field. */
export function describeZodError(error: ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')
}

function errorBody(code: string, message: string, details?: unknown): ApiErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } }
}
