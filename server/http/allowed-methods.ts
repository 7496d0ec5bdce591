/**
 * A path that exists asked with a method it does not take: 405 with `Allow` naming the methods it
 * does take, in the one error shape, before any other guard (a DELETE of /api/v1/nfts is not a
 * cross-site write, whatever its Origin: nothing would take it). OPTIONS on such a path answers
 * 204 with the same `Allow` and no CORS header, so a browser's preflight still fails. A path no
 * route matches falls through to the JSON 404.
 *
 * The methods come from the app's own route table (handlers only, middleware left out), read
 * once at the first request, so a new route is covered by being registered.
 */
import type { Hono, MiddlewareHandler } from 'hono'
import { inspectRoutes } from 'hono/dev'
import { TrieRouter } from 'hono/router/trie-router'
import type { AppEnv } from './app-env'
import { toApiError, ApiError } from './errors'

/** In the order `Allow` lists them; HEAD is taken wherever GET is (Hono answers it from GET). */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app: only its route table is read
export function allowedMethods(app: Hono<any, any, any>): MiddlewareHandler<AppEnv> {
  let routes: TrieRouter<true> | undefined
  const takes = (method: string, path: string) => {
    if (!routes) {
      routes = new TrieRouter<true>()
      for (const route of inspectRoutes(app)) if (!route.isMiddleware) routes.add(route.method, route.path, true)
    }
    return routes.match(method === 'HEAD' ? 'GET' : method, path)[0].length > 0
  }
  return async (c, next) => {
    const { method, path } = c.req
    if (method !== 'OPTIONS' && takes(method, path)) return next()
    const allowed = METHODS.filter((m) => takes(m, path))
    if (allowed.length === 0) return next()
    const allow = [...allowed, 'OPTIONS'].join(', ')
    if (method === 'OPTIONS') return c.body(null, 204, { allow })
    const { body } = toApiError(
      new ApiError(405, 'METHOD_NOT_ALLOWED', `${path} does not take ${method}; it takes ${allow}.`),
    )
    return c.json(body, 405, { allow })
  }
}
