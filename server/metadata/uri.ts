/**
 * Token URIs as contracts answer them, turned into something to read: an http(s) URL (ipfs://
 * and ar:// through the configured gateways) or the bytes of a data: URI. Also the rule for
 * the image, animation and link a token's metadata names: only what a browser or safeFetch
 * may safely be pointed at is kept.
 */
import { FetchRefused, refusedUrl } from './safe-fetch'

export interface Gateways {
  /** Base URL a CID and its path are appended to, e.g. https://ipfs.io/ipfs/ */
  ipfsGateway: string
  /** Base URL an Arweave transaction id and its path are appended to, e.g. https://arweave.net/ */
  arweaveGateway: string
}

export type ResolvedUri = { kind: 'url'; url: URL } | { kind: 'data'; mediaType: string; bytes: Uint8Array }

/** ERC-1155: `{id}` is the token id as 64 lowercase hex digits, zero-padded, no 0x. */
export function substituteId(uri: string, tokenId: bigint): string {
  return uri.replaceAll('{id}', tokenId.toString(16).padStart(64, '0'))
}

// A CID (v0 base58 "Qm…", v1 in any multibase) and an Arweave id (base64url) are single path segments.
const IPFS_ID = /^[A-Za-z0-9]{10,128}$/
const ARWEAVE_ID = /^[A-Za-z0-9_-]{43}$/

/** Each path segment encoded on its own; `.` and `..` would climb out of the gateway's prefix. */
function safePath(path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '')
  if (segments.some((segment) => segment === '.' || segment === '..' || /^%2e(%2e)?$/i.test(segment))) {
    throw new FetchRefused('a path with . or .. segments is not read')
  }
  return segments.map((segment) => encodeURIComponent(safeDecode(segment))).join('/')
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

function gatewayUrl(base: string, id: string, rest: string, query: string): URL {
  const path = safePath(rest)
  return new URL(`${base}${id}${path ? `/${path}` : ''}${query}`)
}

/** `ipfs://<cid>/<path>`, `ipfs://ipfs/<cid>/<path>` and `ipfs:/ipfs/<cid>` through the IPFS gateway. */
function ipfsUrl(uri: string, gateways: Gateways): URL {
  const [, rest = '', query = ''] = /^ipfs:\/*(?:ipfs\/)?([^?#]*)(\?[^#]*)?/i.exec(uri) ?? []
  const [cid = '', ...path] = rest.split('/')
  if (!IPFS_ID.test(cid)) throw new FetchRefused(`not an IPFS content id: ${cid.slice(0, 80) || '(empty)'}`)
  return gatewayUrl(gateways.ipfsGateway, cid, path.join('/'), query)
}

function arweaveUrl(uri: string, gateways: Gateways): URL {
  const [, rest = '', query = ''] = /^ar:\/*([^?#]*)(\?[^#]*)?/i.exec(uri) ?? []
  const [id = '', ...path] = rest.split('/')
  if (!ARWEAVE_ID.test(id)) throw new FetchRefused(`not an Arweave transaction id: ${id.slice(0, 80) || '(empty)'}`)
  return gatewayUrl(gateways.arweaveGateway, id, path.join('/'), query)
}

/** Decodes `data:[<media type>][;base64],<data>`; plain data is percent-decoded where it is valid. */
export function decodeDataUri(uri: string, maxBytes: number): { mediaType: string; bytes: Uint8Array } {
  const comma = uri.indexOf(',')
  if (comma < 0) throw new FetchRefused('a data: URI without a comma')
  const header = uri.slice(5, comma).trim()
  const params = header.split(';').map((part) => part.trim().toLowerCase())
  const mediaType = params[0] || 'text/plain'
  const base64 = params.slice(1).includes('base64')
  const payload = uri.slice(comma + 1)
  // Base64 is 4 characters per 3 bytes; plain text at least one character per byte.
  if ((base64 ? (payload.length * 3) / 4 : payload.length / 3) > maxBytes) {
    throw new FetchRefused(`larger than ${Math.round(maxBytes / 1024)} KB`)
  }
  let bytes: Uint8Array
  if (base64) {
    try {
      bytes = Uint8Array.from(atob(safeDecode(payload).replace(/\s+/g, '')), (c) => c.charCodeAt(0))
    } catch {
      throw new FetchRefused('a data: URI whose base64 does not decode')
    }
  } else {
    bytes = new TextEncoder().encode(safeDecode(payload))
  }
  if (bytes.byteLength > maxBytes) throw new FetchRefused(`larger than ${Math.round(maxBytes / 1024)} KB`)
  return { mediaType, bytes }
}

/** Where a token URI's document is: a URL to fetch, or the bytes of a data: URI. */
export function resolveTokenUri(uri: string, gateways: Gateways, maxBytes: number): ResolvedUri {
  const text = uri.trim()
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase()
  if (scheme === 'data') return { kind: 'data', ...decodeDataUri(text, maxBytes) }
  if (scheme === 'ipfs') return { kind: 'url', url: ipfsUrl(text, gateways) }
  if (scheme === 'ar') return { kind: 'url', url: arweaveUrl(text, gateways) }
  if (scheme === 'http' || scheme === 'https') {
    if (!URL.canParse(text)) throw new FetchRefused(`not a URL: ${text.slice(0, 100)}`)
    return { kind: 'url', url: new URL(text) }
  }
  if (!text) throw new FetchRefused('the contract answered an empty token URI')
  throw new FetchRefused(scheme ? `${scheme}: URIs are not read` : `not a URI: ${text.slice(0, 100)}`)
}

/** Image types a data: URI may carry into the page (SVG is kept as it is; the image route sanitises). */
const DATA_IMAGE = /^image\/(svg\+xml|png|jpeg|gif|webp|avif)$/

/**
 * A media or link URI from metadata as something safe to store, or null: ipfs:// and ar://
 * become gateway URLs; http(s) must be a URL safeFetch would accept (no private or internal
 * host, no credentials); `data:image/…` is kept for images up to maxDataBytes. javascript:,
 * file:, data:text/html and the like are dropped.
 */
export function publicUri(
  value: string,
  {
    gateways,
    allowHosts,
    dataImages,
    maxDataBytes,
  }: { gateways: Gateways; allowHosts: readonly string[]; dataImages: boolean; maxDataBytes: number },
): string | null {
  const text = value.trim()
  if (!text) return null
  try {
    if (/^data:/i.test(text)) {
      if (!dataImages) return null
      const { mediaType } = decodeDataUri(text, maxDataBytes)
      return DATA_IMAGE.test(mediaType) ? text : null
    }
    const resolved = resolveTokenUri(text, gateways, maxDataBytes)
    if (resolved.kind !== 'url' || refusedUrl(resolved.url, allowHosts)) return null
    return resolved.url.href
  } catch {
    return null
  }
}
