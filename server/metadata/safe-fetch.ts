/**
 * The one fetcher for URLs that come from outside (token URIs, their images): every request
 * goes through safeFetch, which refuses what could reach inside our network or hold a worker.
 *
 * - http(s) only, no user:password in the URL;
 * - no private, loopback, link-local, CGNAT, multicast, reserved or internal destination: the
 *   URL's host is judged as written (server/metadata/addresses.ts) and, where the runtime can
 *   resolve names (Node: server/metadata/node-network.ts), every address the name resolves to,
 *   again when the connection is made (so a name cannot answer differently the second time);
 * - redirects are followed by hand, at most MAX_REDIRECTS, each one judged again, a loop named;
 * - one deadline for the whole exchange (redirects and body included);
 * - the body is read as a stream and abandoned past maxBytes;
 * - the content type must fit what is asked for (JSON metadata, or an image).
 *
 * On Cloudflare Workers there is no DNS lookup to check: a Worker's fetch leaves from
 * Cloudflare's edge, which has no route into our private network, so only literal addresses
 * and internal host names (cloud metadata endpoints included) are refused, before asking.
 *
 * FETCH_ALLOW_HOSTS (development and tests only; refused in production) names `host:port`
 * pairs exempt from the address rules: the local IPFS-style gateway and test servers.
 */
import { hostAndPort, refusedAddress, refusedHost } from './addresses'
import { readBounded } from '../http/read-bounded'

export const MAX_REDIRECTS = 5

/** A fetch refused or failed, with a reason a person can read ("redirect loop", "larger than 1 MB"). */
export class FetchRefused extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'FetchRefused'
  }
}

/** How the runtime reaches the network; the Node entries provide both (node-network.ts). */
export interface NetworkAccess {
  /** Every address a host name resolves to. Absent (Workers): names are judged without DNS. */
  lookup?: (hostname: string) => Promise<string[]>
  /**
   * One request, no redirect followed. On Node it connects only to an address it has checked
   * (unless `allowPrivate`: an allow-listed host). Absent: the global fetch.
   */
  request?: (url: URL, init: RequestInit & NetworkRequest) => Promise<Response>
}

/** One request as the network takes it: a GET unless it says, with a body for a POST. */
export interface NetworkRequest {
  signal: AbortSignal
  headers: Record<string, string>
  allowPrivate: boolean
  method?: 'GET' | 'POST'
  body?: string
}

const NETWORK = Symbol.for('vitrine.network-access')

/**
 * The Node entries (`npm start`, the Vite dev server) install their network here at start;
 * a global slot, since the built server bundle and the entry that loads it are separate modules.
 */
export function installNetworkAccess(access: NetworkAccess): void {
  ;(globalThis as Record<symbol, unknown>)[NETWORK] = access
}

export function installedNetworkAccess(): NetworkAccess {
  return ((globalThis as Record<symbol, unknown>)[NETWORK] as NetworkAccess | undefined) ?? {}
}

export type Accept = 'json' | 'image' | 'video'

export interface SafeFetchOptions {
  maxBytes: number
  timeoutMs: number
  accept: Accept
  /** `host:port` pairs the address rules do not apply to (FETCH_ALLOW_HOSTS). */
  allowHosts?: readonly string[]
  network?: NetworkAccess
}

export interface Fetched {
  /** The URL that answered, after redirects. */
  url: string
  /** The media type, lowercase, without parameters ('' when the server sent none). */
  contentType: string
  bytes: Uint8Array
}

const ACCEPT_HEADER: Record<Accept, string> = {
  json: 'application/json, text/plain;q=0.5, */*;q=0.1',
  image: 'image/avif, image/webp, image/png, image/svg+xml, image/*;q=0.8',
  video: 'video/mp4, video/*;q=0.8',
}

/**
 * JSON metadata is often served as text/plain or octet-stream (IPFS files without an
 * extension); the bytes are then parsed as JSON. Pages (HTML) and media are refused by type.
 */
function acceptable(accept: Accept, type: string): boolean {
  if (accept === 'image') return type.startsWith('image/')
  if (accept === 'video') return type.startsWith('video/')
  return (
    ['application/json', 'text/json', 'text/plain', 'application/octet-stream', ''].includes(type) ||
    type.endsWith('+json')
  )
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`
  return `${bytes} bytes`
}

const seconds = (ms: number) => `${+(ms / 1000).toFixed(1)} s`

/**
 * Why a URL may not be fetched from, judged without DNS (null: it may, as far as that goes).
 * Also what a stored image or link must pass: a URL safeFetch would refuse is never kept.
 */
export function refusedUrl(url: URL, allowHosts: readonly string[] = []): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `${url.protocol.replace(/:$/, '')}: URLs are not fetched`
  if (url.username || url.password) return 'a URL with a user name or password is not fetched'
  if (allowHosts.includes(hostAndPort(url))) return null
  const host = refusedHost(url.hostname)
  return host && `${host} refused`
}

/**
 * Why a URL from outside may not be reached, its name resolved where the runtime can (null: it
 * may): what a stored webhook must pass when it is saved, as it must again when it is called.
 */
export async function refusedDestination(
  url: URL,
  allowHosts: readonly string[] = [],
  network: NetworkAccess = installedNetworkAccess(),
): Promise<string | null> {
  try {
    await checkDestination(url, allowHosts, network)
    return null
  } catch (error) {
    if (error instanceof FetchRefused) return error.message
    throw error
  }
}

async function checkDestination(url: URL, allowHosts: readonly string[], network: NetworkAccess): Promise<void> {
  const refused = refusedUrl(url, allowHosts)
  if (refused) throw new FetchRefused(refused)
  const literal = url.hostname.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(url.hostname)
  if (literal || allowHosts.includes(hostAndPort(url)) || !network.lookup) return
  let addresses: string[]
  try {
    addresses = await network.lookup(url.hostname)
  } catch (error) {
    throw new FetchRefused(`host ${url.hostname} not found (${(error as { code?: string }).code ?? 'DNS error'})`)
  }
  if (addresses.length === 0) throw new FetchRefused(`host ${url.hostname} not found`)
  for (const address of addresses) {
    const reason = refusedAddress(address)
    if (reason) throw new FetchRefused(`${url.hostname} resolves to ${reason}, refused`)
  }
}

/** The body, read chunk by chunk and dropped as soon as it passes maxBytes. */
async function readAtMost(response: Response, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => new FetchRefused(`larger than ${formatBytes(maxBytes)}`)
  if (Number(response.headers.get('content-length') ?? NaN) > maxBytes) {
    await response.body?.cancel().catch(() => {})
    throw tooLarge()
  }
  if (!response.body) return new Uint8Array()
  const bytes = await readBounded(response.body, maxBytes)
  if (!bytes) throw tooLarge()
  return bytes
}

/**
 * One request to a destination already judged, no redirect followed: through the runtime's
 * network where it has one (Node: connecting only to checked addresses), else the global fetch.
 * A failure to connect is refused in words naming the host (and the system's code).
 */
async function requestOnce(
  url: URL,
  network: NetworkAccess,
  init: NetworkRequest,
  timedOut: () => FetchRefused,
): Promise<Response> {
  try {
    if (network.request) return await network.request(url, init)
    const { signal, headers, method, body } = init
    return await fetch(url, { signal, headers, method, body, redirect: 'manual' })
  } catch (error) {
    if (error instanceof FetchRefused) throw error
    if (init.signal.aborted) throw timedOut()
    const cause = (error as { cause?: { code?: string } }).cause
    const code = (error as { code?: string }).code ?? cause?.code
    throw new FetchRefused(`could not connect to ${url.host}${code ? ` (${code})` : ''}`)
  }
}

export async function safeFetch(input: string | URL, options: SafeFetchOptions): Promise<Fetched> {
  const { maxBytes, timeoutMs, accept, allowHosts = [], network = installedNetworkAccess() } = options
  const signal = AbortSignal.timeout(timeoutMs)
  const timedOut = () => new FetchRefused(`timed out after ${seconds(timeoutMs)}`)
  let url: URL
  try {
    url = new URL(input)
  } catch {
    throw new FetchRefused(`not a URL: ${String(input).slice(0, 100)}`)
  }
  const seen = new Set<string>()
  const headers = {
    accept: ACCEPT_HEADER[accept],
    'accept-encoding': 'identity',
    'user-agent': 'Vitrine metadata reader',
  }
  try {
    for (let redirects = 0; ; redirects++) {
      url.hash = ''
      if (seen.has(url.href)) throw new FetchRefused('redirect loop')
      seen.add(url.href)
      await checkDestination(url, allowHosts, network)
      if (signal.aborted) throw timedOut()
      const allowPrivate = allowHosts.includes(hostAndPort(url))
      const response = await requestOnce(url, network, { signal, headers, allowPrivate }, timedOut)
      const location = response.headers.get('location')
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel().catch(() => {})
        if (redirects >= MAX_REDIRECTS) throw new FetchRefused(`more than ${MAX_REDIRECTS} redirects`)
        try {
          url = new URL(location, url)
        } catch {
          throw new FetchRefused(`redirected to an invalid URL`)
        }
        continue
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => {})
        throw new FetchRefused(`HTTP ${response.status} from ${url.host}`)
      }
      const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
      if (!acceptable(accept, contentType)) {
        await response.body?.cancel().catch(() => {})
        throw new FetchRefused(
          `${accept === 'json' ? 'not JSON' : `not ${accept === 'image' ? 'an image' : 'a video'}`} (${contentType || 'no content type'})`,
        )
      }
      return { url: url.href, contentType, bytes: await readAtMost(response, maxBytes) }
    }
  } catch (error) {
    if (error instanceof FetchRefused) throw error
    if (signal.aborted) throw timedOut()
    throw new FetchRefused(`could not read ${url.host}: ${(error as Error).message}`)
  }
}

export interface SafePostOptions {
  body: string
  headers: Record<string, string>
  timeoutMs: number
  allowHosts?: readonly string[]
  network?: NetworkAccess
}

/** What a POST met: the status, with what the server said (at most 1 KB of it). */
export interface Posted {
  status: number
  text: string
}

/**
 * One POST to a URL that comes from outside (a webhook), under the same address rules as
 * safeFetch and one deadline. No redirect is followed: a 3xx is refused, naming where it pointed
 * (a POST sent on would carry its body to an address nobody checked or chose).
 */
export async function safePost(input: string, options: SafePostOptions): Promise<Posted> {
  const { body, timeoutMs, allowHosts = [], network = installedNetworkAccess() } = options
  const signal = AbortSignal.timeout(timeoutMs)
  const timedOut = () => new FetchRefused(`timed out after ${seconds(timeoutMs)}`)
  let url: URL
  try {
    url = new URL(input)
  } catch {
    throw new FetchRefused(`not a URL: ${input.slice(0, 100)}`)
  }
  const headers = { 'accept-encoding': 'identity', ...options.headers }
  try {
    await checkDestination(url, allowHosts, network)
    const allowPrivate = allowHosts.includes(hostAndPort(url))
    const response = await requestOnce(url, network, { signal, headers, allowPrivate, method: 'POST', body }, timedOut)
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => {})
      const location = response.headers.get('location')
      throw new FetchRefused(
        `redirected (HTTP ${response.status}${location ? ` to ${location.slice(0, 200)}` : ''}); redirects are not followed`,
      )
    }
    // What the server said, for the log; a longer answer is cut off (its reading cancelled).
    const bytes = response.body ? await readBounded(response.body, 1024) : new Uint8Array()
    return { status: response.status, text: bytes ? new TextDecoder().decode(bytes) : '' }
  } catch (error) {
    if (error instanceof FetchRefused) throw error
    if (signal.aborted) throw timedOut()
    throw new FetchRefused(`could not post to ${url.host}: ${(error as Error).message}`)
  }
}
