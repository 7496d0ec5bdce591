/**
 * Who may be answered from a shared cache, and what the answers say about caching (ADR 17).
 *
 * Anonymous GETs of pages and of public API reads are the same for every visitor: they carry a
 * short shared TTL with stale-while-revalidate, for the Workers cache (./edge-cache.ts) and for
 * a CDN in front of Node. A request that names someone (a session cookie, a wallet cookie that
 * remembers an account, any Authorization) is answered privately, and so is every response
 * that sets a cookie.
 */
import { hasSessionCookie } from './session-cookie'
import { rememberedAccount } from './wallet-cookie'

/** `hit`, `miss` (rendered and stored) or `bypass` (not the cache's to answer), on Workers. */
export const CACHE_STATUS_HEADER = 'x-vitrine-cache'

/**
 * Shared caches keep it 30 s, then may serve it up to 60 s more while fetching the next. Nothing
 * is fresh for a browser (max-age=0), but one that honours stale-while-revalidate may also show
 * its copy while it fetches the next: an anonymous visitor sees what a CDN would show them.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60'
export const PRIVATE_CACHE_CONTROL = 'private, no-cache'
/** What a shared cache must tell apart: requests naming someone never get an anonymous answer. */
const VARY = ['Cookie', 'Authorization']

/** tRPC queries whose answer is the same for every anonymous visitor (the live ones are not here). */
const PUBLIC_QUERIES = new Set([
  'activity.list',
  'chain.list',
  'collection.byIdOrSlug',
  'collection.charts',
  'collection.criteria',
  'collection.history',
  'collection.list',
  'collection.nfts',
  'collection.offers',
  'collection.sweep',
  'collection.traits',
  'nft.byId',
  'nft.byToken',
  'nft.list',
  'nft.sales',
  'ranking.list',
  'search.query',
  'session',
  'site.ethUsd',
  'site.origin',
  'user.byAddress',
  'user.nfts',
  'wallet',
])

/** REST reads of the same kind; not the sign-in nonce, not an order's live status. */
const PUBLIC_REST =
  /^\/api\/v1\/(?:nfts|users|collections|marketplace|rankings|activity|search|chain|openapi\.json)(?:\/|$)/

/** Whether the request carries a session, a wallet that remembers an account, or credentials. */
export function isPersonal(request: Request): boolean {
  if (request.headers.has('authorization')) return true
  const cookies = request.headers.get('cookie')
  if (!cookies) return false
  return hasSessionCookie(cookies) || rememberedAccount(cookies) !== null
}

/** Whether the tRPC procedure at `path` is a query whose answer is the same for every anonymous visitor. */
export const isPublicQuery = (path: string): boolean => PUBLIC_QUERIES.has(path)

/** A GET or HEAD of a page or of a public API read (before knowing who asks). */
export function isPublicRead(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const { pathname } = new URL(request.url)
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    if (pathname.startsWith('/api/trpc/')) {
      const paths = decoded(pathname.slice('/api/trpc/'.length))?.split(',')
      return paths !== undefined && paths.every(isPublicQuery)
    }
    return PUBLIC_REST.test(pathname)
  }
  return true
}

/** A path segment with its escapes decoded; undefined when they are malformed (not ours to call public). */
function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

/** Whether `request` may be answered with (and its answer stored as) the anonymous one. */
export const isShareable = (request: Request): boolean => isPublicRead(request) && !isPersonal(request)

/**
 * `response` with its Cache-Control (unless it set its own, as media and images do) and Vary.
 * Public only for a shareable request answered 200 without a cookie.
 */
export function withCachePolicy(request: Request, response: Response): Response {
  if (response.headers.has('cache-control')) return response
  const headers = new Headers(response.headers)
  const shared = isShareable(request) && response.status === 200 && !headers.has('set-cookie')
  headers.set('cache-control', shared ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL)
  const vary = new Set(
    (headers.get('vary') ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  )
  for (const name of VARY) vary.add(name)
  headers.set('vary', [...vary].join(', '))
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/** Whether a response may go into a shared cache (what `withCachePolicy` made public). */
export const isStorable = (response: Response): boolean =>
  response.status === 200 &&
  !response.headers.has('set-cookie') &&
  (response.headers.get('cache-control') ?? '').split(',')[0]!.trim() === 'public'
