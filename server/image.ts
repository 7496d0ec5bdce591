/**
 * GET /_image?url=&w=&q= (and the legacy /_next/image): sized images with long cache headers.
 * Only this app's own images are accepted (no open proxy): the drawn artwork and uploads. SVG is
 * resized by setting its intrinsic size; raster uploads are served as stored, not resized yet
 * (that needs an image codec on both runtimes: Cloudflare Images on Workers, sharp on Node).
 */
import { z } from 'zod'
import { describeZodError } from './http/errors'
import { untrustedHeaders } from './media/untrusted'

/** The device widths and the small (icon/thumbnail) widths. */
export const IMAGE_WIDTHS = [16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const
export const DEFAULT_QUALITY = 75

const querySchema = z.object({
  url: z
    .string({ error: 'is required' })
    .regex(
      /^\/api\/(art\/[a-z]+\/[A-Za-z0-9_./-]+\.svg|media\/[0-9a-f]{64}\.(png|jpg|gif|webp|svg))$/,
      'must be one of this site’s images (/api/art/….svg or /api/media/….png|jpg|gif|webp|svg)',
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

export async function handleImage(
  request: Request,
  fetchOwn: (request: Request) => Promise<Response>,
): Promise<Response> {
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = querySchema.safeParse(params)
  if (!parsed.success) {
    return Response.json({ error: { code: 'BAD_REQUEST', message: describeZodError(parsed.error) } }, { status: 400 })
  }
  const { url, w } = parsed.data
  const source = await fetchOwn(new Request(new URL(url, request.url)))
  if (!source.ok) {
    return Response.json({ error: { code: 'NOT_FOUND', message: `url: ${url} was not found` } }, { status: 404 })
  }
  if (source.headers.get('content-type') !== 'image/svg+xml') {
    return new Response(source.body, {
      headers: untrustedHeaders({
        'content-type': source.headers.get('content-type') ?? 'application/octet-stream',
        'cache-control': 'public, max-age=31536000, immutable',
      }),
    })
  }
  const svg = await source.text()
  // Scale the drawing: keep its viewBox, set the intrinsic width/height to the requested width.
  const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)
  const ratio = viewBox ? Number(viewBox[2]) / Number(viewBox[1]) : 1
  const sized = svg.replace(
    /<svg([^>]*?) width="[^"]*" height="[^"]*"/,
    `<svg$1 width="${w}" height="${Math.round(w * ratio)}"`,
  )
  return new Response(sized, {
    headers: untrustedHeaders({
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'accept',
    }),
  })
}
