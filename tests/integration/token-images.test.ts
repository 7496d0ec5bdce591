/**
 * Imported tokens' pictures are brought home when their metadata is read: fetched once through
 * safeFetch, judged by their bytes, stored under their SHA-256 and shown from /api/media; read
 * again (a new picture under a new key) when the metadata is refreshed. A picture that is not
 * one fails the read with its reason and stores nothing; one at a private address is never asked.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestMetadataRefresh } from '../../db/market/metadata'
import { collections, nfts } from '../../db/schema'
import { app } from '../../server/app'
import { handleImage } from '../../server/image'
import { contentTypeOfKey } from '../../server/media/keys'
import { folderStore } from '../../server/media/store'
import { MAX_SVG_DEPTH } from '../../server/media/svg'
import { nodeNetworkAccess } from '../../server/metadata/node-network'
import { readDueMetadata } from '../../server/metadata/queue'
import type { Runtime } from '../../server/platform/runtime'
import { chainClient } from '../../server/platform/clients'
import { startTestChain, testAccount } from '../support/chain'
import { deployForeignPlain721 } from '../support/foreign'
import { startHttpServer, type TestServer } from '../support/http-server'
import { samplePicture } from '../support/images'
import { createTestRuntime } from '../support/runtime'

const HOLDER = testAccount(1).address.toLowerCase()
/** The start of an MP4 (ftyp box, isom brand): what the content check reads. */
const MP4 = new Uint8Array([
  0,
  0,
  0,
  24,
  ...new TextEncoder().encode('ftypisom'),
  0,
  0,
  2,
  0,
  ...new TextEncoder().encode('isomiso2'),
])
const dir = mkdtempSync(join(tmpdir(), 'vitrine-token-images-'))
let chain: Awaited<ReturnType<typeof startTestChain>>
let web: TestServer
let internal: TestServer
let runtime: Runtime & { close: () => void }
/** What the token's server answers for its picture, by token id. */
const pictures = new Map<string, { type: string; bytes: Uint8Array }>()
/** What its metadata names as the image, by token id (default: the picture on the server). */
const imageOf = new Map<string, string>()
/** What its metadata names as animation_url, by token id (default: none). */
const animationOf = new Map<string, string>()

beforeAll(async () => {
  chain = await startTestChain()
  // Inside "our network": not allow-listed, must never be contacted.
  internal = await startHttpServer((_, res) => res.writeHead(200, { 'content-type': 'image/png' }).end('secret'))
  web = await startHttpServer((req, res) => {
    const [, kind, id = ''] = req.url?.split('/') ?? []
    if (kind === 'meta') {
      res.writeHead(200, { 'content-type': 'application/json' })
      const animation_url = animationOf.get(id)
      return res.end(
        JSON.stringify({ name: `Picture ${id}`, image: imageOf.get(id) ?? `${web.origin}/img/${id}`, animation_url }),
      )
    }
    if (kind === 'video' && id === '1') return res.writeHead(200, { 'content-type': 'video/mp4' }).end(MP4)
    if (kind === 'page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<canvas></canvas>')
    const picture = kind === 'img' ? pictures.get(id) : undefined
    if (!picture) return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': picture.type }).end(picture.bytes)
  })
  const base = await createTestRuntime({ CHAIN_RPC_URL: chain.url, FETCH_ALLOW_HOSTS: web.host })
  runtime = { ...base, media: folderStore(dir, contentTypeOfKey) }
}, 120_000)

afterAll(async () => {
  runtime?.close()
  rmSync(dir, { recursive: true, force: true })
  await Promise.all([chain?.stop(), web?.stop(), internal?.stop()])
})

let contract: Address
let collectionId: number
const tokenIds: Record<string, number> = {}

beforeAll(async () => {
  const plain = await deployForeignPlain721(chain.url, { baseURI: `${web.origin}/meta/` })
  await plain.mint(testAccount(1).address, 1n, 7n)
  contract = plain.address
  const [collection] = await runtime.db
    .insert(collections)
    .values({
      slug: 'pictures',
      chainId: 31337,
      contract: contract.toLowerCase(),
      name: 'Pictures',
      logoUrl: '',
      bannerUrl: '',
      category: 'art',
      creator: HOLDER,
      standard: 'erc721',
      source: 'imported',
      indexStatus: 'following',
    })
    .returning({ id: collections.id })
  collectionId = collection!.id
  for (let id = 1; id <= 7; id++) {
    const [row] = await runtime.db
      .insert(nfts)
      .values({
        collectionId,
        chainId: 31337,
        contract: contract.toLowerCase(),
        tokenId: String(id),
        name: `#${id}`,
        image: `/api/art/nft/pictures/${id}.svg`,
        owner: HOLDER,
        creator: HOLDER,
        category: 'art',
        addDate: new Date(),
        metadataStatus: 'ok',
      })
      .returning({ id: nfts.id })
    tokenIds[String(id)] = row!.id
  }
}, 120_000)

const token = async (id: string) => (await runtime.db.select().from(nfts).where(eq(nfts.id, tokenIds[id]!)))[0]!
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const stored = () => readdirSync(dir).sort()

/** Refreshes the token's metadata and reads it, as the indexer's round would. */
async function refresh(id: string) {
  await requestMetadataRefresh(runtime.db, tokenIds[id]!)
  return readDueMetadata(runtime, {
    chainId: 31337,
    client: chainClient(runtime.env, 31337)!,
    network: nodeNetworkAccess,
  })
}

describe("an imported token's picture", () => {
  it('is fetched once when the metadata is read, stored by content hash and shown from /api/media', async () => {
    const png = await samplePicture('png', 1200, 1200)
    pictures.set('1', { type: 'image/png', bytes: png })
    const requestsBefore = web.requests.length
    expect(await refresh('1')).toEqual({ read: 1, failed: 0 })
    const row = await token('1')
    expect(row).toMatchObject({ name: 'Picture 1', metadataStatus: 'ok', image: `/api/media/${sha256(png)}.png` })
    expect(web.requests.slice(requestsBefore)).toEqual(['/meta/1', '/img/1'])
    expect(stored()).toContain(`${sha256(png)}.png`)
    // Served from our store and resized there: the token's server is not asked again.
    const served = await app.request(row.image, undefined, runtime)
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png)
    const sized = await handleImage(
      new Request(`http://localhost/_image?url=${row.image}&w=640`, { headers: { accept: 'image/avif' } }),
      async (own) => app.request(own, undefined, runtime),
      { codec: runtime.imageCodec ?? (await import('#media/resize')).createImageCodec() },
    )
    expect(sized.headers.get('content-type')).toBe('image/avif')
    expect(web.requests.slice(requestsBefore)).toEqual(['/meta/1', '/img/1'])
  })

  it('is read again when the metadata is refreshed: a new picture is stored under its new hash', async () => {
    const before = (await token('1')).image
    const jpeg = await samplePicture('jpg', 800, 800)
    pictures.set('1', { type: 'image/jpeg', bytes: jpeg })
    expect(await refresh('1')).toEqual({ read: 1, failed: 0 })
    const after = (await token('1')).image
    expect(after).toBe(`/api/media/${sha256(jpeg)}.jpg`)
    expect(after).not.toBe(before)
    // The same picture again is the same file, stored once.
    const files = stored().length
    expect(await refresh('1')).toEqual({ read: 1, failed: 0 })
    expect((await token('1')).image).toBe(after)
    expect(stored().length).toBe(files)
  })

  it('is judged by its bytes, not by the type its server claims', async () => {
    const webp = await samplePicture('webp', 400, 400)
    pictures.set('2', { type: 'image/png', bytes: webp })
    expect(await refresh('2')).toEqual({ read: 1, failed: 0 })
    expect((await token('2')).image).toBe(`/api/media/${sha256(webp)}.webp`)
  })

  it('an on-chain SVG (data: URI) is sanitised and stored like an upload', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><metadata>x</metadata><rect width="4" height="4" fill="#123"/></svg>'
    imageOf.set('3', `data:image/svg+xml;base64,${btoa(svg)}`)
    expect(await refresh('3')).toEqual({ read: 1, failed: 0 })
    const row = await token('3')
    expect(row.image).toMatch(/^\/api\/media\/[0-9a-f]{64}\.svg$/)
    const served = await app.request(row.image, undefined, runtime)
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(await served.text()).not.toContain('<metadata>')
  })

  it.each([
    [
      'a web page',
      '4',
      () => pictures.set('4', { type: 'text/html', bytes: new TextEncoder().encode('<h1>hi</h1>') }),
      'image: not an image (text/html)',
    ],
    [
      'text claiming to be a PNG',
      '5',
      () => pictures.set('5', { type: 'image/png', bytes: new TextEncoder().encode('not a picture') }),
      'image: is not a PNG, JPEG, GIF, WebP, AVIF, MP4 or SVG file',
    ],
    [
      'an SVG of 5,000 nested groups',
      '7',
      () =>
        pictures.set('7', {
          type: 'image/svg+xml',
          bytes: new TextEncoder().encode(
            `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(5000)}${'</g>'.repeat(5000)}</svg>`,
          ),
        }),
      `image: is an SVG that is not accepted: it nests elements deeper than ${MAX_SVG_DEPTH} levels`,
    ],
  ])(
    'when it is %s: the name is stored, the picture is tried again with the reason, nothing is stored',
    async (_, id, arrange, reason) => {
      arrange()
      const files = stored()
      const internalBefore = internal.requests.length
      expect(await refresh(id)).toEqual({ read: 0, failed: 1 })
      const row = await token(id)
      expect(row.name).toBe(`Picture ${id}`)
      expect(row.metadataStatus).toBe('pending')
      expect(row.metadataNextAttemptAt!.getTime()).toBeGreaterThan(Date.now())
      expect(row.metadataError).toContain(reason)
      expect(row.image).toBe(`/api/art/nft/pictures/${id}.svg`)
      expect(stored()).toEqual(files)
      expect(internal.requests.length).toBe(internalBefore)
    },
  )

  it('at a private address is never fetched: the metadata is kept and the drawn art stays', async () => {
    imageOf.set('6', `${internal.origin}/img/6`)
    const files = stored()
    expect(await refresh('6')).toEqual({ read: 1, failed: 0 })
    expect(await token('6')).toMatchObject({ name: 'Picture 6', image: '/api/art/nft/pictures/6.svg' })
    expect(stored()).toEqual(files)
    expect(internal.requests).toEqual([])
  })

  it('an MP4 animation_url is brought home too; one that is a web page stays as named and is not played', async () => {
    animationOf.set('2', `${web.origin}/video/1`)
    expect(await refresh('2')).toEqual({ read: 1, failed: 0 })
    expect((await token('2')).animationUrl).toBe(`/api/media/${sha256(MP4)}.mp4`)
    animationOf.set('2', `${web.origin}/page/2`)
    expect(await refresh('2')).toEqual({ read: 1, failed: 0 })
    expect(await token('2')).toMatchObject({ metadataStatus: 'ok', animationUrl: `${web.origin}/page/2` })
  })
})
