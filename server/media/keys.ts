import { MEDIA_TYPES, type MediaExtension } from './content'

/** A stored file's key: the SHA-256 of its bytes (hex) and the extension of its real type. */
export const MEDIA_KEY = /^[0-9a-f]{64}\.(png|jpg|gif|webp|avif|mp4|svg)$/

/** A stored picture that can be resized: what a video's poster must be. */
export const PICTURE_KEY = /^[0-9a-f]{64}\.(png|jpg|gif|webp|avif)$/

export const mediaKey = (sha256: string, extension: MediaExtension) => `${sha256}.${extension}`

export const contentTypeOfKey = (key: string): string =>
  MEDIA_TYPES[key.slice(key.lastIndexOf('.') + 1) as MediaExtension] ?? 'application/octet-stream'

/** Where the site serves a stored file. */
export const mediaUrl = (key: string) => `/api/media/${key}`
