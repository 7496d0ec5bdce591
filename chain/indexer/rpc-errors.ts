/**
 * How the indexer tells an RPC's refusals apart: a log range too wide or too full (each provider
 * says it its own way), no answer in time, or an error answer of the RPC's own.
 */
import { BaseError } from 'viem'

/** Every error in `error`'s chain of causes (viem wraps, and so does the server's client). */
function* causes(error: unknown): Generator<Error> {
  for (let e: unknown = error; e instanceof Error; e = e.cause) yield e
}

const RANGE_REFUSED =
  /too many|more than \d+ (results|logs)|query returned more than|block range|range (is )?too (large|wide|big)|limit exceeded|exceeds? (the )?(max|limit)|response (size|too large)|too large/i

/**
 * The RPC refused the range as too wide or too full (each provider says it its own way), or
 * answered more than viem takes in one response (10 MiB).
 */
export function refused(error: unknown): boolean {
  for (const e of causes(error)) {
    if ((e as { code?: unknown }).code === -32005 || e.name === 'ResponseBodyTooLargeError') return true
    const details = (e as { details?: unknown }).details
    if (RANGE_REFUSED.test(e.message) || (typeof details === 'string' && RANGE_REFUSED.test(details))) return true
  }
  return false
}

/**
 * No answer in time: viem's TimeoutError, or the server's client giving up on its deadline (an
 * `unavailable` domain error without a cause). A refused connection is not a timeout.
 */
export function timedOut(error: unknown): boolean {
  for (const e of causes(error)) {
    if (e.name === 'TimeoutError') return true
    if (e.name === 'DomainError' && (e as { code?: unknown }).code === 'unavailable' && e.cause === undefined)
      return true
  }
  return false
}

/**
 * The chain did not answer at all (no connection, a gateway's refusal, no answer in time), as
 * opposed to answering with an error: a contract that reverts is an answer.
 */
export function unreachable(error: unknown): boolean {
  for (const e of causes(error)) {
    if (e.name === 'HttpRequestError' || e.name === 'TimeoutError') return true
    if (e.name === 'DomainError' && (e as { code?: unknown }).code === 'unavailable') return true
  }
  return false
}

/** The RPC answered with an error of its own (JSON-RPC), as opposed to not answering. */
export function isRpcAnswer(error: unknown): boolean {
  for (const e of causes(error)) {
    if (e.name === 'HttpRequestError' || e.name === 'TimeoutError' || e.name === 'DomainError') return false
    if (e instanceof BaseError && typeof (e as { code?: unknown }).code === 'number') return true
  }
  return false
}

export const message = (error: unknown) =>
  (error instanceof BaseError ? error.shortMessage : (error as Error).message).split('\n')[0]!.slice(0, 500)
