/**
 * `npm run bench:images`: what a resize costs, and what a phone gets.
 *
 * 1. Node: server/media/resize.ts (sharp) on PNG and JPEG sources of 1000², 2000² and 4000²
 *    pixels, to a 750 px (a 375 px phone at 2×) AVIF, WebP and the JPEG/PNG fallback; median of
 *    BENCH_RUNS runs, in this process.
 * 2. workerd: the same through the built Worker under `wrangler dev`, whose Images binding
 *    Miniflare backs with sharp in its own Node process; each request a cache miss (a quality not
 *    asked before), timed end to end over HTTP.
 * 3. Lighthouse (mobile) of an item page whose picture is a 4000 × 4000 PNG, on the Node
 *    production build, and the bytes of that picture as delivered to a 375 px-wide phone.
 * Results go to bench/RESULTS.md (sections images and images-lighthouse).
 *
 * BENCH_IMAGES_LIGHTHOUSE_ONLY=1 runs section 3 alone (the images section stays as it is);
 * BENCH_RUNS (3) sets the runs of each measurement.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import sharp from 'sharp'
import { createImageCodec } from '#media/resize'
import { openMigratedDatabase } from '../db/migrate.server'
import { nfts } from '../db/schema'
import { startWrangler } from '../scripts/processes'
import { negotiateFormat, type OutputFormat } from '../server/media/codec'
import { inspectRaster, type RasterType } from '../server/media/inspect'
import { AVIF_EFFORT } from '../server/media/resize'
import { DEVELOPMENT_FEE_RECIPIENT } from '../server/platform/env'
import { MEDIA_DIR } from '../server/platform/runtime'
import { keyOf } from '../tests/support/images'
import { putLocalR2 } from '../scripts/r2-local'
import { TEST_AUTH_SECRET } from '../tests/support/runtime'
import { seedDatabase, startProductionServer, writeSection } from './lib'

const runs = Number(process.env.BENCH_RUNS ?? 3)
const LIGHTHOUSE_ONLY = process.env.BENCH_IMAGES_LIGHTHOUSE_ONLY === '1'
const SIDES = [1000, 2000, 4000]
const SOURCES: RasterType[] = ['png', 'jpg']
const WIDTH = 750
const CHROMIUM_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** A photo-like source: a gradient with a noisy patch over a third of it. */
async function source(type: RasterType, side: number): Promise<Uint8Array> {
  const patch = Math.round(side / 3)
  const noise = {
    width: patch,
    height: patch,
    channels: 3 as const,
    background: '#000',
    noise: { type: 'gaussian' as const, mean: 128, sigma: 40 },
  }
  const image = sharp({
    create: { width: side, height: side, channels: 3, background: { r: 124, g: 58, b: 237 } },
  }).composite([{ input: { create: noise }, top: patch, left: patch }])
  return new Uint8Array(await (type === 'png' ? image.png() : image.jpeg({ quality: 90 })).toBuffer())
}

const outputs = (type: RasterType): OutputFormat[] => ['avif', 'webp', negotiateFormat('', type, WIDTH)]
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

const sources: { type: RasterType; side: number; bytes: Uint8Array }[] = []
for (const type of SOURCES) {
  for (const side of SIDES) {
    if (!LIGHTHOUSE_ONLY || (type === 'png' && side === 4000))
      sources.push({ type, side, bytes: await source(type, side) })
  }
}

const today = new Date().toISOString().slice(0, 10)
if (!LIGHTHOUSE_ONLY) await benchResizing()

/** Sections 1 and 2: resizing on Node and in workerd, written to the images section. */
async function benchResizing() {
  // 1. Node.
  const codec = createImageCodec()!
  const nodeRows: string[] = []
  for (const { type, side, bytes } of sources) {
    for (const format of outputs(type)) {
      const times: number[] = []
      let size = 0
      for (let i = 0; i < runs; i++) {
        const start = performance.now()
        const out = await codec.resize(bytes, inspectRaster(bytes, type), { width: WIDTH, quality: 75, format })
        times.push(performance.now() - start)
        size = out.byteLength
      }
      const row = `| ${type.toUpperCase()} ${side}² (${mb(bytes.byteLength)}) | ${format} | ${Math.round(median(times))} ms | ${kb(size)} |`
      console.log(`node ${row}`)
      nodeRows.push(row)
    }
  }

  // 2. workerd.
  const edgeDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-images-'))
  const edgeRows: string[] = []
  try {
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
      env: { ...process.env, BUILD_TARGET: 'cloudflare', NODE_ENV: 'production' },
      encoding: 'utf8',
    })
    if (build.status !== 0) throw new Error(`vite build failed:\n${build.stderr}`)
    const objects: Record<string, Uint8Array> = {}
    for (const { type, bytes } of sources) objects[keyOf(bytes, type)] = bytes
    putLocalR2(join(edgeDir, 'wrangler'), objects)
    const worker = await startWrangler(
      {
        // /_image reads no table; the database is never reached.
        DATABASE_URL: 'http://127.0.0.1:9',
        AUTH_SECRET: TEST_AUTH_SECRET,
        PLATFORM_FEE_RECIPIENT: DEVELOPMENT_FEE_RECIPIENT,
        PUBLIC_URL: 'https://vitrine.example',
      },
      { persistTo: join(edgeDir, 'wrangler') },
    )
    let quality = 40
    try {
      for (const { type, side, bytes } of sources) {
        for (const format of outputs(type)) {
          const accept = format === 'avif' ? CHROMIUM_ACCEPT : format === 'webp' ? 'image/webp' : 'image/*'
          const times: number[] = []
          let size = 0
          for (let i = 0; i < runs; i++) {
            const url = `${worker.url}/_image?url=/api/media/${keyOf(bytes, type)}&w=${WIDTH}&q=${quality++}`
            const start = performance.now()
            const response = await fetch(url, { headers: { accept } })
            const body = await response.arrayBuffer()
            times.push(performance.now() - start)
            if (response.headers.get('x-image-cache') !== 'miss') throw new Error(`${url}: not a fresh resize`)
            size = body.byteLength
          }
          const row = `| ${type.toUpperCase()} ${side}² (${mb(bytes.byteLength)}) | ${format} | ${Math.round(median(times))} ms | ${kb(size)} |`
          console.log(`workerd ${row}`)
          edgeRows.push(row)
        }
      }
    } finally {
      await worker.stop()
    }
  } finally {
    rmSync(edgeDir, { recursive: true, force: true })
  }

  writeSection(
    'images',
    `## Image resizing (\`npm run bench:images\`)

  Measured ${today} on this 2-core machine (shared), median of ${runs} runs, to ${WIDTH} px wide (a 375 px phone
  at 2×), quality 75, AVIF effort ${AVIF_EFFORT}. Sources are photo-like (a gradient with a noisy third).
  "Node" is the codec alone (sharp, in process); "workerd" is a whole \`/_image\` request to the built Worker
  under \`wrangler dev\`, its Images binding backed by sharp in Miniflare's Node process (production runs
  Cloudflare Images instead, outside the Worker's CPU time), source read from local R2, result written to R2
  and the Cache API. Miniflare's local binding ignores the quality asked for (production honours it).

  **Node (sharp)**

  | source | output | time | bytes |
  | --- | --- | ---: | ---: |
  ${nodeRows.join('\n')}

  **workerd (Images binding, local)**

  | source | output | time | bytes |
  | --- | --- | ---: | ---: |
  ${edgeRows.join('\n')}
  `,
  )
}

// 3. Lighthouse of an item page whose picture is a 4000 × 4000 PNG.
const dbFile = 'bench/.tmp/images-lighthouse.db'
mkdirSync('bench/.tmp', { recursive: true })
rmSync(dbFile, { force: true })
seedDatabase(dbFile)
const large = sources.find((s) => s.type === 'png' && s.side === 4000)!
const key = keyOf(large.bytes, 'png')
mkdirSync(MEDIA_DIR, { recursive: true })
writeFileSync(join(MEDIA_DIR, key), large.bytes)
const db = await openMigratedDatabase({ url: `file:${dbFile}` })
const [item] = await db.select({ id: nfts.id }).from(nfts).limit(1)
await db
  .update(nfts)
  .set({ image: `/api/media/${key}`, animationUrl: null })
  .where(eq(nfts.id, item!.id))
db.$client.close()

const server = await startProductionServer(dbFile)
const loadAverage = loadavg()
  .map((load) => load.toFixed(1))
  .join(' / ')
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
})
const scores = {
  performance: [] as number[],
  lcp: [] as number[],
  cls: [] as number[],
  pictureBytes: [] as number[],
  scriptBytes: [] as number[],
  phoneBytes: [] as number[],
}
try {
  // What a 375 px phone at 2× asks for (tests/edge/item-images.test.ts: the 750 px candidate), as Chromium.
  const phone = await fetch(`${server.url}/_image?url=${encodeURIComponent(`/api/media/${key}`)}&w=750&q=75`, {
    headers: { accept: CHROMIUM_ACCEPT },
  })
  scores.phoneBytes.push((await phone.arrayBuffer()).byteLength)
  for (let i = 0; i < runs; i++) {
    const result = await lighthouse(`${server.url}/item/${item!.id}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    })
    const lhr = result?.lhr
    if (!lhr) throw new Error('no Lighthouse result')
    scores.performance.push(Math.round((lhr.categories.performance?.score ?? 0) * 100))
    scores.lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN)
    scores.cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN)
    const requests = (
      lhr.audits['network-requests']?.details as
        { items?: { url: string; transferSize: number; resourceType?: string }[] } | undefined
    )?.items
    const picture = requests?.filter(
      (r) => r.url.includes(encodeURIComponent(`/api/media/${key}`)) && /w=(750|828)/.test(r.url),
    )
    scores.pictureBytes.push(picture?.[0]?.transferSize ?? NaN)
    const scripts = requests?.filter((r) => r.resourceType === 'Script') ?? []
    scores.scriptBytes.push(scripts.reduce((sum, r) => sum + r.transferSize, 0))
  }
} finally {
  chrome.kill()
  await server.stop()
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
writeSection(
  'images-lighthouse',
  `## Item page with a 4000 × 4000 PNG (\`npm run bench:images\`, Lighthouse mobile)

Measured ${today}, load average ${loadAverage} when Lighthouse began: Lighthouse (Moto G Power emulation,
simulated slow 4G, 4× CPU slowdown) on the Node production build, an item page whose picture is a
${mb(large.bytes.byteLength)} 4000 × 4000 PNG upload; median of ${runs} runs (LCP of each: ${scores.lcp.map(seconds).join(', ')}).
Targets: performance ≥ 95, LCP ≤ 2.0 s. The picture is a few KB and preloaded with the HTML. What LCP is
made of: Chromium's unthrottled run paints after the page's scripts have arrived, and Lighthouse's simulation
counts every script that finished before that paint as needed for it, so simulated LCP is the moment the
first-load JavaScript ("JS as sent") has come over a new slow-4G connection. It moves in steps of a round trip
(150 ms): a few KB more JavaScript can cost 150 ms. The Node server sends the Brotli copies of its scripts
made at build time (scripts/precompress-assets.ts); Cloudflare sends the Worker's Brotli-compressed too.

| performance | LCP | CLS | JS as sent | picture in Lighthouse's run (412 px at 1.75×) | picture for a 375 px phone (2×, AVIF) |
| ---: | ---: | ---: | ---: | ---: | ---: |
| ${median(scores.performance)} | ${seconds(median(scores.lcp))} | ${median(scores.cls).toFixed(3)} | ${kb(median(scores.scriptBytes))} | ${kb(median(scores.pictureBytes))} | ${kb(scores.phoneBytes[0]!)} (the PNG: ${mb(large.bytes.byteLength)}) |
`,
)
rmSync(join(MEDIA_DIR, key), { force: true })
console.log(scores)
