/**
 * The API: one Hono app for everything under /api. The runtime (parsed env + database)
 * arrives as Hono's bindings, so tests call `app.request(path, init, runtime)` directly.
 */
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import { Hono } from 'hono'
import { handleAuth } from './auth/session'
import { handleAuthLog } from './auth/log'
import { ART_KINDS, type ArtKind } from '../db/media'
import { drawArt } from './art'
import { ApiError, toApiError } from './http/errors'
import { metadata } from './create/metadata-routes'
import { media } from './create/media-routes'
import { untrustedHeaders } from './media/untrusted'
import { restRateLimits, retryAfterHeader } from './http/rate-limit'
import type { AppEnv } from './http/app-env'
import { allowedMethods } from './http/allowed-methods'
import { bodyLimit, sameSiteWrites, trpcBatchLimit } from './http/request-guards'
import { v1 } from './rest/v1'
import { handleLive } from './live/stream'
import { appRouter } from './trpc/root'
import { healthReport } from './trpc/health-report'
import { deepHealthRefusal } from './health/deep-access'
import { createContext } from './trpc/init'

export const app = new Hono<AppEnv>().basePath('/api')

// A method the path does not take is a 405 before any guard judges the request (it does nothing).
// Rate limits before the body is read: a refused upload costs one statement, not 32 MB.
app.use(allowedMethods(app), sameSiteWrites, restRateLimits, bodyLimit)
app.use('/trpc/*', trpcBatchLimit)

app.post('/auth/_log', handleAuthLog)
app.on(['GET', 'POST'], '/auth/*', (c) => handleAuth(c.req.raw, c.env))

// Queries are GETs and mutations POSTs; which a procedure takes, tRPC itself says (its own 405).
app.on(['GET', 'POST'], '/trpc/*', (c) =>
  fetchRequestHandler({
    endpoint: '/api/trpc',
    req: c.req.raw,
    router: appRouter,
    createContext: () => createContext({ request: c.req.raw, runtime: c.env }),
    responseMeta: ({ errors }) => retryAfterHeader(errors),
  }),
)

// Liveness and readiness for load balancers: from memory and at most one read (docs/api.md).
app.get('/health', async (c) => {
  const report = await healthReport(c.env)
  return c.json(report, report.status === 'ok' ? 200 : 503)
})

// The same and the write-lock probe (a write): for an operator's monitor holding HEALTH_TOKEN.
app.get('/health/deep', async (c) => {
  const refused = await deepHealthRefusal(c.env.env, c.req.header('authorization'))
  if (refused) {
    const { status, body } = toApiError(refused)
    return c.json(body, status, status === 401 ? { 'www-authenticate': 'Bearer realm="health"' } : {})
  }
  const report = await healthReport(c.env, { deep: true })
  return c.json(report, report.status === 'ok' ? 200 : 503)
})

app.get('/art/:kind/:key{.+\\.svg}', (c) => {
  const kind = c.req.param('kind')
  if (!ART_KINDS.includes(kind as ArtKind)) throw new ApiError(404, 'NOT_FOUND', `no artwork kind "${kind}"`)
  return c.body(
    drawArt(kind as ArtKind, c.req.param('key').slice(0, -'.svg'.length)),
    200,
    // The key (and so the title drawn from it) is whatever the URL says.
    untrustedHeaders({ 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=31536000, immutable' }),
  )
})

app.get('/live', handleLive)
app.route('/v1', v1)
app.route('/media', media)
app.route('/metadata', metadata)

app.notFound((c) =>
  c.json({ error: { code: 'NOT_FOUND', message: `No API route matches ${c.req.method} ${c.req.path}.` } }, 404),
)

app.onError((error, c) => {
  // toApiError logs an unexpected failure under the id its answer carries.
  const { status, body } = toApiError(error)
  // A REST shim's procedure refused by a rate limit says when to come back, as tRPC does.
  return c.json(body, status, retryAfterHeader([error]).headers)
})
