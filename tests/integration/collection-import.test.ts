/**
 * Importing a collection Vitrine did not write, by contract address, over REST and tRPC against
 * a real chain: the standard found by ERC-165, what the contract says of itself, the block it was
 * deployed in; each bad input a 4xx naming it with nothing written; a chain that does not answer
 * a 503; the rate limit; and a name imitating a verified collection flagged.
 */
import { eq, sql } from 'drizzle-orm'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collections, rateLimits } from '../../db/schema'
import { app } from '../../server/app'
import type { Runtime } from '../../server/platform/runtime'
import { startTestChain, testAccount } from '../support/chain'
import {
  deployForeignArt721,
  deployForeignEditions1155,
  deployForeignOnchain721,
  deployForeignPlain721,
} from '../support/foreign'
import { createTestRuntime } from '../support/runtime'
import { sessionCookie } from '../support/session'

let chain: Awaited<ReturnType<typeof startTestChain>>
let base: Awaited<ReturnType<typeof createTestRuntime>>
let runtime: Runtime
beforeAll(async () => {
  ;[chain, base] = await Promise.all([startTestChain(), createTestRuntime()])
  runtime = { ...base, env: { ...base.env, chains: [{ id: 31337, rpcUrl: chain.url, publicRpcUrl: chain.url }] } }
  // History before the contracts, so finding their deployment block is a real search.
  await chain.client.mine({ blocks: 300 })
}, 60_000)
afterAll(() => {
  base?.close()
  chain?.stop()
})

const ORIGIN = 'http://localhost:3000'
const importer = testAccount(4).address

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are JSON */
async function importOver(
  rt: Runtime,
  body: unknown,
  as: Address | null = importer,
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers = new Headers({ 'content-type': 'application/json' })
  if (as) headers.set('cookie', await sessionCookie(as.toLowerCase()))
  const response = await app.request(
    `${ORIGIN}/api/v1/collections/import`,
    { method: 'POST', headers, body: JSON.stringify(body) },
    rt,
  )
  return { status: response.status, body: await response.json(), headers: response.headers }
}

const rowOf = async (contract: Address) =>
  (await runtime.db.select().from(collections).where(eq(collections.contract, contract.toLowerCase())))[0]
const collectionCount = async () => Number((await runtime.db.get<[number]>(sql`select count(*) from collections`))[0])

describe('an ERC-721', () => {
  it('is imported (202) with what the contract says, its deployment block, unverified and pending', async () => {
    const art = await deployForeignArt721(chain.url, {
      name: 'Tidal Glyphs',
      symbol: 'TIDE',
      contractURI: 'ipfs://bafycontract/collection.json',
      royaltyBps: 650,
    })
    await chain.client.mine({ blocks: 5 })
    await art.mint(testAccount(1).address, 1n, 2n)

    const imported = await importOver(runtime, { chainId: 31337, contract: art.address.toLowerCase() })
    expect(imported.status, JSON.stringify(imported.body)).toBe(202)
    const head = Number(await chain.client.getBlockNumber())
    expect(imported.body.data).toMatchObject({
      slug: 'tidal-glyphs',
      name: 'Tidal Glyphs',
      contract: art.address,
      chainId: 31337,
      verified: false,
      imported: true,
      standard: 'erc721',
      creator: art.owner.address,
      creatorEarningsBps: 650,
      lookalikeOf: null,
      indexing: {
        status: 'pending',
        fromBlock: Number(art.deployBlock),
        indexedBlock: null,
        headBlock: head,
        tokens: 0,
      },
    })
    expect(await rowOf(art.address)).toMatchObject({
      source: 'imported',
      symbol: 'TIDE',
      contractOwner: art.owner.address.toLowerCase(),
      contractUri: 'ipfs://bafycontract/collection.json',
      royaltySource: 'eip2981',
      deployBlock: Number(art.deployBlock),
      importedBy: importer.toLowerCase(),
    })

    // Known now: 200 with the same collection, however the address is written, by anyone.
    const again = await importOver(
      runtime,
      { chainId: '31337', contract: art.address.toUpperCase().replace('0X', '0x') },
      testAccount(5).address,
    )
    expect(again.status).toBe(200)
    expect(again.body.data.slug).toBe('tidal-glyphs')
    expect((await runtime.db.select().from(collections).where(eq(collections.slug, 'tidal-glyphs'))).length).toBe(1)

    // The collection's own answer carries its indexing state.
    const read = await app.request(`${ORIGIN}/api/v1/collections/tidal-glyphs`, {}, runtime)
    expect(((await read.json()) as any).data.indexing).toMatchObject({ status: 'pending', tokens: 0 })
  })

  it('without EIP-2981, owner or contractURI: no creator earnings, and those fields empty', async () => {
    const plain = await deployForeignPlain721(chain.url, { name: 'Open Mint Pebbles', symbol: 'PBL' })
    const imported = await importOver(runtime, { chainId: 31337, contract: plain.address })
    expect(imported.status).toBe(202)
    // No owner: no creator to name (the row keeps the zero address; answers say null).
    expect(imported.body.data).toMatchObject({ creatorEarningsBps: 0, creator: null })
    expect(await rowOf(plain.address)).toMatchObject({
      royaltySource: 'none',
      contractOwner: null,
      contractUri: null,
      deployBlock: Number(plain.deployBlock),
    })
  })

  it('through tRPC, the same import answers whether it was created', async () => {
    const onchain = await deployForeignOnchain721(chain.url, { name: 'Drawn Here' })
    const call = async () => {
      const response = await app.request(
        `${ORIGIN}/api/trpc/collection.import`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: await sessionCookie(importer.toLowerCase()) },
          body: JSON.stringify({ chainId: 31337, contract: onchain.address }),
        },
        runtime,
      )
      return ((await response.json()) as any).result.data as { created: boolean; collection: { slug: string } }
    }
    expect(await call()).toMatchObject({ created: true, collection: { slug: 'drawn-here' } })
    expect(await call()).toMatchObject({ created: false, collection: { slug: 'drawn-here' } })
  })

  it('whose indexing failed and ran out of tries says why, and adding it again asks for a try now', async () => {
    const art = await deployForeignArt721(chain.url, { name: 'Stalled Tides' })
    expect((await importOver(runtime, { chainId: 31337, contract: art.address })).status).toBe(202)
    const error = 'The RPC refuses the logs of even one block (12): rate limited'
    await runtime.db
      .update(collections)
      .set({ indexStatus: 'failed', indexError: error, indexAttempts: 10, indexRetryAt: null })
      .where(eq(collections.contract, art.address.toLowerCase()))
    const read = async () =>
      ((await (await app.request(`${ORIGIN}/api/v1/collections/stalled-tides`, {}, runtime)).json()) as any).data
    expect((await read()).indexing).toMatchObject({ status: 'failed', error, retryAt: null })

    const before = Date.now()
    const again = await importOver(runtime, { chainId: 31337, contract: art.address }, testAccount(6).address)
    expect(again.status).toBe(200)
    const retryAt = Date.parse(again.body.data.indexing.retryAt)
    expect(retryAt).toBeGreaterThanOrEqual(before - 1_000)
    expect(retryAt).toBeLessThanOrEqual(Date.now() + 1_000)
    // Its failures still count: should this try fail too, it waits for someone to add it again.
    expect(await rowOf(art.address)).toMatchObject({ indexStatus: 'failed', indexAttempts: 10 })
    expect((await read()).indexing).toMatchObject({ status: 'failed', error })
  })
})

describe('an ERC-1155', () => {
  it('is detected by ERC-165, with its name, symbol and royalty', async () => {
    const editions = await deployForeignEditions1155(chain.url, { name: 'Harbour Editions', symbol: 'HED' })
    await editions.mint(testAccount(2).address, 3n, 10n)
    const imported = await importOver(runtime, { chainId: 31337, contract: editions.address })
    expect(imported.status).toBe(202)
    expect(imported.body.data).toMatchObject({
      slug: 'harbour-editions',
      standard: 'erc1155',
      creatorEarningsBps: 750,
      indexing: { status: 'pending', fromBlock: Number(editions.deployBlock) },
    })
    expect(await rowOf(editions.address)).toMatchObject({ symbol: 'HED', royaltySource: 'eip2981' })
  })
})

describe('bad input: a 4xx naming the problem, nothing written', () => {
  it('a wallet, an address without code, a contract that is not an NFT, a chain not indexed, a malformed body', async () => {
    const before = await collectionCount()
    const cases: [unknown, number, RegExp][] = [
      [{ chainId: 31337, contract: testAccount(0).address }, 400, /^contract: 0x\w+ is a wallet/],
      [{ chainId: 31337, contract: `0x${'5e'.repeat(20)}` }, 400, /^contract: there is no contract at 0x5E5e/i],
      [{ chainId: 31337, contract: chain.contracts.weth }, 400, /^contract: 0x\w+ is not an NFT contract/],
      [{ chainId: 1, contract: chain.contracts.weth }, 400, /^chainId: Vitrine does not index chain 1/],
      [{ chainId: 31337, contract: '0x1234' }, 400, /^contract: must be a 0x-prefixed/],
      [{ contract: chain.contracts.weth }, 400, /^chainId: /],
    ]
    for (const [body, status, message] of cases) {
      const answer = await importOver(runtime, body)
      expect(answer.status, JSON.stringify(body)).toBe(status)
      expect(answer.body.error.message, JSON.stringify(body)).toMatch(message)
    }
    const signedOut = await importOver(runtime, { chainId: 31337, contract: chain.contracts.weth }, null)
    expect(signedOut.status).toBe(401)
    expect(await collectionCount()).toBe(before)
  })

  it('a chain that does not answer is a 503, nothing written', async () => {
    const before = await collectionCount()
    const dead: Runtime = {
      ...runtime,
      env: {
        ...runtime.env,
        chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9', publicRpcUrl: 'http://127.0.0.1:9' }],
      },
    }
    const answer = await importOver(dead, { chainId: 31337, contract: `0x${'77'.repeat(20)}` })
    expect(answer.status).toBe(503)
    expect(answer.body.error.message).toMatch(/not answering/)
    expect(await collectionCount()).toBe(before)
  }, 20_000)
})

describe('rate limit', () => {
  it('refuses imports past RATE_LIMITS import with 429 and Retry-After', async () => {
    const limited: Runtime = {
      ...runtime,
      env: { ...runtime.env, rateLimits: { ...runtime.env.rateLimits, import: { limit: 2, windowMs: 600_000 } } },
    }
    await runtime.db.delete(rateLimits)
    const body = { chainId: 31337, contract: chain.contracts.weth }
    expect((await importOver(limited, body)).status).toBe(400)
    expect((await importOver(limited, body)).status).toBe(400)
    const refused = await importOver(limited, body)
    expect(refused.status).toBe(429)
    expect(refused.body.error.message).toMatch(/Too many collection imports/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('a name imitating a verified collection', () => {
  it('is flagged with the verified collection, an honest name is not', async () => {
    const [real] = await runtime.db
      .insert(collections)
      .values({
        slug: 'crystal-wolves',
        chainId: 31337,
        contract: `0x${'c1'.repeat(20)}`,
        name: 'Crystal Wolves',
        logoUrl: '/api/art/logo/cw.svg',
        bannerUrl: '/api/art/banner/cw.svg',
        category: 'art',
        creator: `0x${'c2'.repeat(20)}`,
        verified: true,
      })
      .returning({ id: collections.id })
    // Cyrillic "у" and "о", a zero, doubled spaces and a trailing dot, a word added.
    for (const name of ['CRYSTAL  WOLVES.', 'Crуstal W0lves', 'Crystal Wolfes', 'Crystal Wolves Official']) {
      const fake = await deployForeignArt721(chain.url, { name })
      const imported = await importOver(runtime, { chainId: 31337, contract: fake.address })
      expect(imported.body.data.lookalikeOf, name).toBe(real!.id)
      expect(imported.body.data.verified).toBe(false)
    }
    const honest = await deployForeignArt721(chain.url, { name: 'Crystal Harbour' })
    expect((await importOver(runtime, { chainId: 31337, contract: honest.address })).body.data.lookalikeOf).toBeNull()
  })
})
