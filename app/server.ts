/**
 * The one fetch handler, identical on Node (vite dev, tests) and Cloudflare Workers
 * (wrangler.toml `main`).
 *   /api/*         → the Hono app (server/app.ts)
 *   /_image        → sized images (also the legacy /_next/image)
 *   everything else → TanStack Start's streaming SSR handler
 * and, on Workers, the chain followers (`ChainFollower`, one Durable Object per chain: the
 * indexer once per block) and the Cron Trigger (`scheduled`) that keeps them alive.
 */
import handler from '@tanstack/react-start/server-entry'
import { getRequest, setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import { unstable_localLink } from '@trpc/client'
import { tap } from '@trpc/server/observable'
import { app } from '../server/app'
import { EnvError } from '../server/platform/env'
import { handleImage } from '../server/image'
import { createRuntime, type Runtime } from '../server/platform/runtime'
import { indexConfiguredChains } from '../server/trading/indexing'
import { keepFollowing } from '../server/trading/follower'
import { createContext } from '../server/trpc/init'
import { appRouter } from '../server/trpc/root'
import { CSP_NONCE_HEADER, newNonce, pageSecurityHeaders } from '../server/http/page-security'
import { defaultCache, edgeCache } from '../server/http/edge-cache'
import { noteTags } from '../server/http/cache-tags'
import { drainPageChanges } from '../server/live/publish'
import { wakeSender } from '../server/notify/wake'
import { followListsOnNode, refreshDueLists } from '../server/shared-lists/follow'
import { LIVE_PATH } from '../server/live/stream'
import { handleLocalPurge, LOCAL_PURGE_PATH } from '../server/http/local-cache-purge'
import { LISTS_TAG } from '../db/cache-tags'
import { purgesFiled } from '../db/market'
import { isPublicQuery, PRIVATE_CACHE_CONTROL } from '../server/http/cache-policy'
import { provideCspNonce } from './lib/csp-nonce'
import { hiddenNoticeOf } from './lib/moderation'
import { robotsTxt } from './lib/sitemap'
import { sitemapResponse } from './lib/sitemap.server'
import { provideServerLink } from './lib/trpc'

// wrangler.toml binds them as CHAIN_FOLLOWER and LIVE_PAGES: a Durable Object class must be exported by the Worker's entry.
export { ChainFollower } from '../server/trading/follower'
export { LivePages } from '../server/live/pages-object'
export { NotificationSender } from '../server/notify/sender-object'

let runtime: Runtime | undefined

// Route loaders on the server call tRPC in-process, with the page request's cookies. A page is as
// shareable as what it reads: one whose render calls anything but a public query (the status page's
// health) is answered privately, so no cache keeps it for every visitor (server/http/cache-policy.ts).
provideServerLink(() => {
  const local = unstable_localLink({
    router: appRouter,
    createContext: async () => createContext({ request: getRequest(), runtime: getRuntime() }),
  })
  return (linkRuntime) => {
    const call = local(linkRuntime)
    return (options) => {
      const { type, path } = options.op
      if (type !== 'query' || !isPublicQuery(path)) setResponseHeader('cache-control', PRIVATE_CACHE_CONTROL)
      return call(options).pipe(tap({ error: (error) => answerHidden(path, error) }))
    }
  }
})

/** The read that names each page of something moderation may hide, by the page's path. */
const SUBJECT_OF_PAGE: [RegExp, string][] = [
  [/^\/item\//, 'nft.byId'],
  [/^\/collection\//, 'collection.byIdOrSlug'],
  [/^\/user\//, 'user.byAddress'],
]

/** The page of a hidden item, collection or profile answers its decision's status: 451 or 410. */
function answerHidden(path: string, error: unknown) {
  const notice = hiddenNoticeOf(error)
  if (!notice) return
  const page = new URL(getRequest().url).pathname
  if (SUBJECT_OF_PAGE.some(([pattern, subject]) => subject === path && pattern.test(page))) {
    setResponseStatus(notice.httpStatus)
  }
}

provideCspNonce(() => getRequest().headers.get(CSP_NONCE_HEADER) ?? undefined)

/** A page, with a fresh CSP nonce handed to the renderer and the security headers added. */
async function renderPage(request: Request): Promise<Response> {
  const nonce = newNonce()
  const headers = new Headers(request.headers)
  headers.set(CSP_NONCE_HEADER, nonce)
  // Built from its parts: under Vite's dev server the request is not the runtime's own Request class.
  const withBody = request.method !== 'GET' && request.method !== 'HEAD'
  const init = { method: request.method, headers, body: withBody ? request.body : null, duplex: 'half' }
  const response = await handler.fetch(new Request(request.url, init as RequestInit))
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response
  const secured = new Response(response.body, response)
  const dev = import.meta.env.DEV ? new URL(request.url).origin : undefined
  for (const [name, value] of Object.entries(pageSecurityHeaders({ nonce, env: getRuntime().env, devOrigin: dev }))) {
    secured.headers.set(name, value)
  }
  return secured
}

/** What a search engine's crawler reads first: robots.txt and the sitemaps (canonical paths). */
async function crawlerFile(pathname: string, { db, env }: Runtime): Promise<Response> {
  const origin = env.siteOrigins[0]!
  noteTags(LISTS_TAG)
  if (pathname === '/robots.txt') {
    return new Response(robotsTxt(origin), { headers: { 'content-type': 'text/plain; charset=utf-8' } })
  }
  return sitemapResponse(pathname, { db, origin })
}

/** The edge cache's needs: whether anything can purge it and, on Workers, the request's waitUntil. */
const edgeContext = (context?: { waitUntil: (work: Promise<unknown>) => void }) => ({
  purging: getRuntime().env.cachePurge !== undefined,
  waitUntil: context ? (work: Promise<unknown>) => context.waitUntil(work) : undefined,
})

/**
 * After a request that may have written (any API call but a read), the pages it changed are purged
 * at once rather than at the indexer's next round (a seller sees their listing on the public page),
 * and the pages open on them hear of it.
 */
function purgeAfterWrite(
  request: Request,
  filedBefore: number,
  context?: { waitUntil: (work: Promise<unknown>) => void },
) {
  if (request.method === 'GET' || request.method === 'HEAD') return
  const drained = drainPageChanges(getRuntime()).then(
    ({ error }) => error && console.warn(`edge cache: ${error}`),
    (error: unknown) => console.warn(`edge cache: the purge outbox could not be read (${String(error)})`),
  )
  if (context) context.waitUntil(drained)
  // A write that changed a page may have filed a notification (an offer: its holders); one that
  // changed none filed none (every event that is told of changes a page).
  if (purgesFiled() === filedBefore) return
  const woken = wakeSender(getRuntime())
  if (context) context.waitUntil(woken)
}

/** The local preview's purge by tag (server/http/local-cache-purge.ts), when it is the configured endpoint. */
function localPurge(request: Request, { env }: Runtime): Promise<Response> | undefined {
  const target = env.cachePurge
  const cache = defaultCache()
  if (!target || !cache || new URL(target.url).pathname !== LOCAL_PURGE_PATH) return undefined
  return handleLocalPurge(request, target.token, cache)
}

/** Workers pass their bindings; Node has only process.env. Parsed once per isolate/process. */
function getRuntime(bindings?: Record<string, unknown>): Runtime {
  if (!runtime) {
    runtime = createRuntime(bindings ?? process.env)
    // Node: this process's sender starts with it (on Workers, the Cron Trigger and writes wake its object).
    if (!runtime.notifier && !bindings) void wakeSender(runtime)
    // Node: other instances' shared lists are read here when due (on Workers, by the Cron Trigger).
    if (!bindings) followListsOnNode(runtime)
  }
  return runtime
}

export default {
  async fetch(
    request: Request,
    bindings?: Record<string, unknown>,
    context?: { waitUntil: (work: Promise<unknown>) => void },
  ): Promise<Response> {
    try {
      getRuntime(bindings)
    } catch (error) {
      if (!(error instanceof EnvError)) throw error
      console.error(error.message)
      return new Response(`${error.message}\n`, { status: 500, headers: { 'content-type': 'text/plain' } })
    }
    const { pathname } = new URL(request.url)
    // A stream (or a WebSocket's upgrade) is nothing a cache could keep.
    if (pathname === LIVE_PATH) return app.fetch(request, getRuntime())
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      const filedBefore = purgesFiled()
      const response = await edgeCache(request, edgeContext(context), () => app.fetch(request, getRuntime()))
      purgeAfterWrite(request, filedBefore, context)
      return response
    }
    if (pathname === LOCAL_PURGE_PATH) {
      const purged = localPurge(request, getRuntime())
      if (purged) return purged
    }
    if (pathname === '/_image' || pathname === '/_next/image') {
      const { imageCodec, derived } = getRuntime()
      // Workers: the edge cache answers repeats before R2 is read.
      const edge = defaultCache()
      return handleImage(request, async (own) => app.fetch(own, getRuntime()), { codec: imageCodec, derived, edge })
    }
    if (pathname === '/sitemap.xml' || pathname === '/robots.txt' || pathname.startsWith('/sitemaps/')) {
      return edgeCache(request, edgeContext(context), () => crawlerFile(pathname, getRuntime()))
    }
    return edgeCache(request, edgeContext(context), () => renderPage(request))
  },

  /**
   * wrangler.toml `[triggers] crons`, once a minute: the safety net under the chain followers. Each
   * configured chain's follower is started if it never ran and restarted if its alarm stalled.
   * Without the CHAIN_FOLLOWER binding (a Worker deployed without it), the Cron Trigger indexes by
   * itself, once a minute, as it did before followers.
   */
  async scheduled(
    _controller: unknown,
    bindings: Record<string, unknown>,
    context: { waitUntil: (work: Promise<unknown>) => void },
  ): Promise<void> {
    const current = getRuntime(bindings)
    // The sender's safety net, as the followers': an alarm lost is set again within the minute.
    context.waitUntil(wakeSender(current))
    // Other instances' shared lists that are due (each read about once an hour).
    context.waitUntil(refreshDueLists(current))
    if (current.followers) {
      context.waitUntil(
        keepFollowing(current).then((reports) => {
          for (const [chainId, report] of Object.entries(reports)) {
            if ('error' in report) console.error(`chain ${chainId} follower: ${report.error}`)
          }
        }),
      )
      return
    }
    context.waitUntil(
      indexConfiguredChains(current).then((results) => {
        for (const [chainId, result] of Object.entries(results)) {
          if (result && 'error' in result) console.error(`indexer, chain ${chainId}: ${result.error}`)
        }
      }),
    )
  },
}
