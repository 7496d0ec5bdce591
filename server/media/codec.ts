/**
 * The image codec behind /_image, one per runtime (package.json `imports`, `#media/resize`):
 * sharp (libvips, native) on Node in server/media/resize.ts, the Images binding on Workers in
 * server/media/resize.workerd.ts. Both get bytes that server/media/inspect.ts has already
 * checked, and both answer the same four output formats.
 */
import type { RasterFacts, RasterType } from './inspect'

export const OUTPUT_FORMATS = ['avif', 'webp', 'jpeg', 'png'] as const
export type OutputFormat = (typeof OUTPUT_FORMATS)[number]

export const OUTPUT_TYPES: Record<OutputFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
}

export interface ResizeRequest {
  /** Wanted width in pixels; a smaller picture is never enlarged. */
  width: number
  /** 1–100. */
  quality: number
  format: OutputFormat
}

export interface ImageCodec {
  /** Names the codec in benchmarks and logs. */
  readonly name: string
  /** The first frame, resized and encoded; an ImageRefusal (422) when it cannot be decoded. */
  resize(bytes: Uint8Array, facts: RasterFacts, request: ResizeRequest): Promise<Uint8Array>
}

/**
 * AVIF is not made wider than this: its encoder's memory and time grow with the output (a
 * 3840 px AVIF took ~450 MB and seconds; 2048 px ~240 MB, bench/RESULTS.md). Wider ones are WebP.
 */
export const MAX_AVIF_WIDTH = 2048

/**
 * AVIF where the browser says it takes it, else WebP, else what every browser shows: JPEG for a
 * photo that was a JPEG, PNG for the rest (which may be transparent).
 */
export function negotiateFormat(accept: string | null, source: RasterType, width: number): OutputFormat {
  const types = (accept ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.split(';'))
    .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
    .map(([type]) => type!.trim())
  if (types.includes('image/avif') && width <= MAX_AVIF_WIDTH) return 'avif'
  if (types.includes('image/webp')) return 'webp'
  return source === 'jpg' ? 'jpeg' : 'png'
}
