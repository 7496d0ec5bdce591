/**
 * /_image on Node: every raster format resized by sharp to the asked width and encoded as the
 * browser's Accept allows, stored once under the source hash, width, quality and format and
 * answered from there after; each bad input a clear 4xx that stores nothing. The same inputs go
 * through the Worker in workerd in tests/edge/worker.test.ts.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createImageCodec } from '#media/resize'
import { app } from '../../server/app'
import { derivedKey, handleImage, IMAGE_CACHE_HEADER, type ImageServices } from '../../server/image'
import type { ImageCodec } from '../../server/media/codec'
import { contentTypeOfKey } from '../../server/media/keys'
import { folderStore } from '../../server/media/store'
import { UNTRUSTED_CONTENT_POLICY } from '../../server/media/untrusted'
import type { Runtime } from '../../server/platform/runtime'
import {
  animatedGif,
  BAD_IMAGES,
  keyOf,
  manyFrameGif,
  pngBomb,
  samplePicture,
  type SampleFormat,
} from '../support/images'
import { createTestRuntime } from '../support/runtime'

const dir = mkdtempSync(join(tmpdir(), 'vitrine-image-'))
const derivedDir = join(dir, 'derived')
let runtime: Runtime & { close: () => void }
let decodes = 0
const sharpCodec = createImageCodec()!
/** sharp, counting what it is asked to do. */
const counting: ImageCodec = {
  name: 'counting sharp',
  resize: (...args) => (decodes++, sharpCodec.resize(...args)),
}
let services: ImageServices

beforeAll(async () => {
  const base = await createTestRuntime()
  runtime = { ...base, media: folderStore(join(dir, 'media'), contentTypeOfKey) }
  services = { codec: counting, derived: folderStore(derivedDir, contentTypeOfKey) }
})
afterAll(() => {
  runtime.close()
  rmSync(dir, { recursive: true, force: true })
})
beforeEach(() => {
  decodes = 0
})

const AVIF = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' // Chromium
const WEBP = 'image/webp,*/*' // Safari 14–15
const NONE = 'image/png,image/*;q=0.8' // an old browser

/** Stores `bytes` as an upload of type `extension` and answers its media URL. */
async function stored(bytes: Uint8Array, extension: string): Promise<string> {
  const key = keyOf(bytes, extension)
  await runtime.media!.put(key, bytes, contentTypeOfKey(key))
  return `/api/media/${key}`
}

const image = (query: string, accept = AVIF, with_ = services) =>
  handleImage(
    new Request(`http://localhost/_image?${query}`, { headers: { accept } }),
    async (own) => app.request(own, undefined, runtime),
    with_,
  )

const derivedFiles = () => {
  try {
    return readdirSync(derivedDir)
  } catch {
    return []
  }
}

describe('/_image with SVG', () => {
  it('sizes the artwork to the requested width with long cache headers', async () => {
    const response = await image('url=/api/art/banner/neon-cathedrals.svg&w=640')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('content-security-policy')).toBe(UNTRUSTED_CONTENT_POLICY)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    const svg = await response.text()
    expect(svg).toMatch(/^<svg[^>]* width="640" height="183"/)
    expect(decodes).toBe(0)
  })
})

describe('/_image with raster media', () => {
  const formats: SampleFormat[] = ['png', 'jpg', 'gif', 'webp', 'avif']
  it.each(formats)(
    'resizes a %s to the width asked, as AVIF, WebP or the original kind as Accept allows',
    async (format) => {
      const url = await stored(await samplePicture(format, 1200, 800), format)
      const fallback = format === 'jpg' ? 'jpeg' : 'png'
      for (const [accept, type] of [
        [AVIF, 'avif'],
        [WEBP, 'webp'],
        [NONE, fallback],
      ] as const) {
        const response = await image(`url=${url}&w=640&q=70`, accept)
        expect(response.status, `${format} for ${accept}`).toBe(200)
        expect(response.headers.get('content-type')).toBe(`image/${type}`)
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
        expect(response.headers.get('vary')).toBe('accept')
        expect(response.headers.get('x-content-type-options')).toBe('nosniff')
        expect(response.headers.get(IMAGE_CACHE_HEADER)).toBe('miss')
        const out = await sharp(new Uint8Array(await response.arrayBuffer())).metadata()
        expect(out.format).toBe(type === 'avif' ? 'heif' : type)
        expect([out.width, out.height]).toEqual([640, 427])
      }
      expect(decodes).toBe(3)
    },
  )

  it('never enlarges: a picture narrower than the width asked keeps its size', async () => {
    const url = await stored(await samplePicture('png', 300, 300), 'png')
    const response = await image(`url=${url}&w=1080`)
    expect((await sharp(new Uint8Array(await response.arrayBuffer())).metadata()).width).toBe(300)
  })

  it('answers the first frame of an animated GIF as a still picture', async () => {
    const url = await stored(await animatedGif(4, 64, 48), 'gif')
    const response = await image(`url=${url}&w=32`, WEBP)
    expect(response.status).toBe(200)
    const out = await sharp(new Uint8Array(await response.arrayBuffer()), { pages: -1 }).metadata()
    expect(out.pages ?? 1).toBe(1)
    expect([out.width, out.height]).toEqual([32, 24])
  })

  it('encodes at the quality asked: lower quality, fewer bytes', async () => {
    const url = await stored(await samplePicture('jpg', 1600, 1600), 'jpg')
    const low = (await (await image(`url=${url}&w=1080&q=20`, WEBP)).arrayBuffer()).byteLength
    const high = (await (await image(`url=${url}&w=1080&q=95`, WEBP)).arrayBuffer()).byteLength
    expect(low).toBeLessThan(high)
  })

  it('stores what it made under source hash, width, quality and format, and answers a repeat from there without decoding', async () => {
    const bytes = await samplePicture('png', 2000, 2000)
    const url = await stored(bytes, 'png')
    const first = await image(`url=${url}&w=750&q=60`)
    expect(first.headers.get(IMAGE_CACHE_HEADER)).toBe('miss')
    const made = new Uint8Array(await first.arrayBuffer())
    const key = derivedKey(keyOf(bytes, 'png').slice(0, 64), 750, 60, 'avif')
    expect(derivedFiles()).toContain(key)
    expect(decodes).toBe(1)

    const repeat = await image(`url=${url}&w=750&q=60`)
    expect(repeat.status).toBe(200)
    expect(repeat.headers.get(IMAGE_CACHE_HEADER)).toBe('stored')
    expect(repeat.headers.get('content-type')).toBe('image/avif')
    expect(repeat.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(repeat.headers.get('vary')).toBe('accept')
    expect(new Uint8Array(await repeat.arrayBuffer())).toEqual(made)
    expect(decodes).toBe(1)

    // Another format is another derived image.
    expect((await image(`url=${url}&w=750&q=60`, WEBP)).headers.get(IMAGE_CACHE_HEADER)).toBe('miss')
    expect(decodes).toBe(2)
  })

  it('serves the stored file unchanged where no codec is configured (a Worker without its IMAGES binding)', async () => {
    const bytes = await samplePicture('png', 400, 400)
    const url = await stored(bytes, 'png')
    const response = await image(`url=${url}&w=128`, AVIF, { derived: services.derived })
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes)
  })
})

describe('/_image refuses bad input with a clear 4xx and stores nothing', () => {
  const jpeg = () => samplePicture('jpg', 800, 600)
  it.each(BAD_IMAGES)('$what', async ({ make, status, message }) => {
    const { bytes, extension } = await make()
    const url = await stored(bytes, extension)
    const before = derivedFiles().length
    const response = await image(`url=${url}&w=640`)
    expect(response.status).toBe(status)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe(status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'UNPROCESSABLE_IMAGE')
    expect(body.error.message).toContain(message)
    expect(body.error.message).toContain(url)
    expect(derivedFiles().length).toBe(before)
  })

  it('never hands the codec a picture refused by its header', async () => {
    for (const [bytes, extension] of [
      [pngBomb(), 'png'],
      [manyFrameGif(10_000), 'gif'],
      [await jpeg(), 'png'],
    ] as const) {
      await image(`url=${await stored(bytes, extension)}&w=640`)
    }
    expect(decodes).toBe(0)
  })

  it.each([
    ['url=https://evil.example/x.png&w=640', 400, 'url: must be one of this site'],
    ['url=/api/art/nft/../../v1/users.svg&w=640', 400, 'url: must not contain'],
    ['url=/api/art/nft/a/1.svg&w=641', 400, 'w: must be one of 16, 32'],
    ['url=/api/art/nft/a/1.svg&w=5000', 400, 'w: must be one of 16, 32'],
    ['url=/api/art/nft/a/1.svg&w=640&q=0', 400, 'q: must be at least 1'],
    ['url=/api/art/nft/a/1.svg&w=640&q=101', 400, 'q: must be at most 100'],
    ['url=/api/art/nft/a/1.svg&w=640&q=7.5', 400, 'q: must be a whole number'],
    ['w=640', 400, 'url: is required'],
    [`url=/api/media/${'0'.repeat(64)}.png&w=640`, 404, 'was not found'],
  ])('refuses %s', async (query, status, message) => {
    const response = await image(query)
    expect(response.status).toBe(status)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(message)
  })
})
