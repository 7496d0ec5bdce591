/**
 * POST /api/auth/_log: where Auth.js clients report their errors. Anyone can call it, so it
 * is validated, size-limited (BODY_LIMITS.authLog) and rate-limited before anything reaches the server log.
 */
import type { Context } from 'hono'
import { z } from 'zod'
import { ApiError } from './errors'

export const LOG_RATE = { perMinute: 30 }

const logEntry = z.object({
  level: z.enum(['error', 'warn', 'debug']),
  code: z.string().min(1).max(100),
  message: z.string().max(2_000).optional(),
  metadata: z.unknown().optional(),
})

/** A fixed one-minute window per client, per isolate: enough to stop a flood. */
const windows = new Map<string, { start: number; count: number }>()

function allow(client: string, now: number): boolean {
  const current = windows.get(client)
  if (!current || now - current.start >= 60_000) {
    if (windows.size > 10_000) windows.clear()
    windows.set(client, { start: now, count: 1 })
    return true
  }
  current.count += 1
  return current.count <= LOG_RATE.perMinute
}

export async function handleAuthLog(c: Context) {
  const client = c.req.header('cf-connecting-ip') ?? c.req.header('x-forwarded-for')?.split(',')[0] ?? 'local'
  if (!allow(client, Date.now()))
    throw new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many log entries; try again in a minute.')
  // Its size is bounded before it gets here (server/request-guards.ts).
  const text = await c.req.text()
  const type = c.req.header('content-type') ?? ''
  let raw: unknown
  if (type.includes('application/json')) {
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
