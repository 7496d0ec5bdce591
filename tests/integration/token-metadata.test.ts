/**
 * What a wallet or an indexer finds by reading the chain `npm run dev` prepares: every seeded
 * token's `tokenURI` and every seeded collection's `contractURI` (ERC-7572) are absolute URLs on
 * the site's origin that answer metadata JSON valid against the standards' schemas (checked with
 * ajv), whose images answer as images; a dev server on another port moves them; only the
 * collection's owner may change them.
 */
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { eq } from 'drizzle-orm'
import { BaseError, ContractFunctionRevertedError, parseEventLogs, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vitrineCollectionAbi } from '../../chain/artifacts/VitrineCollection'
import { LOCAL_COLLECTIONS, seedLocalMarket, syncLocalChain } from '../../chain/local-market'
import { collections, nfts } from '../../db/schema'
import { app } from '../../server/app'
import { UNTRUSTED_CONTENT_POLICY } from '../../server/media/untrusted'
import { startTestChain, testAccount } from '../support/chain'
import { createTestRuntime } from '../support/runtime'

/** EIP-721's "ERC721 Metadata JSON Schema", with the `attributes` array wallets read traits from. */
const erc721MetadataSchema = {
  title: 'Asset Metadata',
  type: 'object',
  required: ['name', 'description', 'image'],
  properties: {
    name: { type: 'string', description: 'Identifies the asset to which this NFT represents' },
    description: { type: 'string', description: 'Describes the asset to which this NFT represents' },
    image: { type: 'string', format: 'uri', description: 'A URI pointing to a resource with mime type image/*' },
    attributes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['trait_type', 'value'],
        properties: { trait_type: { type: 'string' }, value: { type: ['string', 'number'] } },
      },
    },
  },
}

/** ERC-7572's contract-level metadata: name required, the suggested fields typed. */
const erc7572Schema = {
  type: 'object',
  required: ['name', 'image'],
  properties: {
    name: { type: 'string', minLength: 1 },
    symbol: { type: 'string' },
    description: { type: 'string' },
    image: { type: 'string', format: 'uri' },
    banner_image: { type: 'string', format: 'uri' },
    featured_image: { type: 'string', format: 'uri' },
    external_link: { type: 'string', format: 'uri' },
    collaborators: { type: 'array', items: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' } },
  },
}

const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true })
addFormats(ajv)
const validToken = ajv.compile(erc721MetadataSchema)
const validCollection = ajv.compile(erc7572Schema)

let chain: Awaited<ReturnType<typeof startTestChain>>
let runtime: Awaited<ReturnType<typeof createTestRuntime>>
let origin: string
beforeAll(async () => {
  chain = await startTestChain()
  runtime = await createTestRuntime()
  origin = runtime.env.siteOrigins[0]!
  await seedLocalMarket(runtime.db, runtime.env.platformFee)
  await syncLocalChain(runtime.db, chain.url, runtime.env.platformFee, origin)
}, 120_000)
afterAll(async () => {
  runtime?.close()
  await chain?.stop()
})

const read = (address: string, functionName: 'contractURI' | 'baseURI') =>
  chain.client.readContract({ address: address as Address, abi: vitrineCollectionAbi, functionName })
const tokenUriOf = (address: string, tokenId: string) =>
  chain.client.readContract({
    address: address as Address,
    abi: vitrineCollectionAbi,
    functionName: 'tokenURI',
    args: [BigInt(tokenId)],
  })

/** Fetches an absolute URL from the app, as a wallet would from the site. */
async function fetchJson(url: string) {
  expect(url.startsWith(`${origin}/`), url).toBe(true)
  const response = await app.request(url, {}, runtime)
  expect(response.status, url).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  expect(response.headers.get('content-security-policy')).toBe(UNTRUSTED_CONTENT_POLICY)
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  return (await response.json()) as Record<string, unknown>
}

async function expectImage(url: unknown) {
  expect(typeof url === 'string' && url.startsWith(`${origin}/`), String(url)).toBe(true)
  const response = await app.request(url as string, {}, runtime)
  expect(response.status, url as string).toBe(200)
  expect(response.headers.get('content-type'), url as string).toMatch(/^image\//)
}

async function revertName(call: Promise<unknown>): Promise<string | undefined> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof BaseError)) throw new Error('expected the call to revert')
  const revert = error.walk((e) => e instanceof ContractFunctionRevertedError)
  return revert instanceof ContractFunctionRevertedError ? revert.data?.errorName : undefined
}

describe('seeded local tokens', () => {
  it('each have an absolute tokenURI on chain answering ERC-721 metadata JSON with an image', async () => {
    const tokens = await runtime.db.select().from(nfts).where(eq(nfts.chainId, 31337))
    expect(tokens.length).toBe(LOCAL_COLLECTIONS.reduce((sum, c) => sum + c.tokens, 0))
    for (const token of tokens) {
      const uri = await tokenUriOf(token.contract, token.tokenId)
      const metadata = await fetchJson(uri)
      expect(validToken(metadata), `${uri}: ${ajv.errorsText(validToken.errors)}`).toBe(true)
      expect(metadata).toMatchObject({ name: token.name, description: token.description })
      expect(metadata.attributes).toEqual(token.attributes)
      expect((metadata.attributes as unknown[]).length).toBeGreaterThan(0)
      await expectImage(metadata.image)
    }
  }, 60_000)

  it('follow the dev server to another port, in one call per collection and only when it changed', async () => {
    const [collection] = await runtime.db.select().from(collections).where(eq(collections.chainId, 31337))
    const elsewhere = 'http://localhost:4173'
    try {
      const { transactions } = await syncLocalChain(runtime.db, chain.url, runtime.env.platformFee, elsewhere)
      expect(transactions).toBe(2 * LOCAL_COLLECTIONS.length) // a base URI and a contractURI for each collection
      expect(await tokenUriOf(collection!.contract, '1')).toBe(
        `${elsewhere}/api/metadata/31337/${collection!.contract}/1`,
      )
      expect(await read(collection!.contract, 'contractURI')).toBe(
        `${elsewhere}/api/metadata/31337/${collection!.contract}`,
      )
      expect(await syncLocalChain(runtime.db, chain.url, runtime.env.platformFee, elsewhere)).toEqual({
        transactions: 0,
      })
    } finally {
      await syncLocalChain(runtime.db, chain.url, runtime.env.platformFee, origin)
    }
    expect(await tokenUriOf(collection!.contract, '1')).toBe(`${origin}/api/metadata/31337/${collection!.contract}/1`)
  }, 60_000)
})

describe('contractURI (ERC-7572)', () => {
  it('answers each seeded collection as JSON with name, image and its creator', async () => {
    const rows = await runtime.db.select().from(collections).where(eq(collections.chainId, 31337))
    expect(rows.length).toBe(LOCAL_COLLECTIONS.length)
    for (const row of rows) {
      const metadata = await fetchJson(await read(row.contract, 'contractURI'))
      expect(validCollection(metadata), ajv.errorsText(validCollection.errors)).toBe(true)
      expect(metadata).toMatchObject({
        name: row.name,
        description: row.description,
        external_link: `${origin}/collection/${row.slug}`,
        collaborators: [testAccount(LOCAL_COLLECTIONS.find((c) => c.name === row.name)!.creator).address],
      })
      await expectImage(metadata.image)
      await expectImage(metadata.banner_image)
    }
  })

  it('changes only by its owner, announcing ContractURIUpdated', async () => {
    const [row] = await runtime.db.select().from(collections).where(eq(collections.slug, 'harbour-lights-local'))
    const contract = row!.contract as Address
    const owner = testAccount(3)
    expect(row!.creator).toBe(owner.address.toLowerCase())
    const stranger = testAccount(7)
    for (const functionName of ['setContractURI', 'setBaseURI'] as const) {
      expect(
        await revertName(
          chain.client.simulateContract({
            account: stranger,
            address: contract,
            abi: vitrineCollectionAbi,
            functionName,
            args: ['https://attacker.example/'],
          }),
        ),
      ).toBe('OwnableUnauthorizedAccount')
    }

    const before = await read(contract, 'contractURI')
    const wallet = chain.walletOf(owner)
    const receipt = await wallet.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: contract,
        abi: vitrineCollectionAbi,
        functionName: 'setContractURI',
        args: ['ipfs://collection'],
      }),
    })
    const events = parseEventLogs({ abi: vitrineCollectionAbi, logs: receipt.logs, eventName: 'ContractURIUpdated' })
    expect(events.map((e) => e.address.toLowerCase())).toEqual([contract.toLowerCase()])
    expect(await read(contract, 'contractURI')).toBe('ipfs://collection')
    await wallet.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: contract,
        abi: vitrineCollectionAbi,
        functionName: 'setContractURI',
        args: [before],
      }),
    })
  })

  it('a token minted with its own URI keeps it, whatever the base URI', async () => {
    const [row] = await runtime.db.select().from(collections).where(eq(collections.slug, 'harbour-lights-local'))
    const wallet = chain.walletOf(testAccount(3))
    await wallet.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: row!.contract as Address,
        abi: vitrineCollectionAbi,
        functionName: 'mint',
        args: [testAccount(3).address, 900n, 'ipfs://own'],
      }),
    })
    expect(await read(row!.contract, 'baseURI')).not.toBe('')
    expect(await tokenUriOf(row!.contract, '900')).toBe('ipfs://own')
  })

  it('is 404 for a contract Vitrine does not know', async () => {
    const response = await app.request(`/api/metadata/31337/0x${'12'.repeat(20)}`, {}, runtime)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
  })
})
