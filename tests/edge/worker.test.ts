/**
 * The edge path, proven: build the Worker bundle, run it in workerd with `wrangler dev`,
 * backed by a real sqld on 127.0.0.1, and talk to it over HTTP.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { createDatabase } from '../../db/client'
import { openMigratedDatabase } from '../../db/migrate.server'
import { chainCursors } from '../../db/schema'
import { seedDatabase } from '../../db/seed'
import { startSqld, startWrangler, type RunningProcess } from '../../scripts/processes'
import { DEVELOPMENT_FEE_RECIPIENT } from '../../server/platform/env'
import { startTestChain } from '../support/chain'
import { BAD_IMAGES, animatedGif, keyOf, samplePicture, type SampleFormat } from '../support/images'
import { getLocalR2, putLocalR2 } from '../../scripts/r2-local'
import { TEST_AUTH_SECRET } from '../support/runtime'
import { sessionCookie } from '../support/session'

const PUBLIC_URL = 'https://vitrine.example'
const dir = mkdtempSync(join(tmpdir(), 'vitrine-edge-'))
let sqld: RunningProcess | undefined
let worker: RunningProcess | undefined
const RASTER_FORMATS: SampleFormat[] = ['png', 'jpg', 'gif', 'webp', 'avif']
/** Where each test picture is served (placed in the local R2 bucket before the Worker starts). */
const mediaUrls: Record<string, string> = {}
/** The AVIF the Worker made for mediaUrls.png at 384 px, q 55 (checked in R2 at the end). */
let derivedMade: Uint8Array | undefined

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    env: { ...process.env, BUILD_TARGET: 'cloudflare', NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`)

  sqld = await startSqld(join(dir, 'sqld'))
  const db = await openMigratedDatabase({ url: sqld.url })
  await seedDatabase(db, { users: 5 })
  db.$client.close()
  // Pictures in the MEDIA bucket as uploads (and files stored before today's checks) would be.
  const pictures: Record<string, Uint8Array> = {}
  const place = (bytes: Uint8Array, extension: string) => {
    const key = keyOf(bytes, extension)
    pictures[key] = bytes
    return `/api/media/${key}`
  }
  for (const format of RASTER_FORMATS) mediaUrls[format] = place(await samplePicture(format, 1200, 800), format)
  mediaUrls.animated = place(await animatedGif(4, 64, 48), 'gif')
  for (const bad of BAD_IMAGES) {
    const { bytes, extension } = await bad.make()
    mediaUrls[bad.what] = place(bytes, extension)
  }
  putLocalR2(join(dir, 'wrangler'), pictures)
  worker = await startWrangler(
    {
      DATABASE_URL: sqld.url,
      AUTH_SECRET: TEST_AUTH_SECRET,
      PLATFORM_FEE_RECIPIENT: DEVELOPMENT_FEE_RECIPIENT,
      PUBLIC_URL,
    },
    { persistTo: join(dir, 'wrangler') },
  )
})

afterAll(async () => {
  await Promise.all([worker?.stop(), sqld?.stop()])
  rmSync(dir, { recursive: true, force: true })
})

const get = (path: string) => fetch(`${worker?.url}${path}`)

describe('the Worker in workerd', () => {
  it('server-renders a page', async () => {
    const response = await get('/')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[^']+';/)
    expect(response.headers.get('strict-transport-security')).toContain('max-age=')
    const html = await response.text()
    expect(html).toContain('<title>Home || Vitrine NFT Marketplace</title>')
    expect(html).toContain('Discover, collect and sell extraordinary NFTs')
    expect(html).toMatch(/href="\/item\/\d+"/) // items rendered on the server, from sqld
  })

  // No Cron Trigger has fired here: no chain is followed yet, and health says so.
  it('answers /api/health with a database round trip through sqld, and each chain follower not started', async () => {
    const response = await get('/api/health')
    expect(response.status).toBe(503)
    const report = (await response.json()) as { indexer: { followers: { chainId: number; stalled: boolean }[] } }
    expect(report).toMatchObject({ status: 'degraded', database: { status: 'ok' }, indexer: { status: 'stalled' } })
    expect(report.indexer.followers.map((f) => [f.chainId, f.stalled])).toEqual([
      [1, true],
      [8453, true],
      [11155111, true],
    ])
  })

  it('answers /api/trpc/health', async () => {
    const response = await get('/api/trpc/health')
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ result: { data: { database: { status: 'ok' } } } })
  })

  it('answers a hundred reads at once, and every read after them', async () => {
    // @libsql/client queues statements past 20 at once; one queued by a request and sent when
    // another's ended was cancelled by workerd as hung, and the isolate answered nothing after.
    for (let burst = 0; burst < 2; burst++) {
      const statuses = await Promise.all(
        Array.from({ length: 100 }, () => get('/api/v1/collections?limit=2').then((r) => r.status)),
      )
      expect(statuses.filter((status) => status !== 200)).toEqual([])
    }
  })

  it('answers /api/auth/csrf from Auth.js', async () => {
    const response = await get('/api/auth/csrf')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/) })
  })

  it('stores an upload in the MEDIA R2 bucket (emulated by wrangler) and serves it back', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82])
    const form = new FormData()
    form.set('file', new File([png], 'tiny.png', { type: 'image/png' }))
    // Production behind https: the session cookie is __Host- (whatever scheme workerd sees here).
    const cookie = await sessionCookie('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc', { secure: true })
    expect(
      (
        await fetch(`${worker?.url}/api/media`, {
          method: 'POST',
          body: form,
          headers: { origin: PUBLIC_URL, cookie: cookie.slice('__Host-'.length) },
        })
      ).status,
    ).toBe(401)
    const response = await fetch(`${worker?.url}/api/media`, {
      method: 'POST',
      body: form,
      headers: { origin: PUBLIC_URL, cookie },
    })
    expect(response.status).toBe(201)
    const { data } = (await response.json()) as { data: { url: string } }
    const served = await get(data.url)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png)
  })

  describe('/_image: the Images binding resizes, R2 keeps the result, the Cache API answers repeats', () => {
    const AVIF = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'
    const image = (url: string, accept = AVIF, query = '&w=640&q=70') =>
      fetch(`${worker?.url}/_image?url=${url}${query}`, { headers: { accept } })
    const metadata = async (response: Response) => sharp(new Uint8Array(await response.arrayBuffer())).metadata()

    it.each(RASTER_FORMATS)('resizes a %s, as AVIF, WebP or the original kind as Accept allows', async (format) => {
      const fallback = format === 'jpg' ? 'jpeg' : 'png'
      for (const [accept, type] of [
        [AVIF, 'avif'],
        ['image/webp,*/*', 'webp'],
        ['image/png,image/*;q=0.8', fallback],
      ] as const) {
        const response = await image(mediaUrls[format]!, accept)
        expect(response.status, `${format} for ${accept}`).toBe(200)
        expect(response.headers.get('content-type')).toBe(`image/${type}`)
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
        expect(response.headers.get('vary')).toBe('accept')
        expect(response.headers.get('x-content-type-options')).toBe('nosniff')
        const out = await metadata(response)
        expect(out.format).toBe(type === 'avif' ? 'heif' : type)
        expect([out.width, out.height]).toEqual([640, 427])
      }
    })

    it('answers the first frame of an animated GIF as a still picture', async () => {
      const response = await image(mediaUrls.animated!, 'image/webp', '&w=32')
      expect(response.status).toBe(200)
      const out = await sharp(new Uint8Array(await response.arrayBuffer()), { pages: -1 }).metadata()
      expect(out.pages ?? 1).toBe(1)
      expect([out.width, out.height]).toEqual([32, 24])
    })

    it('answers a repeat from the edge cache without resizing again', async () => {
      const first = await image(mediaUrls.png!, AVIF, '&w=384&q=55')
      expect(first.headers.get('x-image-cache')).toBe('miss')
      derivedMade = new Uint8Array(await first.arrayBuffer())
      const repeat = await image(mediaUrls.png!, AVIF, '&w=384&q=55')
      expect(repeat.status).toBe(200)
      expect(repeat.headers.get('x-image-cache')).toBe('edge')
      expect(repeat.headers.get('content-type')).toBe('image/avif')
      expect(new Uint8Array(await repeat.arrayBuffer())).toEqual(derivedMade)
    })

    it.each(BAD_IMAGES)(
      'refuses $what with $status, and again on a repeat (nothing cached)',
      async ({ what, status, message }) => {
        for (let i = 0; i < 2; i++) {
          const response = await image(mediaUrls[what]!)
          expect(response.status).toBe(status)
          expect(response.headers.get('cache-control')).toBe('no-store')
          expect(response.headers.get('x-image-cache')).toBeNull()
          const body = (await response.json()) as { error: { code: string; message: string } }
          expect(body.error.code).toBe(status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'UNPROCESSABLE_IMAGE')
          expect(body.error.message).toContain(message)
        }
      },
    )

    it.each([
      ['&w=641', 'w: must be one of 16, 32'],
      ['&w=640&q=0', 'q: must be at least 1'],
      ['&w=640&q=101', 'q: must be at most 100'],
    ])('refuses %s with 400', async (query, message) => {
      const response = await image(mediaUrls.png!, AVIF, query)
      expect(response.status).toBe(400)
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(message)
    })
  })

  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await get('/api/unknown')
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
  })

  it('limits contact messages per client (CF-Connecting-IP), counted in the database, whatever X-Forwarded-For says', async () => {
    const send = (i: number) =>
      fetch(`${worker?.url}/api/trpc/site.contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
        body: JSON.stringify({ name: 'Ada', email: `ada${i}@example.com`, subject: 'Hello', message: 'Long enough.' }),
      })
    // The default: 5 an hour.
    for (let i = 0; i < 5; i++) expect((await send(i)).status).toBe(200)
    const refused = await send(5)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    const db = createDatabase({ url: sqld!.url })
    const keys = await db.all<{ key: string }>(sql`select key from rate_limits where key like 'contact:%'`)
    db.$client.close()
    expect(keys.map((row) => row.key)).toEqual(['contact:127.0.0.1'])
  })
})

describe('the Worker without its secrets', () => {
  it('refuses to serve and names the missing variables', async () => {
    const bare = await startWrangler({ AUTH_SECRET: '', DATABASE_URL: '' }, { persistTo: join(dir, 'wrangler-bare') })
    try {
      // Miniflare's local trigger for a Worker's scheduled() handler.
      const response = await fetch(`${bare.url}/api/health`)
      expect(response.status).toBe(500)
      const text = await response.text()
      expect(text).toContain('AUTH_SECRET: required in production')
      expect(text).toContain('DATABASE_URL: required in production')
      expect(text).toContain('PUBLIC_URL: required in production')
    } finally {
      await bare.stop()
    }
  })
})

describe('the Cron Trigger', () => {
  it("starts the chain's follower when it fires, which indexes the local chain into the database", async () => {
    const chain = await startTestChain()
    const indexing = await startWrangler(
      {
        DATABASE_URL: sqld!.url,
        AUTH_SECRET: TEST_AUTH_SECRET,
        PLATFORM_FEE_RECIPIENT: DEVELOPMENT_FEE_RECIPIENT,
        PUBLIC_URL,
        CHAINS: '31337',
        CHAIN_RPC_URL: chain.url,
      },
      { persistTo: join(dir, 'wrangler-cron') },
    )
    const db = createDatabase({ url: sqld!.url })
    try {
      const head = await chain.client.getBlockNumber({ cacheTime: 0 })
      // Miniflare's local trigger for a Worker's scheduled() handler.
      const response = await fetch(`${indexing.url}/cdn-cgi/local/scheduled?cron=*+*+*+*+*`)
      expect(response.status).toBe(200)
      // The follower's first alarm runs after the response: wait for its cursor.
      await expect
        .poll(async () => (await db.select().from(chainCursors).where(eq(chainCursors.chainId, 31337)))[0]?.block, {
          timeout: 30_000,
        })
        .toBeGreaterThanOrEqual(Number(head))
    } finally {
      db.$client.close()
      await Promise.all([indexing.stop(), chain.stop()])
    }
  })
})

describe('JavaScript budget', () => {
  // Home, explore, an item and a collection: where visitors land. The item page loads its trade
  // modals (forms, zod, viem, Seaport) only when a trade starts, and no page loads the tRPC client
  // until a write (ADR 29), so a visitor who looks pays for none of them. 126 KB of Brotli (quality
  // 11, as `npm start` sends them and about what Cloudflare sends) is ADR 29's budget, raised from
  // 120 KB for the item and collection pages' charts and trait panel (ADR 32), and again for
  // trait types a page at a time and the Report button, then for moderation's routes and notices
  // (ADR 29, amended twice); React DOM alone is ~55 KB of it.
  const BUDGET_KB = 127
  it.each(['/', '/collection/explore_collection', '/item/item_20', 'a collection'])(
    'the first load of %s downloads at most 127 KB of JavaScript compressed with Brotli, and hydrates',
    async (which) => {
      const { brotliCompressSync, gzipSync } = await import('node:zlib')
      const { launchBrowser, waitForHydration, watchErrors } = await import('../support/browser')
      let path = which
      if (which === 'a collection') {
        const top = (await (await get('/api/v1/collections?tab=top&limit=1')).json()) as { data: { slug: string }[] }
        path = `/collection/${top.data[0]!.slug}`
      }
      const browser = await launchBrowser()
      try {
        const page = await browser.newPage()
        const errors = watchErrors(page)
        const scripts: Promise<{ name: string; brotli: number; gzip: number }>[] = []
        page.on('response', (response) => {
          if (response.request().resourceType() === 'script' || response.url().endsWith('.js')) {
            const name = new URL(response.url()).pathname
            scripts.push(
              response.body().then((body) => ({
                name,
                brotli: brotliCompressSync(body).length,
                gzip: gzipSync(body, { level: 9 }).length,
              })),
            )
          }
        })
        const response = await page.goto(`${worker?.url}${path}`, { waitUntil: 'networkidle' })
        expect(response?.status(), path).toBe(200)
        await waitForHydration(page)
        const sizes = await Promise.all(scripts)
        const total = (key: 'brotli' | 'gzip') => sizes.reduce((sum, script) => sum + script[key], 0)
        const kb = (bytes: number) => (bytes / 1024).toFixed(1)
        console.log(
          `first load of ${path}: ${sizes.length} scripts, ${kb(total('brotli'))} KB Brotli (${kb(total('gzip'))} KB gzip)\n` +
            sizes.map((script) => `  ${kb(script.brotli)} KB ${script.name}`).join('\n'),
        )
        expect(sizes.length).toBeGreaterThan(0)
        // Reads after hydration (the item's and the collection's activity) need no tRPC client.
        expect(sizes.map((script) => script.name).filter((name) => /\/trpc-[\w-]+\.js$/.test(name))).toEqual([])
        expect(total('brotli')).toBeLessThanOrEqual(BUDGET_KB * 1024)
        expect(errors).toEqual([])
      } finally {
        await browser.close()
      }
    },
  )
})

describe('the Worker bundle', () => {
  // What `wrangler deploy` uploads, read offline from the build beforeAll made: its dry run prints
  // the modules' total and their gzip size ("Total Upload: X KiB / gzip: Y KiB"), the figure
  // Cloudflare's Worker size limit is about. It was 734 KiB, then 930; 1 MiB holds it.
  const BUDGET_KIB = 1024
  it('uploads at most 1 MiB of gzip, as wrangler counts it', () => {
    const dryRun = spawnSync(
      process.execPath,
      ['node_modules/wrangler/bin/wrangler.js', 'deploy', '--dry-run', '--outdir', join(dir, 'upload')],
      { env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' }, encoding: 'utf8' },
    )
    expect(dryRun.status, dryRun.stderr).toBe(0)
    const total = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(dryRun.stdout)
    expect(total, dryRun.stdout).not.toBeNull()
    console.log(`Worker upload: ${total![1]} KiB, gzip ${total![2]} KiB`)
    expect(Number(total![2])).toBeLessThanOrEqual(BUDGET_KIB)
  })
})

describe('what the Worker left in its R2 bucket', () => {
  // Read with wrangler's CLI once the Worker has stopped (the two must not share the files).
  it('holds each resized image under derived/<source sha256>-w<width>-q<quality>.<format>, and nothing for refusals', async () => {
    await worker?.stop()
    const persisted = join(dir, 'wrangler')
    const sha256 = (url: string) => url.slice('/api/media/'.length).split('.')[0]
    expect(derivedMade).toBeDefined()
    expect(getLocalR2(persisted, `derived/${sha256(mediaUrls.png!)}-w384-q55.avif`)).toEqual(derivedMade)
    for (const what of [BAD_IMAGES[0]!.what, BAD_IMAGES[2]!.what]) {
      expect(() => getLocalR2(persisted, `derived/${sha256(mediaUrls[what]!)}-w640-q70.avif`)).toThrow()
    }
  })
})
