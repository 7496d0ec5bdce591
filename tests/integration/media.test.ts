/**
 * Uploads through the API on a fresh database and media folder: judged by content, limited in
 * size, stored once per content, served immutable. A refused upload stores nothing.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../server/app'
import { handleImage } from '../../server/image'
import { MAX_MEDIA_BYTES } from '../../server/media/content'
import { MAX_SVG_DEPTH } from '../../server/media/svg'
import { MAX_MEDIA_MB } from '../../server/inputs/create'
import { contentTypeOfKey } from '../../server/media/keys'
import { folderStore } from '../../server/media/store'
import { UNTRUSTED_CONTENT_POLICY } from '../../server/media/untrusted'
import type { Runtime } from '../../server/platform/runtime'
import { createTestRuntime } from '../support/runtime'
import { hostileSvgs } from '../support/hostile-svgs'
import { sessionCookie } from '../support/session'

const HOSTILE_SVGS = hostileSvgs()

const dir = mkdtempSync(join(tmpdir(), 'vitrine-media-'))
let runtime: Runtime & { close: () => void }
beforeAll(async () => {
  const base = await createTestRuntime()
  runtime = { ...base, media: folderStore(dir, contentTypeOfKey) }
})
afterAll(() => {
  runtime.close()
  rmSync(dir, { recursive: true, force: true })
})

const creator = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
/** The site's origin in tests (no PUBLIC_URL: the dev server's own on port 3000). */
const SITE = 'http://localhost:3000'
const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)))

const SAMPLES = {
  png: bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    [0, 0, 0, 13],
    'IHDR',
    [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0],
  ),
  jpg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
  gif: bytes('GIF89a', [1, 0, 1, 0, 0, 0, 0]),
  webp: bytes('RIFF', [26, 0, 0, 0], 'WEBPVP8 ', [14, 0, 0, 0]),
  mp4: bytes([0, 0, 0, 24], 'ftypisom', [0, 0, 2, 0], 'isomiso2'),
  svg: bytes(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#6d3cff"/></svg>',
  ),
}

async function upload(content: Uint8Array<ArrayBuffer>, name: string, type = '', signedIn = true) {
  const form = new FormData()
  form.set('file', new File([content], name, { type }))
  // The site's own page uploads: its Origin (a multipart write from elsewhere is refused).
  const headers: Record<string, string> = {
    origin: SITE,
    ...(signedIn ? { cookie: await sessionCookie(creator) } : {}),
  }
  const response = await app.request('/api/media', { method: 'POST', body: form, headers }, runtime)
  return {
    status: response.status,
    body: (await response.json()) as {
      data?: { key: string; url: string; stored: boolean }
      error?: { message: string }
    },
  }
}

const stored = () => readdirSync(dir).filter((f) => !f.endsWith('.part'))

describe('POST /api/media', () => {
  it('accepts PNG, JPEG, GIF, WebP, MP4 and a plain SVG, each by its content', async () => {
    for (const [extension, content] of Object.entries(SAMPLES)) {
      const { status, body } = await upload(content, `upload.bin`)
      expect(status, extension).toBe(201)
      expect(body.data!.key).toMatch(new RegExp(`^[0-9a-f]{64}\\.${extension}$`))
    }
    expect(stored()).toHaveLength(6)
  })

  it('stores identical files once', async () => {
    const first = await upload(SAMPLES.png, 'again.png', 'image/png')
    expect(first).toMatchObject({ status: 200, body: { data: { stored: false } } })
    expect(stored()).toHaveLength(6)
  })

  it('serves a stored file immutable, with its real type', async () => {
    const { body } = await upload(SAMPLES.svg, 'drawing.svg')
    const response = await app.request(body.data!.url, {}, runtime)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('cache-control')).toContain('immutable')
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
    )
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    // The checked tree serialised again: for a plain drawing, the same bytes.
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(SAMPLES.svg)
  })

  it('refuses a file whose content is not media, whatever its name and type claim', async () => {
    const { status, body } = await upload(bytes('MZ this is really an executable'), 'cat.png', 'image/png')
    expect(status).toBe(415)
    expect(body.error!.message).toBe(
      'file: cat.png is not a PNG, JPEG, GIF, WebP, AVIF, MP4 or SVG file (judged by its content)',
    )
  })

  it('refuses SVG that could run or load anything', async () => {
    const unsafe = {
      script: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'event handler': '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>',
      'javascript: URL': '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>',
      foreignObject: '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div>x</div></foreignObject></svg>',
      'another document': '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>',
      ...HOSTILE_SVGS,
    }
    for (const [what, svg] of Object.entries(unsafe)) {
      const { status, body } = await upload(bytes(svg), 'art.svg', 'image/svg+xml')
      expect(status, what).toBe(415)
      expect(body.error!.message, what).toMatch(/^file: art.svg is (an SVG that is not accepted: |not a PNG)/)
    }
    expect(stored()).toHaveLength(6)
  })

  it('refuses an SVG nested too deep with a 415 naming the depth, not a 500', async () => {
    const files = stored()
    // 5,000 nested groups: 35 KB.
    const deep = `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(5000)}${'</g>'.repeat(5000)}</svg>`
    const { status, body } = await upload(bytes(deep), 'deep.svg', 'image/svg+xml')
    expect(status).toBe(415)
    expect(body.error!.message).toBe(
      `file: deep.svg is an SVG that is not accepted: it nests elements deeper than ${MAX_SVG_DEPTH} levels`,
    )
    expect(stored()).toEqual(files)
  })

  it('refuses a file over the limit the form states', async () => {
    expect(MAX_MEDIA_MB * 1024 * 1024).toBe(MAX_MEDIA_BYTES)
    const big = new Uint8Array(MAX_MEDIA_BYTES + 1)
    big.set(SAMPLES.png)
    const { status, body } = await upload(big, 'huge.png', 'image/png')
    expect(status).toBe(413)
    expect(body.error!.message).toMatch(/^file: (huge.png is )?larger than 32 MB$/)
    expect(stored()).toHaveLength(6)
  })

  it('needs a signed-in wallet, and a file field', async () => {
    expect((await upload(SAMPLES.gif, 'a.gif', 'image/gif', false)).status).toBe(401)
    const response = await app.request(
      '/api/media',
      { method: 'POST', body: new FormData(), headers: { origin: SITE, cookie: await sessionCookie(creator) } },
      runtime,
    )
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/^file: missing/)
  })

  it('serves an SVG through /_image and /_next/image with the same inert-document headers', async () => {
    const { body } = await upload(SAMPLES.svg, 'drawing.svg')
    for (const path of ['/_image', '/_next/image']) {
      const response = await handleImage(new Request(`http://localhost${path}?url=${body.data!.url}&w=640`), (own) =>
        Promise.resolve(app.request(own, undefined, runtime)),
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('content-security-policy')).toBe(UNTRUSTED_CONTENT_POLICY)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    }
  })

  it('serves uploads through /_image too (raster as stored, for now)', async () => {
    const { body } = await upload(SAMPLES.png, 'again.png')
    const response = await handleImage(new Request(`http://localhost/_image?url=${body.data!.url}&w=640`), (own) =>
      Promise.resolve(app.request(own, undefined, runtime)),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('content-security-policy')).toBe(UNTRUSTED_CONTENT_POLICY)
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(SAMPLES.png)
  })

  it('answers 404 for a file that is not there', async () => {
    const response = await app.request(`/api/media/${'0'.repeat(64)}.png`, {}, runtime)
    expect(response.status).toBe(404)
  })
})
