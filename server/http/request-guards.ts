/**
 * What every request under /api passes before a handler sees it:
 * - a body limit enforced while the body streams in (chunked or not, whatever Content-Length
 *   claims), answered with 413 the moment it is passed;
 * - tRPC batches of bounded size (one request must not run a thousand procedures);
 * - writes that a foreign page could forge (a form or a text/plain fetch, which browsers send
 *   cross-site without asking) are refused unless they come from one of our origins, or carry
 *   what no foreign page can send: a JSON body, or the CLIENT_HEADER (a script's uploads).
 */
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './app-env'
import { ApiError } from './errors'
import { readBounded } from './read-bounded'
import { MAX_MEDIA_BYTES } from '../media/content'

export const BODY_LIMITS = {
  /** JSON and form bodies: orders, profiles, sign-in messages. */
  default: 128 * 1024,
  /** Many signed listings at once (up to 100 orders of about 2 KB with their bulk signatures). */
  bulkOrders: 512 * 1024,
  /** A signed shared list sent back to be published (server/inputs/shared-lists.ts: MAX_LIST_BYTES). */
  sharedList: 4 * 1024 * 1024,
  /** A client's error report. */
  authLog: 4 * 1024,
  /** One media file, with room for the multipart envelope. */
  upload: MAX_MEDIA_BYTES + 64 * 1024,
} as const

/** Calls in one tRPC request: queries, and fewer mutations (they write). */
export const TRPC_BATCH_LIMITS = { query: 10, mutation: 5 } as const

const BULK_ORDER_PATHS = new Set(['/api/v1/listings/bulk', '/api/trpc/market.submitListings'])

const SHARED_LIST_PATHS = new Set(['/api/v1/shared-list/sign', '/api/trpc/sharedList.publish'])

const limitFor = (path: string) =>
  path === '/api/media'
    ? BODY_LIMITS.upload
    : SHARED_LIST_PATHS.has(path)
      ? BODY_LIMITS.sharedList
      : path === '/api/auth/_log'
        ? BODY_LIMITS.authLog
        : BULK_ORDER_PATHS.has(path)
          ? BODY_LIMITS.bulkOrders
          : BODY_LIMITS.default

const tooLarge = (limit: number) =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${limit.toLocaleString('en')} bytes.`)

/** Reads the body up to its limit, then hands handlers a request holding exactly those bytes. */
export const bodyLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const request = c.req.raw
  if (!request.body) return next()
  const limit = limitFor(c.req.path)
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw tooLarge(limit)
  const body = await readBounded(request.body, limit)
  if (!body) throw tooLarge(limit)
  const headers = new Headers(request.headers)
  headers.delete('transfer-encoding')
  headers.set('content-length', String(body.byteLength))
  // Built from its parts: under Vite's dev server the request is not the runtime's own class.
  c.req.raw = new Request(request.url, { method: request.method, headers, body })
  return next()
}

/** A tRPC batch (`?batch=1`, procedures joined by commas in the path) of bounded size. */
export const trpcBatchLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.query('batch') === '1') {
    const calls = c.req.path.slice('/api/trpc/'.length).split(',').length
    const kind = c.req.method === 'GET' ? 'query' : 'mutation'
    const limit = TRPC_BATCH_LIMITS[kind]
    if (calls > limit) {
      throw new ApiError(400, 'BAD_REQUEST', `A batch may hold at most ${limit} ${kind} calls (this one has ${calls}).`)
    }
  }
  return next()
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** A Content-Type's media type alone, lowercase: `Text/Plain; charset=utf-8` is `text/plain`. */
export const mediaType = (header: string | undefined) => header?.split(';')[0]?.trim().toLowerCase() ?? ''

/**
 * The Auth.js actions that check its CSRF token (a cookie and a form field a foreign page cannot
 * read): a client without Origin may post forms to these. Named one by one, so that a handler of
 * our own under /api/auth (`_log`) is guarded like any other route. Empty segments are dropped,
 * as Auth.js drops them (`/api/auth//callback/siwe/` is a sign-in).
 */
const checksCsrfToken = (path: string) =>
  /^\/api\/auth\/(callback|session|signin|signout)(\/|$)/.test(`/${path.split('/').filter(Boolean).join('/')}`)

/**
 * What a client outside a browser (a script, a server, a bot) sends with a write whose body is
 * not JSON (an upload, a form): any value, e.g. its name. A foreign page cannot send it: a custom
 * header makes a cross-site request need a CORS preflight, which this API never grants.
 */
export const CLIENT_HEADER = 'x-vitrine-client'

/** What a client must send, said in every refusal. */
const WHAT_TO_SEND =
  'A script or server sends no Origin header and either a JSON body (Content-Type: application/json) or the header "X-Vitrine-Client: <your app\'s name>" (docs/api.md, "Cross-site rule").'

/**
 * A write must come from one of our pages (Origin), or carry what a foreign page cannot send
 * without a CORS preflight we never grant: a JSON body, or CLIENT_HEADER. A foreign Origin is
 * refused on every route. A browser's cross-site form (with the session cookie, with or without
 * Origin) has neither, so it stays refused.
 */
export const sameSiteWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next()
  const origin = c.req.header('origin')
  if (origin !== undefined) {
    if (c.env.env.siteOrigins.includes(origin)) return next()
    throw new ApiError(403, 'FORBIDDEN', `Cross-site request refused: ${origin} is not this site. ${WHAT_TO_SEND}`)
  }
  if (!c.req.raw.body || mediaType(c.req.header('content-type')) === 'application/json') return next()
  if (c.req.header(CLIENT_HEADER)?.trim()) return next()
  if (checksCsrfToken(c.req.path)) return next()
  throw new ApiError(
    403,
    'FORBIDDEN',
    `Cross-site request refused: without this site's Origin, this body could come from any page. ${WHAT_TO_SEND}`,
  )
}
