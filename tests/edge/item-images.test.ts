/**
 * A large picture on the item page, in a real browser against the Node production build: the page
 * loads a resized AVIF (never the 4000 × 4000 PNG that was stored), its box is reserved before
 * the picture arrives, the picture is preloaded with high priority, and a second visitor is
 * answered from the derived store without a new resize. In the edge project: the build writes dist/.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openMigratedDatabase } from '../../db/migrate.server'
import { nfts } from '../../db/schema'
import { seedDatabase } from '../../db/seed'
import { freePort, startProcess, waitForHttp, type RunningProcess } from '../../scripts/processes'
import { DEVELOPMENT_FEE_RECIPIENT } from '../../server/platform/env'
import { DERIVED_DIR, MEDIA_DIR } from '../../server/platform/runtime'
import { launchBrowser, watchErrors } from '../support/browser'
import { keyOf } from '../support/images'
import { TEST_AUTH_SECRET } from '../support/runtime'

const dir = mkdtempSync(join(tmpdir(), 'vitrine-item-images-'))
const databaseUrl = `file:${join(dir, 'vitrine.db')}`
let server: RunningProcess
let browser: Browser
let itemId: number
let original: string
let originalBytes = 0
const written: string[] = []

/** A 4000 × 4000 PNG of a few MB: a gradient with a noisy patch, as a photo-like artwork would be. */
async function largePng(): Promise<Uint8Array> {
  const noise = {
    width: 1200,
    height: 1200,
    channels: 3 as const,
    background: '#000',
    noise: { type: 'gaussian' as const, mean: 128, sigma: 40 },
  }
  const png = await sharp({ create: { width: 4000, height: 4000, channels: 3, background: { r: 124, g: 58, b: 237 } } })
    .composite([{ input: { create: noise }, top: 1400, left: 1400 }])
    .png()
    .toBuffer()
  return new Uint8Array(png)
}

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    env: { ...process.env, BUILD_TARGET: 'node', NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`)

  const png = await largePng()
  const key = keyOf(png, 'png')
  originalBytes = png.byteLength
  original = `/api/media/${key}`
  // The server's media folder (relative to its working directory, this checkout).
  mkdirSync(MEDIA_DIR, { recursive: true })
  writeFileSync(join(MEDIA_DIR, key), png)
  written.push(join(MEDIA_DIR, key))

  const db = await openMigratedDatabase({ url: databaseUrl })
  await seedDatabase(db, { users: 5 })
  const [first] = await db.select({ id: nfts.id }).from(nfts).limit(1)
  itemId = first!.id
  await db.update(nfts).set({ image: original, animationUrl: null }).where(eq(nfts.id, itemId))
  db.$client.close()

  const port = await freePort()
  server = startProcess(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'scripts/serve.ts'],
    `http://127.0.0.1:${port}`,
    {
      NODE_ENV: 'production',
      PORT: String(port),
      WEB_CONCURRENCY: '1',
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: TEST_AUTH_SECRET,
      PLATFORM_FEE_RECIPIENT: DEVELOPMENT_FEE_RECIPIENT,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  )
  await waitForHttp(`${server.url}/api/health`, server)
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  for (const file of written) rmSync(file, { force: true })
  // And the resized copies the server made of it.
  const sha256 = original?.slice('/api/media/'.length, -'.png'.length)
  for (const file of sha256 ? readdirSync(DERIVED_DIR).filter((f) => f.startsWith(sha256)) : []) {
    rmSync(join(DERIVED_DIR, file), { force: true })
  }
  rmSync(dir, { recursive: true, force: true })
})

interface Loaded {
  url: string
  status: number
  type: string
  bytes: number
  cache: string | undefined
}

/** Opens the item page at a phone's width in a fresh browser (no cache), listing the images it loaded. */
async function visit(): Promise<{
  images: Loaded[]
  errors: string[]
  html: string
  box: { width: number; height: number }
}> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 })
  const page = await context.newPage()
  const errors = watchErrors(page)
  const images: Promise<Loaded>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'image') return
    images.push(
      response.body().then((body) => ({
        url: new URL(response.url()).pathname + new URL(response.url()).search,
        status: response.status(),
        type: response.headers()['content-type'] ?? '',
        bytes: body.byteLength,
        cache: response.headers()['x-image-cache'],
      })),
    )
  })
  const answer = await page.goto(`${server.url}/item/${itemId}`, { waitUntil: 'networkidle' })
  const html = (await answer?.text()) ?? ''
  const main = page.locator('section img').first()
  const box = (await main.boundingBox()) ?? { width: 0, height: 0 }
  await context.close()
  return { images: await Promise.all(images), errors, html, box }
}

describe('the item page of a 4000 × 4000 PNG', () => {
  it('loads a resized AVIF at a phone’s width, never the original, preloaded with high priority', async () => {
    const { images, errors, html, box } = await visit()
    expect(errors).toEqual([])
    const picture = images.filter((i) => i.url.includes(encodeURIComponent(original)))
    expect(picture.length).toBeGreaterThan(0)
    for (const loaded of picture) {
      expect(loaded.url).toMatch(/^\/_image\?url=/)
      expect(loaded.status).toBe(200)
      expect(loaded.type).toBe('image/avif')
    }
    // The main picture: 375 CSS px at 2×, the 750 or 828 px candidate, tens of KB instead of megabytes.
    const main = picture.filter((i) => /&w=(750|828)&/.test(i.url))
    expect(main).toHaveLength(1)
    expect(main[0]!.bytes).toBeLessThan(200 * 1024)
    console.log(
      `4000 × 4000 PNG (${(originalBytes / 1024 / 1024).toFixed(1)} MB) delivered to a 375 px phone: ${main[0]!.url.split('&').slice(1).join('&')}, ${(main[0]!.bytes / 1024).toFixed(1)} KB AVIF`,
    )
    expect(images.some((i) => i.url === original)).toBe(false)
    // Server-rendered: a preload with the same srcset and high priority, and an <img> with its box reserved.
    expect(html).toMatch(/<link rel="preload" as="image"[^>]*imageSrcSet="[^"]*w=750[^"]*"[^>]*fetchPriority="high"/i)
    expect(html).toMatch(/<img [^>]*width="1000" height="1000"[^>]*fetchPriority="high"/i)
    expect(Math.round(box.width)).toBe(Math.round(box.height))
  })

  it('answers a second visitor from the derived store, without resizing again', async () => {
    const { images } = await visit()
    const picture = images.filter((i) => i.url.includes(encodeURIComponent(original)))
    expect(picture.length).toBeGreaterThan(0)
    for (const loaded of picture) expect(loaded.cache).toBe('stored')
  })
})
