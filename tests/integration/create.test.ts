/**
 * Creating without a browser: a collection deployed for the creator and registered (the server
 * reads the contract, not the form), and a token minted now by the creator and registered.
 */
import { eq } from 'drizzle-orm'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vitrineCollectionAbi } from '../../chain/artifacts/VitrineCollection'
import { deployCollection } from '../../chain/local-contracts'
import { tokenMediaUrls, tokenUri } from '../../chain/voucher'
import { activity, collections, NO_CHANGE_TRENDING_KEY, nfts } from '../../db/schema'
import { app } from '../../server/app'
import { testAccount } from '../support/chain'
import { startMarket } from '../support/market'
import { sessionCookie } from '../support/session'

let m: Awaited<ReturnType<typeof startMarket>>
beforeAll(async () => {
  m = await startMarket([1n])
}, 60_000)
afterAll(() => m.stop())

/** The site's own origin in tests (no PUBLIC_URL: the dev server's, port 3000); uploads come from it. */
const ORIGIN = 'http://localhost:3000'

async function call(procedure: string, body: unknown, as: Address) {
  const response = await app.request(
    `${ORIGIN}/api/trpc/create.${procedure}`,
    {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', cookie: await sessionCookie(as.toLowerCase()) },
    },
    m.runtime,
  )
  const json = (await response.json()) as {
    result?: { data: Record<string, unknown> }
    error?: { message: string; data?: { zodIssues?: { path: string[]; message: string }[] | null } }
  }
  return {
    status: response.status,
    data: json.result?.data,
    error: json.error?.message,
    issues: json.error?.data?.zodIssues ?? undefined,
  }
}

describe('new collection', () => {
  it('registers a contract the creator deployed, with the name and creator earnings read from chain', async () => {
    const contract = await deployCollection(m.chain.url, {
      name: 'Salt Marsh Editions',
      symbol: 'SALT',
      creator: m.creator.address,
      royaltyBps: 750,
      feeRecipient: m.feeRecipient,
      feeBps: m.runtime.env.platformFee.bps,
    })
    const registered = await call(
      'registerCollection',
      { chainId: 31337, contract, category: 'photography', description: 'Tides.' },
      m.creator.address,
    )
    expect(registered.error).toBeUndefined()
    expect(registered.data).toMatchObject({ slug: 'salt-marsh-editions' })
    const [row] = await m.runtime.db.select().from(collections).where(eq(collections.slug, 'salt-marsh-editions'))
    expect(row).toMatchObject({
      name: 'Salt Marsh Editions',
      creatorFeeBps: 750,
      creator: m.creator.address.toLowerCase(),
      category: 'photography',
    })
    // Nothing sold yet, no 24h change: it trends after every collection that has one.
    expect(row!.trendingSort).toBe(NO_CHANGE_TRENDING_KEY)

    const mine = await app.request(
      `${ORIGIN}/api/trpc/create.myCollections`,
      { headers: { origin: ORIGIN, cookie: await sessionCookie(m.creator.address.toLowerCase()) } },
      m.runtime,
    )
    const list = ((await mine.json()) as { result: { data: { slug: string }[] } }).result.data.map((c) => c.slug)
    expect(list).toEqual(expect.arrayContaining(['harbour-lights', 'salt-marsh-editions']))

    expect(
      (await call('registerCollection', { chainId: 31337, contract, category: 'art' }, m.creator.address)).error,
    ).toMatch(/already registered/)
  })

  it('refuses a contract the wallet does not own, or one that does not pay the platform fee', async () => {
    const other = testAccount(5)
    const theirs = await deployCollection(m.chain.url, {
      name: 'Theirs',
      symbol: 'T',
      creator: other.address,
      royaltyBps: 500,
      feeRecipient: m.feeRecipient,
      feeBps: 100,
    })
    expect(
      (await call('registerCollection', { chainId: 31337, contract: theirs, category: 'art' }, m.creator.address))
        .error,
    ).toBe('contract: is not owned by your wallet')
    const feeless = await deployCollection(m.chain.url, {
      name: 'Feeless',
      symbol: 'F',
      creator: m.creator.address,
      royaltyBps: 500,
      feeRecipient: m.feeRecipient,
      feeBps: 0,
    })
    expect(
      (await call('registerCollection', { chainId: 31337, contract: feeless, category: 'art' }, m.creator.address))
        .error,
    ).toBe("contract: does not pay this marketplace's platform fee")
    // The New collection form stops at 10%; a script deploying the contract itself is held to it too.
    const greedy = await deployCollection(m.chain.url, {
      name: 'Greedy',
      symbol: 'G',
      creator: m.creator.address,
      royaltyBps: 9_000,
      feeRecipient: m.feeRecipient,
      feeBps: 100,
    })
    expect(
      (await call('registerCollection', { chainId: 31337, contract: greedy, category: 'art' }, m.creator.address))
        .error,
    ).toBe('contract: its creator earnings of 90% are above the 10% a collection may ask')
    expect(await m.runtime.db.select().from(collections).where(eq(collections.contract, greedy.toLowerCase()))).toEqual(
      [],
    )
    expect(
      (
        await call(
          'registerCollection',
          { chainId: 31337, contract: m.chain.contracts.weth, category: 'art' },
          m.creator.address,
        )
      ).error,
    ).toBe('contract: not a Vitrine collection contract on this chain')
  })
})

async function upload(bytes: Uint8Array<ArrayBuffer>, name: string) {
  const form = new FormData()
  form.set('file', new File([bytes], name))
  const uploaded = await app.request(
    `${ORIGIN}/api/media`,
    {
      method: 'POST',
      body: form,
      headers: { origin: ORIGIN, cookie: await sessionCookie(m.creator.address.toLowerCase()) },
    },
    m.runtime,
  )
  return ((await uploaded.json()) as { data: { key: string } }).data.key
}

describe('mint now', () => {
  it("registers a minted MP4 with its poster as the metadata's image and the video as animation_url", async () => {
    const mp4 = new Uint8Array([0, 0, 0, 0x14, ...new TextEncoder().encode('ftypisom'), 0, 0, 2, 0, 0, 0, 0, 0])
    const video = await upload(mp4, 'wake.mp4')
    const poster = await upload(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 2, 0, 2, 0]), 'wake.gif')
    const fields = { collection: 'harbour-lights', name: 'Wake', description: '', media: video, poster, attributes: [] }
    const document = { ...fields, ...tokenMediaUrls(ORIGIN, video, poster) }
    const uri = await tokenUri(ORIGIN, { chainId: 31337, contract: m.contract, tokenId: 600n }, document, true)
    const receipt = await m.send(m.creator, {
      address: m.contract,
      abi: vitrineCollectionAbi,
      functionName: 'mint',
      args: [m.creator.address, 600n, uri],
    })
    const register = (extra: object) =>
      call(
        'registerMint',
        { ...fields, freeze: true, tokenId: '600', txHash: receipt.transactionHash, ...extra },
        m.creator.address,
      )
    expect((await register({ poster: `${'c'.repeat(64)}.png` })).error).toBe(
      'poster: upload the picture first (POST /api/media)',
    )
    const registered = await register({})
    expect(registered.error).toBeUndefined()
    expect(await (await app.request(uri, {}, m.runtime)).json()).toMatchObject({
      image: `${ORIGIN}/api/media/${poster}`,
      animation_url: `${ORIGIN}/api/media/${video}`,
    })
    const [nft] = await m.runtime.db
      .select()
      .from(nfts)
      .where(eq(nfts.id, registered.data!.nftId as number))
    expect(nft).toMatchObject({ image: `/api/media/${poster}`, animationUrl: `/api/media/${video}` })
  })

  it('registers a token the creator minted, once its token URI matches the metadata', async () => {
    const media = await upload(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0]), 'a.gif')
    const fields = {
      collection: 'harbour-lights',
      name: 'Keeper',
      description: '',
      media,
      attributes: [],
      freeze: false,
    }
    const uri = await tokenUri(
      ORIGIN,
      { chainId: 31337, contract: m.contract, tokenId: 500n },
      { ...fields, image: `${ORIGIN}/api/media/${media}`, attributes: [] },
      false,
    )
    expect(uri).toBe(`${ORIGIN}/api/metadata/31337/${m.contract.toLowerCase()}/500`)

    const receipt = await m.send(m.creator, {
      address: m.contract,
      abi: vitrineCollectionAbi,
      functionName: 'mint',
      args: [m.creator.address, 500n, uri],
    })
    const wrong = await m.send(m.creator, {
      address: m.contract,
      abi: vitrineCollectionAbi,
      functionName: 'mint',
      args: [m.creator.address, 501n, 'ipfs://elsewhere'],
    })
    expect(
      (await call('registerMint', { ...fields, tokenId: '501', txHash: wrong.transactionHash }, m.creator.address))
        .error,
    ).toMatch(/token URI on chain is not the one/)

    const registered = await call(
      'registerMint',
      { ...fields, tokenId: '500', txHash: receipt.transactionHash },
      m.creator.address,
    )
    expect(registered.error).toBeUndefined()
    const [nft] = await m.runtime.db
      .select()
      .from(nfts)
      .where(eq(nfts.id, registered.data!.nftId as number))
    expect(nft).toMatchObject({ owner: m.creator.address.toLowerCase(), lazyMinted: false, name: 'Keeper' })
    const feed = await m.runtime.db.select().from(activity).where(eq(activity.txHash, receipt.transactionHash))
    expect(feed.map((a) => a.type)).toEqual(['mint'])
    // The indexer, reading the same block later, adds nothing.
    await m.index()
    expect(await m.runtime.db.select().from(activity).where(eq(activity.txHash, receipt.transactionHash))).toHaveLength(
      1,
    )
    const served = await app.request(uri, {}, m.runtime)
    expect(await served.json()).toMatchObject({ name: 'Keeper', image: `${ORIGIN}/api/media/${media}` })
    expect(
      (await call('registerMint', { ...fields, tokenId: '500', txHash: receipt.transactionHash }, m.creator.address))
        .error,
    ).toMatch(/already exists/)
  })
})

describe('text typed into the Create form', () => {
  it('is stored and served without bidi overrides, isolates, zero-width or control characters', async () => {
    const media = await upload(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 3, 0, 3, 0]), 'glaze.gif')
    const fields = {
      collection: 'harbour-lights',
      name: 'Kiln Glazes\u202Egnp.exe\u200B',
      description: 'Fired \u2066twice\u2069.\u0007\nCone 10.',
      media,
      attributes: [{ trait_type: 'Gl\u200Baze', value: '\u2066Celadon\u202E' }],
      freeze: false,
    }
    const uri = `${ORIGIN}/api/metadata/31337/${m.contract.toLowerCase()}/700`
    const receipt = await m.send(m.creator, {
      address: m.contract,
      abi: vitrineCollectionAbi,
      functionName: 'mint',
      args: [m.creator.address, 700n, uri],
    })
    const register = (extra: object) =>
      call('registerMint', { ...fields, tokenId: '700', txHash: receipt.transactionHash, ...extra }, m.creator.address)

    const stored = () => m.runtime.db.select().from(nfts).where(eq(nfts.tokenId, '700'))

    // A name of invisible characters only is empty once cleaned: refused beside the field, nothing stored.
    const invisible = await register({ name: '\u202E\u200B\u2066\u2069' })
    expect(invisible.status).toBe(400)
    expect(invisible.issues).toEqual([expect.objectContaining({ path: ['name'], message: 'must not be empty' })])
    expect(await stored()).toEqual([])

    const registered = await register({})
    expect(registered.error).toBeUndefined()
    const [nft, ...more] = await stored()
    expect(more).toEqual([])
    expect(nft).toMatchObject({ name: 'Kiln Glazesgnp.exe', description: 'Fired twice.\nCone 10.' })
    expect(await (await app.request(uri, {}, m.runtime)).json()).toMatchObject({
      name: 'Kiln Glazesgnp.exe',
      description: 'Fired twice.\nCone 10.',
      attributes: [{ trait_type: 'Glaze', value: 'Celadon' }],
    })
  })
})
