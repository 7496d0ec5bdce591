/**
 * The Workers edge cache for anonymous visitors (ADR 17). A shareable request (./cache-policy.ts)
 * is answered from `caches.default` when an entry exists for its URL under the pages' current
 * generation (db/page-generation.ts); otherwise it is rendered, and stored if its answer is
 * public. Everything else is rendered and never stored. The answer says which in
 * `x-vitrine-cache`. Without a Cache API (Node), answers only get their Cache-Control, for a CDN.
 */
import type { Database } from '../../db/client'
import { pagesGeneration } from '../../db/page-generation'
import { readBatch } from '../../db/read-batches'
import { CACHE_STATUS_HEADER, isShareable, isStorable, withCachePolicy } from './cache-policy'
import { newNonce } from './page-security'

/** How long an isolate trusts the generation it last read: about the most a change stays unseen. */
export const GENERATION_TRUST_MS = 1_000

export interface EdgeCacheContext {
  db: Database
  /** Workers' `ctx.waitUntil`: the cache write finishes after the answer has gone. */
  waitUntil?: (work: Promise<unknown>) => void
}

export async function edgeCache(
  request: Request,
  { db, waitUntil }: EdgeCacheContext,
  render: () => Response | Promise<Response>,
): Promise<Response> {
  const cache = defaultCache()
  if (!cache) return withCachePolicy(request, await readBatch(render))
  if (request.method !== 'GET' || !isShareable(request)) {
    return labelled(withCachePolicy(request, await readBatch(render)), 'bypass')
  }
  const trusted = trustedGeneration()
  if (trusted !== undefined) {
    const hit = await cache.match(cacheKey(request.url, trusted))
    if (hit) return labelled(await withFreshNonce(hit), 'hit')
  }
  // Not trusted any more: the generation is read in the render's own first round trip, in the
  // same snapshot as the page's data, and the page is filed under it.
  const [generation, rendered] = await readBatch(() =>
    Promise.all([trusted ?? readGeneration(db).catch(unknownGeneration), render()]),
  )
  const response = withCachePolicy(request, rendered)
  if (generation === undefined || !isStorable(response)) return labelled(response, 'bypass')
  const stored = cache.put(cacheKey(request.url, generation), response.clone())
  if (waitUntil) waitUntil(stored)
  else await stored
  return labelled(response, 'miss')
}

function defaultCache(): Cache | undefined {
  return typeof caches === 'undefined' ? undefined : (caches as unknown as { default?: Cache }).default
}

/** The URL under its generation: a change moves every page to new keys, in every data centre. */
function cacheKey(url: string, generation: number): Request {
  const key = new URL(url)
  key.hash = ''
  key.searchParams.append('__pages', String(generation))
  return new Request(key, { method: 'GET' })
}

let known: { generation: number; askedAt: number } | undefined

/** The generation this isolate asked for less than GENERATION_TRUST_MS ago, if any. */
function trustedGeneration(): number | undefined {
  return known && Date.now() - known.askedAt < GENERATION_TRUST_MS ? known.generation : undefined
}

/**
 * Reads the generation. Its answer may be of any moment between the question and its arrival, so
 * it is trusted from the question: a change is never served stale longer than GENERATION_TRUST_MS,
 * however slow the round trip. An answer to an earlier question (a slower batch of a concurrent
 * request) never replaces a later one's. Each request reads for itself: on Workers no request
 * awaits another's I/O.
 */
async function readGeneration(db: Database): Promise<number> {
  const askedAt = Date.now()
  const generation = await pagesGeneration(db)
  if (!known || askedAt >= known.askedAt) known = { generation, askedAt }
  return generation
}

/**
 * Without its generation a page cannot be filed (nor found again after a change): it is answered
 * and not stored. The render still answers for itself, with its own error page if the database
 * is down, instead of the fetch handler throwing.
 */
function unknownGeneration(error: unknown): undefined {
  console.error(`edge cache: the pages' generation could not be read, nothing is stored (${String(error)})`)
  return undefined
}

/**
 * A stored page carries the CSP nonce it was rendered with; each visitor gets a fresh one, in the
 * header and in every script tag, so no nonce is ever known before its page arrives.
 */
async function withFreshNonce(response: Response): Promise<Response> {
  const policy = response.headers.get('content-security-policy')
  const old = policy && /'nonce-([^']+)'/.exec(policy)?.[1]
  if (!old) return response
  const nonce = newNonce()
  const headers = new Headers(response.headers)
  headers.set('content-security-policy', policy.replaceAll(`'nonce-${old}'`, `'nonce-${nonce}'`))
  // The nonce is 128 random bits: wherever the page carries it (script tags, hydration data) is it.
  const body = (await response.text()).replaceAll(old, nonce)
  return new Response(body, { status: response.status, statusText: response.statusText, headers })
}

function labelled(response: Response, status: 'hit' | 'miss' | 'bypass'): Response {
  const headers = new Headers(response.headers)
  headers.set(CACHE_STATUS_HEADER, status)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}
