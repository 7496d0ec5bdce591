/**
 * Node's image codec: sharp (libvips). Only the first frame is decoded (`pages: 1`), never more
 * than MAX_INPUT_PIXELS (libvips checks again on its own), and a file libvips finds damaged is
 * refused rather than half shown (`failOn: 'warning'`). Metadata (EXIF, GPS) is not copied.
 *
 * Memory: one resize at a time per process (MAX_CONCURRENT_RESIZES), holding its source
 * (≤ 32 MB, MAX_MEDIA_BYTES) and libvips' working set for ≤ 40 megapixels, AVIF at most 2048 px
 * wide (MAX_AVIF_WIDTH); libvips' operation cache is off (every result is stored instead). The
 * bound, measured by tests/integration/image-memory.test.ts on the largest picture allowed:
 * MEMORY_BOUND_MB of peak resident memory for the whole process.
 *
 * sharp is loaded on first use, so scripts that never resize do not load the native library.
 * Workers get server/media/resize.workerd.ts instead (package.json `imports`).
 */
import type * as Sharp from 'sharp'
import type { ImageCodec, ResizeRequest } from './codec'
import { ImageRefusal, MAX_INPUT_PIXELS, typeName, type RasterFacts } from './inspect'
import { createLimiter } from './limit'

export const MAX_CONCURRENT_RESIZES = 1
/** Peak resident memory of a process resizing the largest picture allowed (see above). */
export const MEMORY_BOUND_MB = 384
/**
 * AVIF encoder effort (0–9). sharp's default 4 took 2–8× longer than 2 for files a few percent
 * smaller (bench/RESULTS.md); every result is stored, but the first visitor waits for it.
 */
export const AVIF_EFFORT = 2

/**
 * `q` is on the JPEG/WebP scale. libavif's scale is not: at the same number AVIF keeps far more
 * detail and bytes (a 750 px photo: 47 KB AVIF at 75 against 21 KB WebP at 75), and its q 50 looks
 * like JPEG's 75 (sharp's defaults: JPEG 80, AVIF 50). Two thirds of `q` keeps AVIF the smaller.
 */
export const avifQuality = (quality: number) => Math.max(1, Math.round((quality * 2) / 3))

let loaded: Promise<typeof Sharp> | undefined
const loadSharp = () =>
  (loaded ??= import('sharp').then((module) => {
    const sharp = module.default
    sharp.cache(false)
    return module
  }))

const inTurn = createLimiter(MAX_CONCURRENT_RESIZES)

/** `bindings` is for the Workers variant's signature; Node needs none. */
export function createImageCodec(_bindings: Record<string, unknown> = {}): ImageCodec | undefined {
  return {
    name: 'sharp',
    resize: (bytes, facts, request) => inTurn(() => resizeWithSharp(bytes, facts, request)),
  }
}

async function resizeWithSharp(
  bytes: Uint8Array,
  facts: RasterFacts,
  { width, quality, format }: ResizeRequest,
): Promise<Uint8Array> {
  const sharp = (await loadSharp()).default
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', pages: 1, autoOrient: true })
  image.resize({ width, withoutEnlargement: true })
  if (format === 'avif') image.avif({ quality: avifQuality(quality), effort: AVIF_EFFORT })
  else if (format === 'webp') image.webp({ quality })
  else if (format === 'jpeg') image.jpeg({ quality, mozjpeg: true })
  else image.png({ compressionLevel: 9 })
  try {
    return new Uint8Array(await image.toBuffer())
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0]!.trim()
    throw new ImageRefusal(422, `the ${typeName(facts.type)} file could not be decoded (${reason})`)
  }
}
