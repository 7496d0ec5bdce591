/**
 * Test pictures made on the spot (no binaries in the repo): real encodes from sharp, and the
 * hostile files a codec must never be handed, built byte by byte.
 */
import { createHash } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'

export type SampleFormat = 'png' | 'jpg' | 'gif' | 'webp' | 'avif'

/** A `width` × `height` picture with a gradient and shapes (so encoders have something to do). */
export async function samplePicture(format: SampleFormat, width: number, height = width): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#0ea5e9" opacity="0.7"/></svg>`
  const image = sharp(Buffer.from(svg))
  const encoded =
    format === 'png'
      ? image.png()
      : format === 'jpg'
        ? image.jpeg({ quality: 90 })
        : format === 'gif'
          ? image.gif()
          : format === 'webp'
            ? image.webp({ quality: 90 })
            : image.avif({ quality: 60, effort: 0 })
  return new Uint8Array(await encoded.toBuffer())
}

/** An animated GIF: `frames` frames of `width` × `height`, each a different colour. */
export async function animatedGif(frames: number, width = 32, height = 32): Promise<Uint8Array> {
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, f) =>
      sharp({ create: { width, height, channels: 3, background: { r: (f * 40) % 256, g: 80, b: 200 } } })
        .png()
        .toBuffer(),
    ),
  )
  return new Uint8Array(
    await sharp(pages, { join: { animated: true } })
      .gif()
      .toBuffer(),
  )
}

/** A GIF of `frames` 1 × 1 frames, written by hand: small however many frames it has. */
export function manyFrameGif(frames: number): Uint8Array {
  const header = [...Buffer.from('GIF89a'), 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]
  // Image descriptor at 0,0 size 1×1, then LZW (min code size 2): clear, index 0, end.
  const frame = [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]
  const bytes = new Uint8Array(header.length + frame.length * frames + 1)
  bytes.set(header)
  for (let i = 0; i < frames; i++) bytes.set(frame, header.length + i * frame.length)
  bytes[bytes.length - 1] = 0x3b
  return bytes
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A decompression bomb: a valid PNG header for `side` × `side` pixels (8-bit grey) whose pixel
 * data is a few KB of deflated zeros (the first rows; a decoder would allocate for all of them).
 */
export function pngBomb(side = 50_000): Uint8Array {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(side, 0)
  ihdr.writeUInt32BE(side, 4)
  ihdr.set([8, 0, 0, 0, 0], 8)
  const rows = deflateSync(Buffer.alloc((side + 1) * 200))
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', ihdr),
      pngChunk('IDAT', rows),
      pngChunk('IEND', new Uint8Array()),
    ]),
  )
}

/** The first `fraction` of the file, as a download cut off would leave it. */
export const truncated = (bytes: Uint8Array, fraction = 0.6) => bytes.slice(0, Math.floor(bytes.length * fraction))

/** The media store key of some bytes stored as type `extension`. */
export const keyOf = (bytes: Uint8Array, extension: string) =>
  `${createHash('sha256').update(bytes).digest('hex')}.${extension}`

export interface BadImage {
  what: string
  make: () => Promise<{ bytes: Uint8Array; extension: SampleFormat }>
  status: 415 | 422
  message: string
}

/** Each bad input /_image must refuse, on Node and on Workers, with its status and message. */
export const BAD_IMAGES: BadImage[] = [
  {
    what: 'a decompression bomb (50,000 × 50,000 PNG of a few KB)',
    make: async () => ({ bytes: pngBomb(), extension: 'png' }),
    status: 422,
    message: 'is 50000 × 50000 pixels; at most 40 megapixels',
  },
  {
    what: 'a truncated PNG',
    make: async () => ({ bytes: truncated(await samplePicture('png', 800, 600)), extension: 'png' }),
    status: 422,
    message: 'PNG file is damaged',
  },
  {
    what: 'a truncated JPEG',
    make: async () => ({ bytes: truncated(await samplePicture('jpg', 800, 600)), extension: 'jpg' }),
    status: 422,
    message: 'JPEG file could not be decoded',
  },
  {
    what: 'a truncated GIF',
    make: async () => ({ bytes: truncated(await animatedGif(3)), extension: 'gif' }),
    status: 422,
    message: 'GIF file is damaged',
  },
  {
    what: 'a truncated WebP',
    make: async () => ({ bytes: truncated(await samplePicture('webp', 800, 600)), extension: 'webp' }),
    status: 422,
    message: 'WebP file is damaged',
  },
  {
    what: 'a truncated AVIF',
    make: async () => ({ bytes: truncated(await samplePicture('avif', 800, 600)), extension: 'avif' }),
    status: 422,
    message: 'AVIF file could not be decoded',
  },
  {
    what: 'JPEG bytes stored as a PNG',
    make: async () => ({ bytes: await samplePicture('jpg', 800, 600), extension: 'png' }),
    status: 415,
    message: 'not the PNG it claims to be (its bytes are JPEG)',
  },
  {
    what: 'text stored as a GIF',
    make: async () => ({ bytes: new TextEncoder().encode('GIF? no, a note'), extension: 'gif' }),
    status: 415,
    message: 'no known image type',
  },
  {
    what: 'an animated GIF of 10,000 frames',
    make: async () => ({ bytes: manyFrameGif(10_000), extension: 'gif' }),
    status: 422,
    message: 'more than 1000 frames',
  },
]
