/**
 * REST shims under /api/v1: each handler validates nothing itself and holds no
 * logic; it hands the query (or JSON body) to the tRPC caller, whose zod input validates it.
 * Errors become the one JSON error shape in server/app.ts's onError.
 */
import { Hono, type Context as HonoContext, type MiddlewareHandler } from 'hono'
import { baseRoutePath, matchedRoutes } from 'hono/route'
import type { AppEnv } from '../http/app-env'
import { ApiError } from '../http/errors'
import { createContext } from '../trpc/init'
import { createCaller } from '../trpc/root'
import { auditExport } from './audit-export'
import { openApiDocument } from './openapi'

const caller = (c: HonoContext<AppEnv>) => createCaller(createContext({ request: c.req.raw, runtime: c.env }))

/** Raw, unvalidated input on its way to the zod schema of the procedure (hence `never`). */
const raw = (value: unknown): never => value as never

/**
 * The query string as input. An empty parameter (`?maxPrice=`, as a form sends a field left
 * blank) is an absent one, not a zero or an empty word.
 */
const query = (c: HonoContext<AppEnv>) =>
  Object.fromEntries(
    Object.entries(c.req.queries())
      .map(([name, values]) => [name, values.filter((v) => v !== '')] as const)
      .filter(([, values]) => values.length > 0)
      // A parameter given more than once is a list (`trait=…&trait=…`); where one is expected, a 400.
      .map(([name, values]) => [name, values.length === 1 ? values[0] : values]),
  )

/** A JSON body that is an object, to merge a path parameter into (anything else is left to zod). */
async function jsonObject(c: HonoContext<AppEnv>): Promise<Record<string, unknown>> {
  const body = await jsonBody(c)
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
}

async function jsonBody(c: HonoContext<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json()
  } catch {
    throw new ApiError(400, 'BAD_REQUEST', 'body: must be valid JSON')
  }
}

/** The query parameters each operation of openapi.json declares, by `METHOD /path`. */
const declaredQuery = new Map(
  Object.entries(openApiDocument.paths).flatMap(([path, operations]) =>
    Object.entries(operations as Record<string, { parameters?: { name: string; in: string }[] }>).map(
      ([method, operation]) => [
        `${method.toUpperCase()} ${path}`,
        (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      ],
    ),
  ),
)

/**
 * A query parameter the operation does not declare is a 400 naming it: ignored, a misspelt or
 * foreign filter (`?contract=` on /nfts) would answer everything as if it applied. The list is
 * openapi.json's own, so the document and the check cannot drift.
 */
const declaredParametersOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const routes = matchedRoutes(c)
  const index = routes.findLastIndex((route) => route.method !== 'ALL')
  if (index < 0) return next()
  const { method, path } = routes[index]!
  const operation = `${method} ${path.slice(baseRoutePath(c, index).length).replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`
  const declared = declaredQuery.get(operation) ?? []
  const unknown = Object.keys(c.req.queries()).filter((name) => !declared.includes(name))
  if (unknown.length > 0) {
    const takes = declared.length > 0 ? `it takes ${declared.join(', ')}` : 'it takes none'
    throw new ApiError(
      400,
      'BAD_REQUEST',
      unknown.map((name) => `${name}: is not a query parameter of ${operation} (${takes})`).join('; '),
    )
  }
  return next()
}

export const v1 = new Hono<AppEnv>()
  .use(declaredParametersOnly)
  .get('/openapi.json', (c) => c.json(openApiDocument))

  // The single-use Sign-In with Ethereum nonce (the same one tRPC's siweNonce issues). Never cached.
  .get('/auth/nonce', async (c) => {
    c.header('cache-control', 'no-store')
    return c.json({ data: { nonce: await caller(c).siweNonce() } })
  })

  // The link mailed to confirm an address: confirms it, then shows the wallet's settings with the
  // outcome. Never cached; the token leaves no Referer behind.
  .get('/notifications/email/confirm', async (c) => {
    const { status, wallet } = await caller(c).notifications.email.confirm(raw(query(c)))
    c.header('cache-control', 'no-store')
    c.header('referrer-policy', 'no-referrer')
    return c.redirect(wallet ? `/profile/${wallet}?email=${status}` : `/?email=${status}`, 303)
  })

  .get('/nfts', async (c) => c.json(await caller(c).nft.list(raw(query(c)))))
  .get('/nfts/:id', async (c) => c.json({ data: await caller(c).nft.byId({ id: raw(c.req.param('id')) }) }))
  .get('/nfts/:chainId/:contract/:tokenId', async (c) =>
    c.json({ data: await caller(c).nft.byToken(raw(c.req.param())) }),
  )

  .post('/users', async (c) => {
    const body = await jsonBody(c)
    return c.json({ data: await caller(c).user.upsert(raw(body)) })
  })
  .get('/users/:address', async (c) =>
    c.json({ data: await caller(c).user.byAddress({ address: c.req.param('address') }) }),
  )
  .get('/users/:filter/:walletAddress', async (c) =>
    c.json(
      await caller(c).user.nfts(
        raw({ ...query(c), filter: c.req.param('filter'), address: c.req.param('walletAddress') }),
      ),
    ),
  )

  .get('/collections', async (c) => c.json(await caller(c).collection.list(raw(query(c)))))
  .post('/collections/import', async (c) => {
    const { created, collection } = await caller(c).collection.import(raw(await jsonBody(c)))
    return c.json({ data: collection }, created ? 202 : 200)
  })
  .get('/collections/:idOrSlug', async (c) =>
    c.json({ data: await caller(c).collection.byIdOrSlug({ idOrSlug: c.req.param('idOrSlug') }) }),
  )
  // A bare array: every value of every trait type (at most 200 a type), with its count and floor.
  .get('/collections/:idOrSlug/traits', async (c) =>
    c.json(await caller(c).collection.traits(raw({ ...query(c), idOrSlug: c.req.param('idOrSlug') }))),
  )
  .get('/collections/:idOrSlug/offers', async (c) =>
    c.json({ data: await caller(c).collection.offers({ idOrSlug: c.req.param('idOrSlug') }) }),
  )
  .get('/collections/:idOrSlug/criteria', async (c) =>
    c.json({ data: await caller(c).collection.criteria(raw({ ...query(c), idOrSlug: c.req.param('idOrSlug') })) }),
  )
  .get('/collections/:idOrSlug/history', async (c) =>
    c.json({ data: await caller(c).collection.history(raw({ ...query(c), idOrSlug: c.req.param('idOrSlug') })) }),
  )
  .get('/collections/:idOrSlug/sweep', async (c) =>
    c.json({ data: await caller(c).collection.sweep(raw({ ...query(c), idOrSlug: c.req.param('idOrSlug') })) }),
  )
  .get('/marketplace/filterNFTbyCollection/:idOrSlug', async (c) =>
    c.json(await caller(c).collection.nfts(raw({ ...query(c), collection: c.req.param('idOrSlug') }))),
  )

  .get('/rankings', async (c) => c.json(await caller(c).ranking.list(raw(query(c)))))
  .get('/activity', async (c) => c.json(await caller(c).activity.list(raw(query(c)))))
  .get('/search', async (c) => c.json({ data: await caller(c).search.query(raw(query(c))) }))
  .get('/chain', async (c) => c.json({ data: await caller(c).chain.list() }))
  .post('/listings', async (c) => c.json({ data: await caller(c).market.submitListing(raw(await jsonBody(c))) }, 201))
  .post('/listings/bulk', async (c) =>
    c.json({ data: await caller(c).market.submitListings(raw(await jsonBody(c))) }, 200),
  )
  .post('/offers', async (c) => c.json({ data: await caller(c).market.submitOffer(raw(await jsonBody(c))) }, 201))
  // The signed-in wallet's notifications (never cached: not a public read).
  .get('/notifications', async (c) => {
    c.header('cache-control', 'private, no-store')
    return c.json(await caller(c).notifications.list(raw(query(c))))
  })
  .post('/notifications/read', async (c) =>
    c.json({ data: await caller(c).notifications.markRead(raw(await jsonBody(c))) }),
  )
  // Reports (ADR 44): anyone signed in files one; reporters read their own; the queue is for
  // operators and moderators. Never cached: each answer is the session's.
  .post('/reports', async (c) => c.json({ data: await caller(c).moderation.report(raw(await jsonBody(c))) }, 201))
  .get('/reports/mine', async (c) => {
    c.header('cache-control', 'private, no-store')
    return c.json(await caller(c).moderation.myReports(raw(query(c))))
  })
  .get('/reports', async (c) => {
    c.header('cache-control', 'private, no-store')
    return c.json(await caller(c).moderation.queue(raw(query(c))))
  })
  // Legal notices (ADR 47): sent without a wallet; in the queue once the mailed link confirms them.
  .post('/legal-notices', async (c) =>
    c.json({ data: await caller(c).legalNotices.submit(raw(await jsonBody(c))) }, 202),
  )
  .get('/legal-notices/confirm', async (c) => {
    const { status } = await caller(c).legalNotices.confirm(raw(query(c)))
    c.header('cache-control', 'no-store')
    c.header('referrer-policy', 'no-referrer')
    return c.redirect(`/legal-notice?notice=${status}`, 303)
  })
  // The moderator role, granted and revoked by operators.
  .post('/moderators', async (c) => c.json({ data: await caller(c).moderation.grantModerator(raw(await jsonBody(c))) }))
  .delete('/moderators/:address', async (c) =>
    c.json({ data: await caller(c).moderation.revokeModerator({ address: c.req.param('address') }) }),
  )
  .get('/moderators', async (c) => {
    c.header('cache-control', 'private, no-store')
    return c.json({ data: await caller(c).moderation.moderators() })
  })
  .get('/moderation/me', async (c) => {
    c.header('cache-control', 'private, no-store')
    return c.json({ data: await caller(c).moderation.me() })
  })
  // Decisions (ADR 45): taken and reversed by operators and moderators; each one's statement of
  // reasons is public; appealed by whom it concerns; all of it in the audit log.
  .post('/decisions', async (c) => c.json({ data: await caller(c).moderation.decide(raw(await jsonBody(c))) }, 201))
  .get('/decisions', async (c) => {
    c.header('cache-control', 'private, no-store')
    return c.json(await caller(c).moderation.decisions(raw(query(c))))
  })
  .get('/decisions/:id', async (c) =>
    c.json({ data: await caller(c).moderation.decision(raw({ id: c.req.param('id') })) }),
  )
  .post('/decisions/:id/reverse', async (c) =>
    c.json({
      data: await caller(c).moderation.reverse(raw({ ...(await jsonObject(c)), id: c.req.param('id') })),
    }),
  )
  .post('/appeals', async (c) => c.json({ data: await caller(c).moderation.appeal(raw(await jsonBody(c))) }, 201))
  .get('/appeals', async (c) => {
    c.header('cache-control', 'private, no-store')
    return c.json(await caller(c).moderation.appeals(raw(query(c))))
  })
  .get('/appeals/mine', async (c) => {
    c.header('cache-control', 'private, no-store')
    return c.json(await caller(c).moderation.myAppeals())
  })
  .post('/appeals/:id/decision', async (c) =>
    c.json({
      data: await caller(c).moderation.decideAppeal(raw({ ...(await jsonObject(c)), id: c.req.param('id') })),
    }),
  )
  .get('/audit', async (c) => {
    c.header('cache-control', 'private, no-store')
    return c.json(await caller(c).moderation.audit(raw(query(c))))
  })
  .get('/audit/export', async (c) => {
    const { format } = await caller(c).moderation.auditExport(raw(query(c)))
    return c.body(auditExport(c.env.db, format), 200, {
      'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="vitrine-audit.${format}"`,
      'cache-control': 'private, no-store',
    })
  })
  // Shared lists (ADR 48): this marketplace's signed list, public and cacheable by anyone; its
  // draft and publication, and the lists it follows, for operators (never cached).
  .get('/shared-list', async (c) => {
    const document = await caller(c).sharedList.current()
    c.header('cache-control', 'public, max-age=300')
    return c.json(document)
  })
  .get('/shared-list/draft', async (c) => {
    c.header('cache-control', 'private, no-store')
    return c.json({ data: await caller(c).sharedList.draft(raw(query(c))) })
  })
  .post('/shared-list/sign', async (c) =>
    c.json({ data: await caller(c).sharedList.publish(raw(await jsonBody(c))) }, 201),
  )
  .get('/shared-lists', async (c) => {
    c.header('cache-control', 'private, no-store')
    return c.json(await caller(c).sharedList.subscriptions())
  })
  .post('/shared-lists', async (c) => c.json({ data: await caller(c).sharedList.subscribe(raw(await jsonBody(c))) }))
  .post('/shared-lists/:id/refresh', async (c) =>
    c.json({ data: await caller(c).sharedList.refresh({ id: raw(c.req.param('id')) }) }),
  )
  .delete('/shared-lists/:id', async (c) =>
    c.json({ data: await caller(c).sharedList.unsubscribe({ id: raw(c.req.param('id')) }) }),
  )
  .get('/offers/:orderHash/criteria', async (c) =>
    c.json({
      data: await caller(c).market.criteriaProof(raw({ ...query(c), orderHash: c.req.param('orderHash') })),
    }),
  )
  .get('/orders/:orderHash', async (c) =>
    c.json({ data: await caller(c).market.order(raw({ orderHash: c.req.param('orderHash') })) }),
  )
