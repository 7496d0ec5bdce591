/**
 * What an upload really is, judged by its bytes (never by its name or the browser's claim):
 * PNG, JPEG, GIF, WebP, AVIF, MP4, or an SVG that can run nothing (server/media/svg.ts). Anything else is refused.
 */

import { sanitizeSvg, SvgRefusal } from './svg'

/** 32 MB: within a Worker's memory with room to spare; the create form states the same. */
export const MAX_MEDIA_BYTES = 32 * 1024 * 1024

export const MEDIA_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  mp4: 'video/mp4',
  svg: 'image/svg+xml',
} as const
export type MediaExtension = keyof typeof MEDIA_TYPES

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length))

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b)

/** MP4 brands (ISO base media file format) browsers play. */
const MP4_BRANDS = ['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'dash', 'M4V ', 'mmp4', 'MSNV']

/** AVIF still images and sequences (HEIF brands for AV1). */
const AVIF_BRANDS = ['avif', 'avis']

/** The file's real type from its first bytes, or null. */
export function sniffMedia(bytes: Uint8Array): MediaExtension | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg'
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp'
  const brands = ftypBrands(bytes)
  if (brands.some((brand) => AVIF_BRANDS.includes(brand))) return 'avif'
  if (brands.some((brand) => MP4_BRANDS.includes(brand))) return 'mp4'
  if (looksLikeSvg(bytes)) return 'svg'
  return null
}

/**
 * The major and compatible brands of an ISO media file's leading `ftyp` box: cameras write their
 * own major brand (`XAVC`, `3gp5`) and list `isom` or `mp42` among the compatible ones.
 */
function ftypBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return []
  const size = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0)
  const end = Math.min(size, bytes.length, 16 + 4 * 64)
  const brands = [ascii(bytes, 8, 4)]
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, 4))
  return brands
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, '')
  // An optional XML declaration, comments and doctype, then the <svg> root.
  return /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)
}

export type MediaVerdict =
  | { ok: true; extension: MediaExtension; contentType: string; bytes: Uint8Array<ArrayBuffer> }
  | { ok: false; status: 413 | 415; message: string }

/** Accepts the bytes as media, or says why not (and the HTTP status to answer). */
export function checkMedia(bytes: Uint8Array<ArrayBuffer>, name: string): MediaVerdict {
  if (bytes.byteLength > MAX_MEDIA_BYTES) {
    return { ok: false, status: 413, message: `file: ${name} is larger than ${MAX_MEDIA_BYTES / 1024 / 1024} MB` }
  }
  const extension = sniffMedia(bytes)
  if (!extension) {
    return {
      ok: false,
      status: 415,
      message: `file: ${name} is not a PNG, JPEG, GIF, WebP, AVIF, MP4 or SVG file (judged by its content)`,
    }
  }
  if (extension === 'svg') {
    try {
      // What is stored is the checked tree, serialised again (server/media/svg.ts).
      return { ok: true, extension, contentType: MEDIA_TYPES[extension], bytes: sanitizeSvg(bytes) }
    } catch (error) {
      if (!(error instanceof SvgRefusal)) throw error
      return { ok: false, status: 415, message: `file: ${name} is an SVG that is not accepted: ${error.message}` }
    }
  }
  return { ok: true, extension, contentType: MEDIA_TYPES[extension], bytes }
}
