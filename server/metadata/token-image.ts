/**
 * An imported token's image, brought home: the picture its metadata names (an http(s) URL, IPFS
 * and Arweave already turned into gateway URLs, or a data: URI) is fetched once per metadata read
 * through safeFetch (no private addresses, bounded size and time, an image content type), judged
 * by its bytes like an upload (an SVG is sanitised), and stored under its SHA-256. The token then
 * shows /api/media/<sha256>.<ext>: pages never load a picture from a token's own server, /_image
 * can resize it, and a picture that did not change is not stored twice. An MP4 `animation_url`
 * is brought home the same way, so the item page can play it.
 */
import { FetchRefused, safeFetch, type NetworkAccess } from './safe-fetch'
import { decodeDataUri } from './uri'
import { checkMedia, MAX_MEDIA_BYTES } from '../media/content'
import { mediaKey, mediaUrl } from '../media/keys'
import { createLimiter } from '../media/limit'
import { sha256Hex, type MediaStore } from '../media/store'

/** How long one image may take to arrive (redirects included). */
export const TOKEN_IMAGE_TIMEOUT_MS = 20_000
/**
 * Pictures held at once per process or isolate: each may be MAX_MEDIA_BYTES (32 MB), and the
 * metadata queue reads 8 tokens at a time; 2 × 32 MB stays well inside a Worker's 128 MB.
 */
export const MAX_IMAGES_AT_ONCE = 2

const oneOfFew = createLimiter(MAX_IMAGES_AT_ONCE)

export interface TokenImageOptions {
  allowHosts: readonly string[]
  network?: NetworkAccess | undefined
}

/**
 * The stored image's URL for `image` ('' stays ''); a FetchRefused whose reason starts with
 * "image:" when it cannot be fetched or is not a picture.
 */
export async function storeTokenImage(store: MediaStore, image: string, options: TokenImageOptions): Promise<string> {
  if (image === '' || image.startsWith('/api/')) return image
  return oneOfFew(() => fetchAndStore(store, image, options))
}

/**
 * The stored MP4's URL for an `animation_url`, or the URL as it was when it is not an MP4 that
 * could be fetched (an HTML page, an unreachable host): pages play only our own media (their CSP
 * allows no other), and the API still says what the metadata named.
 */
export async function storeTokenMotion(
  store: MediaStore,
  animationUrl: string | null,
  options: TokenImageOptions,
): Promise<string | null> {
  if (!animationUrl || animationUrl.startsWith('/api/')) return animationUrl
  return oneOfFew(() => fetchAndStore(store, animationUrl, options, 'video')).catch((error: unknown) => {
    if (error instanceof FetchRefused) return animationUrl
    throw error
  })
}

async function fetchAndStore(
  store: MediaStore,
  url: string,
  options: TokenImageOptions,
  kind: 'image' | 'video' = 'image',
): Promise<string> {
  let bytes: Uint8Array
  try {
    bytes = /^data:/i.test(url)
      ? decodeDataUri(url, MAX_MEDIA_BYTES).bytes
      : (
          await safeFetch(url, {
            accept: kind,
            maxBytes: MAX_MEDIA_BYTES,
            timeoutMs: TOKEN_IMAGE_TIMEOUT_MS,
            allowHosts: options.allowHosts,
            ...(options.network ? { network: options.network } : {}),
          })
        ).bytes
  } catch (error) {
    if (error instanceof FetchRefused) throw new FetchRefused(`${kind}: ${error.message}`)
    throw error
  }
  const verdict = checkMedia(new Uint8Array(bytes), `the ${kind}`)
  if (!verdict.ok) throw new FetchRefused(`${kind}: ${verdict.message.replace(/^file: the (image|video) /, '')}`)
  if (kind === 'image' && verdict.extension === 'mp4') {
    throw new FetchRefused('image: it is a video (MP4), not a picture')
  }
  if (kind === 'video' && verdict.extension !== 'mp4') throw new FetchRefused('video: it is not an MP4')
  const key = mediaKey(await sha256Hex(verdict.bytes), verdict.extension)
  if (!(await store.has(key))) await store.put(key, verdict.bytes, verdict.contentType)
  return mediaUrl(key)
}
