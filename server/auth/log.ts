/**
 * POST /api/auth/_log: where Auth.js clients report their errors. Anyone can call it, so it
 * is validated, size-limited (BODY_LIMITS.authLog) and rate-limited per client
 * (server/http/rate-limit.ts, `auth-log`) before anything reaches the server log.
 */
import type { Context } from 'hono'
import { z } from 'zod'
import { ApiError } from '../http/errors'
import { mediaType } from '../http/request-guards'

const logEntry = z.object({
  level: z.enum(['error', 'warn', 'debug']),
  code: z.string().min(1).max(100),
  message: z.string().max(2_000).optional(),
  metadata: z.unknown().optional(),
})

export async function handleAuthLog(c: Context) {
  // Its size is bounded before it gets here (server/http/request-guards.ts).
  const text = await c.req.text()
  let raw: unknown
  // The media type itself, as the request guard reads it: `text/plain; application/json` is text.
  if (mediaType(c.req.header('content-type')) === 'application/json') {
    try {
      raw = JSON.parse(text)
    } catch {
      throw new ApiError(400, 'BAD_REQUEST', 'The body is not valid JSON.')
    }
  } else {
    raw = Object.fromEntries(new URLSearchParams(text))
  }
  const entry = logEntry.parse(raw)
  const line = `[auth client] ${entry.code}${entry.message ? `: ${entry.message}` : ''}`
  if (entry.level === 'error') console.error(line)
  else if (entry.level === 'warn') console.warn(line)
  return c.body(null, 204)
}
