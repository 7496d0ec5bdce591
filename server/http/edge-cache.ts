/**
 * The Workers edge cache for anonymous visitors (ADR 25). A shareable request (./cache-policy.ts)
 * is answered from `caches.default` when its URL is there; otherwise it is rendered, and stored if
 * its answer is public, under the cache tags of what it showed (./cache-tags.ts). Nothing is asked
 * of the database on a hit, however long after the page was filed: a change purges the tags of what
 * it changed (./cache-purge.ts), in every data centre. The answer says which in `x-vitrine-cache`.
 * Without a Cache API (Node) answers only get their Cache-Control, for a CDN; without a purge
 * endpoint nothing is stored, as nothing could retire it.
 */
import { readBatch } from '../../db/read-batches'
import { CACHE_STATUS_HEADER, isShareable, isStorable, PUBLIC_CACHE_CONTROL, withCachePolicy } from './cache-policy'
import { collectShown } from './cache-tags'
import { rememberTags } from './local-cache-purge'
import { newNonce } from './page-security'

/** How long a stored answer is kept when nothing purges it sooner: a day. */
export const STORED_MAX_AGE_S = 86_400

export interface EdgeCacheContext {
  /** Whether a purge endpoint is configured: without one nothing is stored. */
  purging: boolean
  /** Workers' `ctx.waitUntil`: the cache write finishes after the answer has gone. */
  waitUntil?: (work: Promise<unknown>) => void
}

export async function edgeCache(
  request: Request,
  { purging, waitUntil }: EdgeCacheContext,
  render: () => Response | Promise<Response>,
): Promise<Response> {
  const cache = defaultCache()
  if (!cache) return withCachePolicy(request, await readBatch(render))
  if (request.method !== 'GET' || !isShareable(request) || !purging) {
    return labelled(withCachePolicy(request, await readBatch(render)), 'bypass')
  }
  const key = cacheKey(request.url)
  const hit = await cache.match(key)
  if (hit) return labelled(await withFreshNonce(asServed(hit)), 'hit')
  const { result, tags, maxAge } = await collectShown(async () => readBatch(render))
  const response = withCachePolicy(request, result)
  if (!isStorable(response)) return labelled(response, 'bypass')
  const stored = cache.put(key, asStored(response.clone(), tags, maxAge)).then(() => rememberTags(key.url, tags))
  if (waitUntil) waitUntil(stored)
  else await stored
  return labelled(response, 'miss')
}

/** The Workers Cache API's default cache; undefined on Node. */
export function defaultCache(): Cache | undefined {
  return typeof caches === 'undefined' ? undefined : (caches as unknown as { default?: Cache }).default
}

function cacheKey(url: string): Request {
  const key = new URL(url)
  key.hash = ''
  return new Request(key, { method: 'GET' })
}

/**
 * The copy the cache keeps: kept for a day (or as long as what it shows allows), filed under its
 * tags. Visitors never see these headers (./asServed).
 */
function asStored(response: Response, tags: string[], maxAge?: number): Response {
  const headers = new Headers(response.headers)
  headers.set('cache-control', `public, s-maxage=${Math.min(maxAge ?? STORED_MAX_AGE_S, STORED_MAX_AGE_S)}`)
  headers.set('cache-tag', tags.join(','))
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/** A stored copy as a visitor gets it: the public Cache-Control, no tags. */
function asServed(response: Response): Response {
  const headers = new Headers(response.headers)
  headers.set('cache-control', PUBLIC_CACHE_CONTROL)
  headers.delete('cache-tag')
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
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
