/**
 * Rate limits on what costs us or reaches a person: a stored sign-in nonce, a sign-in (a
 * signature check, maybe an RPC call), an upload, a chain sync, a contact message, a newsletter
 * sign-up, a line in the server log, a collection import, a signed order. Counts live in the database
 * (`rate_limits`), one fixed window per action and client, so a limit holds however many server
 * processes or Worker isolates answer: each hit is one atomic UPSERT … RETURNING, never a read
 * then a write.
 */
import { lt, sql } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import { asDatabaseBusy } from '../../db/errors'
import { rateLimits } from '../../db/schema'
import type { Database } from '../../db/client'
import type { AppEnv } from './app-env'
import { clientAddress } from './client-address'
import type { Env } from '../platform/env'
import { RATE_ACTIONS, type RateAction, type RateLimits } from '../platform/rate-limits'
import { ApiError, toApiError } from './errors'

/** A refused hit: how many seconds until the client's window ends. */
export class RateLimited extends Error {
  readonly retryAfter: number
  constructor(action: RateAction, retryAfter: number) {
    super(`Too many ${RATE_ACTIONS[action].what}; try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`)
    this.name = 'RateLimited'
    this.retryAfter = retryAfter
  }
}

/** How often a process sweeps the counts of windows long over. */
const PRUNE_EVERY_MS = 60_000
let lastPrune = 0

/**
 * Counts one request of `action` from the request's client (or for `subject`, when the limit is on
 * what is reached rather than who asks: an address mailed). Answers null when it is within the
 * limit, else the RateLimited refusal (the request was counted either way).
 */
export async function hitRateLimit(
  { db, env, request }: { db: Database; env: Env; request: Request },
  action: RateAction,
  now = Date.now(),
  subject?: string,
): Promise<RateLimited | null> {
  const rule = env.rateLimits[action]
  if (!rule) return null
  if (now - lastPrune >= PRUNE_EVERY_MS) {
    lastPrune = now
    await pruneRateLimits(db, env.rateLimits, now)
  }
  // Windows are aligned to the clock, so every process agrees where one starts. A process whose
  // clock runs behind never moves a window back (max) and counts into the newer one.
  const windowStart = now - (now % rule.windowMs)
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `${action}:${subject ?? clientAddress(request, env)}`, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} >= excluded.window_start then ${rateLimits.count} + 1 else 1 end`,
        windowStart: sql`max(${rateLimits.windowStart}, excluded.window_start)`,
      },
    })
    .returning({ windowStart: rateLimits.windowStart, count: rateLimits.count })
  if (!row || row.count <= rule.limit) return null
  return new RateLimited(action, Math.max(1, Math.ceil((row.windowStart + rule.windowMs - now) / 1000)))
}

/** Deletes the counts of windows that ended before the longest window began. */
export async function pruneRateLimits(db: Database, limits: RateLimits, now = Date.now()): Promise<void> {
  const longest = Math.max(...Object.values(limits).map((rule) => rule?.windowMs ?? 0))
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, now - longest))
}

/**
 * The limited actions of the REST and Auth.js routes, by method and path. Empty segments are
 * dropped, as Auth.js drops them: `/api/auth//callback/siwe/` is a sign-in too.
 */
function restAction(method: string, path: string): RateAction | undefined {
  if (method !== 'POST') return undefined
  const route = `/${path.split('/').filter(Boolean).join('/')}`
  if (route === '/api/media') return 'upload'
  if (route === '/api/auth/_log') return 'auth-log'
  if (route.startsWith('/api/auth/callback/')) return 'sign-in'
  return undefined
}

/**
 * Hono middleware for the REST and Auth.js routes, before any body is read: a refused request
 * costs one statement. Answers 429 in the REST error shape with Retry-After.
 */
export const restRateLimits: MiddlewareHandler<AppEnv> = async (c, next) => {
  const action = restAction(c.req.method, c.req.path)
  const refused = action && (await hitRateLimit({ db: c.env.db, env: c.env.env, request: c.req.raw }, action))
  if (!refused) return next()
  const { body } = toApiError(new ApiError(429, 'TOO_MANY_REQUESTS', refused.message))
  return c.json(body, 429, { 'retry-after': String(refused.retryAfter) })
}

/** tRPC's `responseMeta`: a Retry-After for an answer that carries a refused hit or a busy database. */
export function retryAfterHeader(errors: readonly { cause?: unknown }[]): { headers?: Record<string, string> } {
  const waits = errors.map((e) =>
    e.cause instanceof RateLimited ? e.cause.retryAfter : (asDatabaseBusy(e)?.retryAfter ?? 0),
  )
  const wait = Math.max(0, ...waits)
  return wait > 0 ? { headers: { 'retry-after': String(wait) } } : {}
}
