/**
 * Imported tokens get their metadata from their own URI, read from the chain: ipfs:// through
 * the local IPFS-style gateway (real CIDs), ar:// through a second local server standing for
 * Arweave, http(s) from an allow-listed server, on-chain data: JSON (base64 and plain) with an
 * SVG image, and ERC-1155 `{id}` URIs. Traits land in the trait table. A URI that fails is
 * recorded with its reason and tried again later, and a token pointing at a private address
 * never reaches it. Anyone may ask for a refresh, a few times a minute.
 */
import { eq } from 'drizzle-orm'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dueMetadataQuery } from '../../db/market/metadata'
import { collections, nftAttributes, nfts } from '../../db/schema'
import { readDueMetadata, RETRY } from '../../server/metadata/queue'
import { nodeNetworkAccess } from '../../server/metadata/node-network'
import { app } from '../../server/app'
import { chainClient } from '../../server/platform/clients'
import { indexConfiguredChains } from '../../server/trading/indexing'
import { startTestChain, testAccount } from '../support/chain'
import {
  deployForeignArt721,
  deployForeignEditions1155,
  deployForeignOnchain721,
  deployForeignPlain721,
} from '../support/foreign'
import { countingRpc } from '../support/counting'
import { startHttpServer, type TestServer } from '../support/http-server'
import { startIpfsGateway, type IpfsGateway } from '../support/ipfs-gateway'
import { createTestRuntime } from '../support/runtime'

const HOLDER = testAccount(1).address
const ARWEAVE_TX = 'bNbA3TEQVL60xlgCcqdz4ZPHFZ711cZ3hmkpGttDt_U'

let chain: Awaited<ReturnType<typeof startTestChain>>
let gateway: IpfsGateway
let arweave: TestServer
let web: TestServer
let internal: TestServer
let runtime: Awaited<ReturnType<typeof createTestRuntime>>
let flakyAnswersJson = false

beforeAll(async () => {
  ;[chain, gateway] = await Promise.all([startTestChain(), startIpfsGateway()])
  arweave = await startHttpServer((req, res) => {
    if (req.url === `/${ARWEAVE_TX}/1`) {
      res.writeHead(200, { 'content-type': 'application/json' })
      return res.end(JSON.stringify({ name: 'Permanent #1', image: `ar://${ARWEAVE_TX}/1.png` }))
    }
    res.writeHead(404).end()
  })
  web = await startHttpServer((req, res) => {
    if (req.url === '/meta/1') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      return res.end(JSON.stringify({ name: 'From the web', description: 'Served over http(s).' }))
    }
    if (req.url === '/spoof/1') {
      res.writeHead(200, { 'content-type': 'application/json' })
      return res.end(
        JSON.stringify({
          name: 'Kiln Glazes\u202egnp.exe\u200b\u2066\u2069\ufeff\u0007\u009b',
          description: 'Glazed\u202e twice\u0000.\r\nFired once.',
          attributes: [{ trait_type: 'Kil\u200bn', value: 'Gas\u2067\u2069' }],
        }),
      )
    }
    if (req.url === '/flaky/1') {
      if (!flakyAnswersJson) {
        res.writeHead(200, { 'content-type': 'text/html' })
        return res.end('<!doctype html><title>Temporarily unavailable</title>')
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      return res.end(JSON.stringify({ name: 'Finally', attributes: [{ trait_type: 'Mood', value: 'Relieved' }] }))
    }
    res.writeHead(404).end()
  })
  // Inside "our network": not allow-listed, must never be contacted.
  internal = await startHttpServer((_, res) => res.end('{"name":"internal secret"}'))
  runtime = await createTestRuntime({
    CHAIN_RPC_URL: chain.url,
    IPFS_GATEWAY: gateway.gatewayUrl,
    ARWEAVE_GATEWAY: `${arweave.origin}/`,
    FETCH_ALLOW_HOSTS: [gateway.host, arweave.host, web.host].join(','),
    RATE_LIMITS: 'refresh-metadata=3/1m',
  })
}, 120_000)

afterAll(async () => {
  runtime?.close()
  await Promise.all([chain?.stop(), gateway?.stop(), arweave?.stop(), web?.stop(), internal?.stop()])
})

let slugs = 0
/** An imported collection's row and pending token rows, as the import and the backfill leave them. */
async function imported(contract: Address, standard: 'erc721' | 'erc1155', tokenIds: bigint[], due = new Date()) {
  const [collection] = await runtime.db
    .insert(collections)
    .values({
      slug: `imported-${++slugs}`,
      chainId: 31337,
      contract: contract.toLowerCase(),
      name: `Imported ${slugs}`,
      logoUrl: '',
      bannerUrl: '',
      category: 'art',
      creator: HOLDER.toLowerCase(),
      standard,
      source: 'imported',
      indexStatus: 'following',
    })
    .returning({ id: collections.id })
  const rows = await runtime.db
    .insert(nfts)
    .values(
      tokenIds.map((tokenId) => ({
        collectionId: collection!.id,
        chainId: 31337,
        contract: contract.toLowerCase(),
        tokenId: tokenId.toString(),
        name: `#${tokenId}`,
        image: `/api/art/nft/imported-${slugs}/${tokenId}.svg`,
        owner: HOLDER.toLowerCase(),
        creator: HOLDER.toLowerCase(),
        category: 'art' as const,
        addDate: new Date(),
        metadataStatus: 'pending' as const,
        metadataNextAttemptAt: due,
      })),
    )
    .returning({ id: nfts.id })
  return rows.map((r) => r.id)
}

const token = async (id: number) => (await runtime.db.select().from(nfts).where(eq(nfts.id, id)))[0]!
const traitRows = async (id: number) =>
  (await runtime.db.select().from(nftAttributes).where(eq(nftAttributes.nftId, id))).map((r) => [r.traitType, r.value])

const readQueue = (now = new Date()) =>
  readDueMetadata(runtime, {
    chainId: 31337,
    client: chainClient(runtime.env, 31337)!,
    network: nodeNetworkAccess,
    now: () => now,
  })

/** Drains the queue (what the indexer's rounds do over time). */
async function drain(now = new Date()) {
  const total = { read: 0, failed: 0 }
  for (;;) {
    const run = await readQueue(now)
    if (run.read + run.failed === 0) return total
    total.read += run.read
    total.failed += run.failed
  }
}

describe('reading metadata from token URIs', () => {
  it('ipfs://<cid>/<path> and ipfs://ipfs/<cid>/ through the gateway, traits into the trait table, unsafe links dropped', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>'
    const images = await gateway.addDirectory({ '1.svg': svg })
    const realDir = await gateway.addDirectory({
      // Named without an extension, as most collections do: the gateway serves it as text/plain.
      '1': JSON.stringify({
        name: 'Ember #1',
        description: 'A warm one.',
        image: `ipfs://${images}/1.svg`,
        external_url: 'javascript:alert(document.cookie)',
        animation_url: 'http://169.254.169.254/latest/meta-data/',
        attributes: [
          { trait_type: 'Level', value: 5 },
          { trait_type: 'Background', value: 'Red' },
          { trait_type: 'Shiny', value: true },
          { value: 'no trait type' },
          { trait_type: 'Background', value: 'a second Background is ignored' },
        ],
      }),
      '2': JSON.stringify({ name: 'x'.repeat(5_000), description: 'd'.repeat(20_000) }),
    })
    const art = await deployForeignArt721(chain.url, { baseURI: `ipfs://${realDir}/` })
    await art.mint(HOLDER, 1n, 2n)
    const other = await deployForeignArt721(chain.url, { baseURI: `ipfs://ipfs/${realDir}/` })
    await other.mint(HOLDER, 2n, 1n)
    const [one, two] = await imported(art.address, 'erc721', [1n, 2n])
    const [viaPrefix] = await imported(other.address, 'erc721', [2n])

    expect(await drain()).toEqual({ read: 3, failed: 0 })
    const first = await token(one!)
    expect(first).toMatchObject({
      name: 'Ember #1',
      description: 'A warm one.',
      image: `${gateway.gatewayUrl}${images}/1.svg`,
      externalUrl: null,
      animationUrl: null,
      tokenUri: `ipfs://${realDir}/1`,
      metadataStatus: 'ok',
      metadataError: null,
      metadataNextAttemptAt: null,
      attributes: [
        { trait_type: 'Background', value: 'Red' },
        { trait_type: 'Level', value: '5' },
        { trait_type: 'Shiny', value: 'true' },
      ],
    })
    expect(await traitRows(one!)).toEqual(
      expect.arrayContaining([
        ['Background', 'Red'],
        ['Level', '5'],
        ['Shiny', 'true'],
      ]),
    )
    expect((await fetch(first.image)).headers.get('content-type')).toBe('image/svg+xml')
    const long = await token(two!)
    expect(long.name).toHaveLength(200)
    expect(long.description).toHaveLength(5_000)
    expect((await token(viaPrefix!)).name).toBe('x'.repeat(200))
  })

  it('ar:// through ARWEAVE_GATEWAY, and http(s) from an allow-listed server', async () => {
    const permanent = await deployForeignArt721(chain.url, { baseURI: `ar://${ARWEAVE_TX}/` })
    await permanent.mint(HOLDER, 1n)
    const plain = await deployForeignPlain721(chain.url, { baseURI: `${web.origin}/meta/` })
    await plain.mint(HOLDER, 1n)
    const [ar] = await imported(permanent.address, 'erc721', [1n])
    const [http] = await imported(plain.address, 'erc721', [1n])
    expect(await drain()).toEqual({ read: 2, failed: 0 })
    expect(await token(ar!)).toMatchObject({ name: 'Permanent #1', image: `${arweave.origin}/${ARWEAVE_TX}/1.png` })
    const fromWeb = await token(http!)
    expect(fromWeb).toMatchObject({ name: 'From the web', description: 'Served over http(s).', metadataStatus: 'ok' })
    // No image in the metadata: the drawn art stays.
    expect(fromWeb.image).toMatch(/^\/api\/art\/nft\//)
  })

  it('names, descriptions and traits are stored and answered without control, bidi or zero-width characters', async () => {
    const spoof = await deployForeignPlain721(chain.url, { baseURI: `${web.origin}/spoof/` })
    await spoof.mint(HOLDER, 1n)
    const [id] = await imported(spoof.address, 'erc721', [1n])
    expect(await drain()).toEqual({ read: 1, failed: 0 })
    const clean = { name: 'Kiln Glazesgnp.exe', description: 'Glazed twice .\nFired once.' }
    expect(await token(id!)).toMatchObject({ ...clean, attributes: [{ trait_type: 'Kiln', value: 'Gas' }] })
    expect(await traitRows(id!)).toEqual([['Kiln', 'Gas']])
    const answer = await app.request(`http://localhost:3000/api/v1/nfts/${id}`, {}, runtime)
    expect(((await answer.json()) as { data: unknown }).data).toMatchObject(clean)
  })

  it('on-chain data: JSON, base64 and plain, with its SVG image kept as a data: URI', async () => {
    const onchain = await deployForeignOnchain721(chain.url)
    await onchain.mint(HOLDER, 1n, 2n)
    const [odd, even] = await imported(onchain.address, 'erc721', [1n, 2n])
    expect(await drain()).toEqual({ read: 2, failed: 0 })
    for (const [id, tokenId] of [
      [odd!, 1],
      [even!, 2],
    ] as const) {
      const row = await token(id)
      expect(row).toMatchObject({
        name: `Foreign Onchain #${tokenId}`,
        description: 'Drawn on chain.',
        metadataStatus: 'ok',
      })
      expect(row.image).toMatch(/^data:image\/svg\+xml;base64,/)
      expect(atob(row.image.split(',')[1]!)).toContain(`hsl(${(tokenId * 47) % 360},70%,50%)`)
      expect(await traitRows(id)).toEqual([['Hue', String((tokenId * 47) % 360)]])
    }
  })

  it('ERC-1155 uri with {id}: 64 lowercase hex digits, zero-padded', async () => {
    const id = 0xabcn
    const file = `${id.toString(16).padStart(64, '0')}.json`
    const dir = await gateway.addDirectory({
      [file]: JSON.stringify({ name: 'Edition 2748', attributes: [{ trait_type: 'Edition', value: 2748 }] }),
    })
    const editions = await deployForeignEditions1155(chain.url, { uri: `ipfs://${dir}/{id}.json` })
    await editions.mint(HOLDER, id, 5n)
    const [edition] = await imported(editions.address, 'erc1155', [id])
    expect(await drain()).toEqual({ read: 1, failed: 0 })
    expect(await token(edition!)).toMatchObject({
      name: 'Edition 2748',
      tokenUri: `ipfs://${dir}/${file}`,
      metadataStatus: 'ok',
    })
    expect(await traitRows(edition!)).toEqual([['Edition', '2748']])
  })
})

describe('the indexer', () => {
  it("finds due tokens through the queue index, not by walking a chain's tokens", async () => {
    const query = dueMetadataQuery(runtime.db, { chainId: 31337, now: new Date(), limit: 8 }).toSQL()
    const plan = await runtime.db.$client.execute({
      sql: `explain query plan ${query.sql}`,
      args: query.params as never[],
    })
    expect(plan.rows.map((row) => String(row.detail)).join('\n')).toMatch(
      /SEARCH n(fts)? USING INDEX nfts_metadata_queue_idx \(metadata_next_attempt_at<\?\)/,
    )
  })

  it("a round backfills an imported collection's tokens and then reads their metadata", async () => {
    const dir = await gateway.addDirectory({
      '1': JSON.stringify({ name: 'Indexed #1', attributes: [{ trait_type: 'Eyes', value: 'Green' }] }),
    })
    const art = await deployForeignArt721(chain.url, { baseURI: `ipfs://${dir}/` })
    await art.mint(HOLDER, 1n)
    await runtime.db.insert(collections).values({
      slug: 'indexed',
      chainId: 31337,
      contract: art.address.toLowerCase(),
      name: 'Indexed',
      logoUrl: '',
      bannerUrl: '',
      category: 'art',
      creator: HOLDER.toLowerCase(),
      source: 'imported',
      indexStatus: 'pending',
      deployBlock: Number(art.deployBlock),
    })
    const row = async () =>
      (await runtime.db.select().from(nfts).where(eq(nfts.contract, art.address.toLowerCase())))[0]
    // The first round starts the main indexer's cursor; the backfill and the metadata follow.
    for (let round = 0; round < 5 && (await row())?.metadataStatus !== 'ok'; round++) {
      await indexConfiguredChains(runtime, 31337)
    }
    expect(await row()).toMatchObject({
      tokenId: '1',
      owner: HOLDER.toLowerCase(),
      name: 'Indexed #1',
      metadataStatus: 'ok',
      attributes: [{ trait_type: 'Eyes', value: 'Green' }],
    })
  })
})

describe('failures', () => {
  it('a URI answering HTML is recorded with its reason, retried after the backoff, and then succeeds', async () => {
    const flaky = await deployForeignPlain721(chain.url, { baseURI: `${web.origin}/flaky/` })
    await flaky.mint(HOLDER, 1n)
    const t0 = new Date()
    const [id] = await imported(flaky.address, 'erc721', [1n], t0)
    expect(await readQueue(t0)).toEqual({ read: 0, failed: 1 })
    const failed = await token(id!)
    expect(failed).toMatchObject({
      name: '#1',
      metadataStatus: 'pending',
      metadataError: 'not JSON (text/html)',
      metadataAttempts: 1,
      tokenUri: `${web.origin}/flaky/1`,
    })
    expect(failed.metadataNextAttemptAt!.getTime()).toBe(t0.getTime() + RETRY.baseMs)

    // Not due yet: nothing is read.
    flakyAnswersJson = true
    expect(await readQueue(new Date(t0.getTime() + RETRY.baseMs - 1_000))).toEqual({ read: 0, failed: 0 })
    expect(await readQueue(new Date(t0.getTime() + RETRY.baseMs))).toEqual({ read: 1, failed: 0 })
    expect(await token(id!)).toMatchObject({
      name: 'Finally',
      metadataStatus: 'ok',
      metadataError: null,
      metadataAttempts: 0,
      attributes: [{ trait_type: 'Mood', value: 'Relieved' }],
    })
  })

  it('a token pointing at 127.0.0.1 or 169.254.169.254 is refused with the reason, and nothing is fetched from there', async () => {
    const local = await deployForeignPlain721(chain.url, { baseURI: `http://127.0.0.1:${internal.port}/` })
    await local.mint(HOLDER, 1n)
    const cloud = await deployForeignPlain721(chain.url, { baseURI: 'http://169.254.169.254/latest/meta-data/' })
    await cloud.mint(HOLDER, 1n)
    const missing = await deployForeignArt721(chain.url, { baseURI: `ipfs://${await gateway.add('x')}/` })
    await missing.mint(HOLDER, 1n)
    const [a] = await imported(local.address, 'erc721', [1n])
    const [b] = await imported(cloud.address, 'erc721', [1n])
    const unminted = await deployForeignPlain721(chain.url)
    const [c] = await imported(missing.address, 'erc721', [1n])
    // Token 5 was never minted: tokenURI reverts.
    const [d] = await imported(unminted.address, 'erc721', [5n])
    expect(await drain()).toEqual({ read: 0, failed: 4 })
    expect((await token(a!)).metadataError).toBe('private address 127.0.0.1 refused')
    expect((await token(b!)).metadataError).toBe('private address 169.254.169.254 refused')
    expect((await token(c!)).metadataError).toBe(`HTTP 404 from ${gateway.host}`)
    expect((await token(d!)).metadataError).toMatch(/^tokenURI reverted/)
    expect(internal.requests).toEqual([])
  })

  it('reads the URIs of a batch in one Multicall3 call; a token that reverts fails alone', async () => {
    const documents = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [String(i + 1), JSON.stringify({ name: `Batch #${i + 1}` })]),
    )
    const art = await deployForeignArt721(chain.url, { baseURI: `ipfs://${await gateway.addDirectory(documents)}/` })
    await art.mint(HOLDER, 1n, 20n)
    // Token 99 was never minted: its tokenURI reverts, in the batch and alone.
    const ids = await imported(art.address, 'erc721', [...Array.from({ length: 20 }, (_, i) => BigInt(i + 1)), 99n])
    const rpc = await countingRpc(chain.url)
    try {
      const client = chainClient(
        { ...runtime.env, chains: [{ id: 31337, rpcUrl: rpc.url, publicRpcUrl: rpc.url }] },
        31337,
      )!
      const run = await readDueMetadata(runtime, { chainId: 31337, client, network: nodeNetworkAccess })
      expect(run).toEqual({ read: 20, failed: 1 })
      // One aggregate3 for the 21 tokens, and the failed one asked again alone.
      expect(rpc.counts.methods).toEqual({ eth_call: 2 })
    } finally {
      rpc.close()
    }
    expect((await token(ids[0]!)).name).toBe('Batch #1')
    expect((await token(ids[19]!)).name).toBe('Batch #20')
    expect((await token(ids[20]!)).metadataError).toMatch(/^tokenURI reverted/)
  })

  it(`gives up after ${RETRY.maxAttempts} attempts: failed, until a refresh`, async () => {
    const cloud = await deployForeignPlain721(chain.url, { baseURI: 'http://169.254.169.254/' })
    await cloud.mint(HOLDER, 1n)
    const [id] = await imported(cloud.address, 'erc721', [1n])
    await runtime.db
      .update(nfts)
      .set({ metadataAttempts: RETRY.maxAttempts - 1 })
      .where(eq(nfts.id, id!))
    await readQueue()
    expect(await token(id!)).toMatchObject({
      metadataStatus: 'failed',
      metadataAttempts: RETRY.maxAttempts,
      metadataNextAttemptAt: null,
      name: '#1',
    })
  })
})

describe('Refresh metadata', () => {
  const refresh = (id: number | string) =>
    app.request(
      'http://localhost:3000/api/trpc/nft.refreshMetadata',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) },
      runtime,
    )

  it('requeues a failed token now; the detail says so; only imported tokens; rate-limited', async () => {
    const cloud = await deployForeignPlain721(chain.url, { baseURI: 'http://169.254.169.254/' })
    await cloud.mint(HOLDER, 1n)
    const [id] = await imported(cloud.address, 'erc721', [1n])
    await runtime.db
      .update(nfts)
      .set({
        metadataStatus: 'failed',
        metadataAttempts: RETRY.maxAttempts,
        metadataNextAttemptAt: null,
        metadataError: 'redirect loop',
      })
      .where(eq(nfts.id, id!))

    const before = (await (await app.request(`http://localhost:3000/api/v1/nfts/${id}`, {}, runtime)).json()) as {
      data: { metadata: unknown }
    }
    expect(before.data.metadata).toEqual({
      status: 'failed',
      error: 'redirect loop',
      nextAttemptAt: null,
      refreshable: true,
    })

    const queued = await refresh(id!)
    expect(queued.status).toBe(200)
    const row = await token(id!)
    expect(row).toMatchObject({ metadataStatus: 'pending', metadataAttempts: 0 })
    expect(row.metadataNextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now())

    // A token Vitrine minted keeps its stored metadata: nothing to refresh.
    const [own] = await runtime.db
      .insert(collections)
      .values({
        slug: 'own',
        chainId: 31337,
        contract: '0x' + '1'.repeat(40),
        name: 'Own',
        logoUrl: '',
        bannerUrl: '',
        category: 'art',
        creator: HOLDER.toLowerCase(),
      })
      .returning({ id: collections.id })
    const [ownNft] = await runtime.db
      .insert(nfts)
      .values({
        collectionId: own!.id,
        chainId: 31337,
        contract: '0x' + '1'.repeat(40),
        tokenId: '1',
        name: 'Mine',
        image: '',
        owner: HOLDER.toLowerCase(),
        creator: HOLDER.toLowerCase(),
        category: 'art',
        addDate: new Date(),
      })
      .returning({ id: nfts.id })
    const refused = await refresh(ownNft!.id)
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('created on Vitrine')
    expect((await token(ownNft!.id)).metadataStatus).toBe('ok')

    // The limit is 3 a minute (this file's RATE_LIMITS): the fourth is refused with Retry-After.
    expect((await refresh(id!)).status).toBe(200)
    const limited = await refresh(id!)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
