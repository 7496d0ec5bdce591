/**
 * GET /_image?url=&w=&q= (and the legacy /_next/image): this site's pictures at the width a
 * layout asks for. Only its own images are accepted (no open proxy): the drawn artwork and
 * stored media.
 *
 * - Raster media (PNG, JPEG, GIF, WebP, AVIF) is checked from its header (server/media/inspect.ts:
 *   real type, pixel count, frames, cut-off files), then its first frame is resized to `w` (never
 *   enlarged) at quality `q` and encoded as AVIF or WebP when the browser's Accept allows, else
 *   JPEG or PNG. The codec is the runtime's own (server/media/codec.ts).
 * - The result is stored under the source's SHA-256, width, quality and format (R2 on Workers,
 *   .data/media/derived on Node), so a repeat never decodes again; on Workers the edge cache
 *   (Cache API) answers before that. A refusal stores nothing and is not cacheable.
 * - SVG is never rasterised here: its intrinsic size is set and it is served as a sandboxed,
 *   script-less document (server/media/untrusted.ts); pages embed it with <img> only.
 */
import { z } from 'zod'
import { describeZodError } from './http/errors'
import { negotiateFormat, OUTPUT_TYPES, type ImageCodec, type OutputFormat } from './media/codec'
import { MAX_MEDIA_BYTES } from './media/content'
import { ImageRefusal, inspectRaster, type RasterType } from './media/inspect'
import type { MediaStore } from './media/store'
import { untrustedHeaders } from './media/untrusted'
import { DEFAULT_QUALITY, IMAGE_WIDTHS } from './media/widths'

export { DEFAULT_QUALITY, IMAGE_WIDTHS }
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Says where an answer came from: `edge` (Cache API), `stored` (derived before) or `miss` (made now). */
export const IMAGE_CACHE_HEADER = 'x-image-cache'

const MEDIA_URL = /^\/api\/media\/([0-9a-f]{64})\.(png|jpg|gif|webp|avif|svg)$/

const querySchema = z.object({
  url: z
    .string({ error: 'is required' })
    .regex(
      /^\/api\/(art\/[a-z]+\/[A-Za-z0-9_./-]+\.svg|media\/[0-9a-f]{64}\.(png|jpg|gif|webp|avif|svg))$/,
      'must be one of this site’s images (/api/art/….svg or /api/media/….png|jpg|gif|webp|avif|svg)',
    )
    .refine((u) => !u.includes('..'), 'must not contain ".."'),
  w: z.coerce
    .number({ error: 'must be a number' })
    .refine((w) => (IMAGE_WIDTHS as readonly number[]).includes(w), `must be one of ${IMAGE_WIDTHS.join(', ')}`),
  q: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(DEFAULT_QUALITY),
})

export interface ImageServices {
  /** Absent (a Worker without its IMAGES binding): raster media is served as stored. */
  codec?: ImageCodec
  /** Where derived images are kept; absent: each is made again. */
  derived?: MediaStore
  /** The edge cache in front (Workers' caches.default); keyed by the negotiated format. */
  edge?: Pick<Cache, 'match' | 'put'>
}

/** A derived image's key: its source's SHA-256, then what was asked. */
export const derivedKey = (sha256: string, width: number, quality: number, format: OutputFormat) =>
  `${sha256}-w${width}-q${quality}.${format}`

const problem = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status, headers: { 'cache-control': 'no-store' } })

export async function handleImage(
  request: Request,
  fetchOwn: (request: Request) => Promise<Response>,
  services: ImageServices = {},
): Promise<Response> {
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = querySchema.safeParse(params)
  if (!parsed.success) return problem(400, 'BAD_REQUEST', describeZodError(parsed.error))
  const { url, w, q } = parsed.data
  const media = MEDIA_URL.exec(url)
  if (!media || media[2] === 'svg') return sizedSvg(request, url, w, fetchOwn)
  const [, sha256, type] = media as unknown as [string, string, RasterType]
  const format = negotiateFormat(request.headers.get('accept'), type, w)
  const key = derivedKey(sha256, w, q, format)
  const edgeKey = new Request(new URL(`/_image/${key}`, request.url))

  const atEdge = await services.edge?.match(edgeKey)
  if (atEdge) return withCacheHeader(atEdge, 'edge')
  const stored = await services.derived?.get(key)
  if (stored) return imageResponse(stored.body, format, 'stored')

  const source = await fetchOwn(new Request(new URL(url, request.url)))
  if (!source.ok) {
    await source.body?.cancel()
    return problem(404, 'NOT_FOUND', `url: ${url} was not found`)
  }
  if (!services.codec) return asStored(source)
  // Stored files are at most MAX_MEDIA_BYTES (checked at upload); one put there by hand is not read.
  if (Number(source.headers.get('content-length') ?? 0) > MAX_MEDIA_BYTES) {
    await source.body?.cancel()
    return problem(422, 'UNPROCESSABLE_IMAGE', `url: ${url}: the file is too large to resize`)
  }
  const bytes = new Uint8Array(await source.arrayBuffer())
  let output: Uint8Array
  try {
    const facts = inspectRaster(bytes, type)
    output = await services.codec.resize(bytes, facts, { width: w, quality: q, format })
  } catch (error) {
    if (!(error instanceof ImageRefusal)) throw error
    const code = error.status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'UNPROCESSABLE_IMAGE'
    return problem(error.status, code, `url: ${url}: ${error.message}`)
  }
  await services.derived?.put(key, output, OUTPUT_TYPES[format])
  await services.edge?.put(edgeKey, imageResponse(output, format, 'edge'))
  return imageResponse(output, format, 'miss')
}

function imageResponse(body: ReadableStream | Uint8Array, format: OutputFormat, from: string): Response {
  return new Response(body as BodyInit, {
    headers: untrustedHeaders({
      'content-type': OUTPUT_TYPES[format],
      'cache-control': IMMUTABLE,
      vary: 'accept',
      [IMAGE_CACHE_HEADER]: from,
    }),
  })
}

function withCacheHeader(response: Response, from: string): Response {
  const answer = new Response(response.body, response)
  answer.headers.set(IMAGE_CACHE_HEADER, from)
  return answer
}

/** No codec on this deployment: the file as stored, still immutable (its key is its content). */
function asStored(source: Response): Response {
  return new Response(source.body, {
    headers: untrustedHeaders({
      'content-type': source.headers.get('content-type') ?? 'application/octet-stream',
      'cache-control': IMMUTABLE,
    }),
  })
}

/** Scale a drawing: keep its viewBox, set the intrinsic width/height to the requested width. */
async function sizedSvg(
  request: Request,
  url: string,
  w: number,
  fetchOwn: (request: Request) => Promise<Response>,
): Promise<Response> {
  const source = await fetchOwn(new Request(new URL(url, request.url)))
  if (!source.ok || source.headers.get('content-type') !== 'image/svg+xml') {
    await source.body?.cancel()
    return problem(404, 'NOT_FOUND', `url: ${url} was not found`)
  }
  const svg = await source.text()
  const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)
  const ratio = viewBox ? Number(viewBox[2]) / Number(viewBox[1]) : 1
  const sized = svg.replace(
    /<svg([^>]*?) width="[^"]*" height="[^"]*"/,
    `<svg$1 width="${w}" height="${Math.round(w * ratio)}"`,
  )
  return new Response(sized, {
    headers: untrustedHeaders({ 'content-type': 'image/svg+xml', 'cache-control': IMMUTABLE, vary: 'accept' }),
  })
}
