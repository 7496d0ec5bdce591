/**
 * What a stored raster image is, read from its header alone, before any codec sees it: its real
 * type, its size in pixels and (GIF) its frames. Runs on both runtimes, so a decompression bomb,
 * a file that is not what its name says, a GIF of thousands of frames or a cut-off file gets the
 * same refusal on Node and on Workers, and none of them is ever decoded.
 */
import { sniffMedia, type MediaExtension } from './content'

/** The largest picture resized: 40 megapixels (e.g. 8000 × 5000); its decode stays well under 256 MB. */
export const MAX_INPUT_PIXELS = 40_000_000
/** An animated GIF with more frames is refused (only the first is shown, but every frame is parsed). */
export const MAX_GIF_FRAMES = 1_000

export type RasterType = 'png' | 'jpg' | 'gif' | 'webp' | 'avif'
export const RASTER_TYPES: readonly MediaExtension[] = ['png', 'jpg', 'gif', 'webp', 'avif']

export interface RasterFacts {
  type: RasterType
  width: number
  height: number
  /** Frames of an animated GIF (1 for every other picture). */
  frames: number
}

/** A picture that cannot be resized, with the HTTP status to answer and a sentence saying why. */
export class ImageRefusal extends Error {
  constructor(
    readonly status: 415 | 422,
    message: string,
  ) {
    super(message)
    this.name = 'ImageRefusal'
  }
}

const NAMES: Record<MediaExtension, string> = {
  png: 'PNG',
  jpg: 'JPEG',
  gif: 'GIF',
  webp: 'WebP',
  avif: 'AVIF',
  mp4: 'MP4',
  svg: 'SVG',
}

export const typeName = (type: MediaExtension) => NAMES[type]

const damaged = (type: RasterType, why: string) => new ImageRefusal(422, `the ${NAMES[type]} file is damaged (${why})`)

/** Checks `bytes` are the raster type `claimed` and may be decoded; throws ImageRefusal if not. */
export function inspectRaster(bytes: Uint8Array, claimed: RasterType): RasterFacts {
  const actual = sniffMedia(bytes)
  if (actual !== claimed) {
    const found = actual ? `its bytes are ${NAMES[actual]}` : 'its bytes are no known image type'
    throw new ImageRefusal(415, `the file is not the ${NAMES[claimed]} it claims to be (${found})`)
  }
  const facts = READERS[claimed](bytes)
  if (!(facts.width > 0 && facts.height > 0)) throw damaged(claimed, 'no size in its header')
  if (facts.width * facts.height > MAX_INPUT_PIXELS) {
    throw new ImageRefusal(
      422,
      `the picture is ${facts.width} × ${facts.height} pixels; at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels are resized`,
    )
  }
  return facts
}

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8)
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 65536 + u16be(b, at + 2)
const u32le = (b: Uint8Array, at: number) => u16le(b, at) + u16le(b, at + 2) * 65536
const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length))

const READERS: Record<RasterType, (bytes: Uint8Array) => RasterFacts> = {
  png(b) {
    if (b.length < 33 || ascii(b, 12, 4) !== 'IHDR') throw damaged('png', 'no IHDR header')
    // Every PNG ends with an empty IEND chunk: without it the file was cut off.
    if (b.length < 45 || ascii(b, b.length - 8, 4) !== 'IEND') throw damaged('png', 'it ends before its IEND chunk')
    return { type: 'png', width: u32be(b, 16), height: u32be(b, 20), frames: 1 }
  },
  jpg(b) {
    // Walk the markers to the frame header (SOFn); the codec finds a cut-off scan.
    let at = 2
    while (at + 9 < b.length) {
      if (b[at] !== 0xff) throw damaged('jpg', 'a marker is missing')
      const marker = b[at + 1]!
      if (marker === 0xff) {
        at++
        continue
      }
      const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)
      if (isFrame) return { type: 'jpg', height: u16be(b, at + 5), width: u16be(b, at + 7), frames: 1 }
      at += 2 + u16be(b, at + 2)
    }
    throw damaged('jpg', 'it ends before its frame header')
  },
  gif(b) {
    const width = u16le(b, 6)
    const height = u16le(b, 8)
    const packed = b[10] ?? 0
    let at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0)
    let frames = 0
    const skipSubBlocks = () => {
      while (at < b.length) {
        const size = b[at]!
        at += 1 + size
        if (size === 0) return
      }
      throw damaged('gif', 'it ends inside a frame')
    }
    for (;;) {
      if (at >= b.length) throw damaged('gif', 'it ends before its trailer')
      const block = b[at]
      if (block === 0x3b) break
      if (block === 0x21) {
        at += 2
        skipSubBlocks()
      } else if (block === 0x2c) {
        if (++frames > MAX_GIF_FRAMES) {
          throw new ImageRefusal(422, `the GIF has more than ${MAX_GIF_FRAMES} frames`)
        }
        const local = b[at + 9] ?? 0
        at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0) + 1
        skipSubBlocks()
      } else {
        throw damaged('gif', `an unknown block 0x${(block ?? 0).toString(16)}`)
      }
    }
    if (frames === 0) throw damaged('gif', 'no frame')
    return { type: 'gif', width, height, frames }
  },
  webp(b) {
    if (u32le(b, 4) + 8 > b.length) throw damaged('webp', 'it is shorter than its RIFF header says')
    const chunk = ascii(b, 12, 4)
    if (chunk === 'VP8X') return { type: 'webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1, frames: 1 }
    if (chunk === 'VP8L') {
      const bits = u32le(b, 21)
      return { type: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, frames: 1 }
    }
    if (chunk === 'VP8 ')
      return { type: 'webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff, frames: 1 }
    throw damaged('webp', `an unknown first chunk "${chunk}"`)
  },
  avif(b) {
    // The image spatial extent property ('ispe') of the primary item: version/flags, width, height.
    for (let at = 12; at + 16 <= Math.min(b.length, 64 * 1024); at++) {
      if (b[at] === 0x69 && ascii(b, at, 4) === 'ispe') {
        return { type: 'avif', width: u32be(b, at + 8), height: u32be(b, at + 12), frames: 1 }
      }
    }
    throw damaged('avif', 'no image size (ispe) in its header')
  },
}
