/**
 * Lazy minting end to end without a browser: upload, a voucher signed by the creator, the item
 * listed at once, redeemed on chain by a buyer who receives the token while the creator is paid
 * the price minus the platform fee exactly, then indexed (mint and sale) with its metadata served.
 */
import { UNTRUSTED_CONTENT_POLICY } from '../../server/media/untrusted'
import { eq } from 'drizzle-orm'
import { parseEther, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vitrineCollectionAbi } from '../../chain/artifacts/VitrineCollection'
import { tokenMediaUrls, tokenUri, voucherTypedData, type MintVoucher } from '../../chain/voucher'
import { activity, nfts } from '../../db/schema'
import { app } from '../../server/app'
import { feeAmount } from '../../chain/seaport'
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
const buyer = testAccount(4)
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3])

/** The first box of an MP4 as Chromium's MediaRecorder writes it (brand isom), enough for the upload's sniffing. */
const mp4 = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypisom'), 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0])

async function uploadMedia(bytes = png, name = 'lighthouse.png'): Promise<string> {
  const form = new FormData()
  form.set('file', new File([bytes], name))
  const response = await app.request(
    `${ORIGIN}/api/media`,
    {
      method: 'POST',
      body: form,
      headers: { origin: ORIGIN, cookie: await sessionCookie(m.creator.address.toLowerCase()) },
    },
    m.runtime,
  )
  return ((await response.json()) as { data: { key: string } }).data.key
}

async function publish(body: Record<string, unknown>, as = m.creator.address) {
  const response = await app.request(
    `${ORIGIN}/api/trpc/create.publishLazyMint`,
    {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', cookie: await sessionCookie(as.toLowerCase()) },
    },
    m.runtime,
  )
  const json = (await response.json()) as {
    result?: { data: { nftId: number; uri: string } }
    error?: { message: string; data?: { zodIssues: { path: string[]; message: string }[] | null } }
  }
  const issues = json.error?.data?.zodIssues?.map(({ path, message }) => ({ path, message }))
  return { status: response.status, data: json.result?.data, error: json.error?.message, issues }
}

describe('lazy mint', () => {
  const price = parseEther('0.25')
  let media: string
  let uri: string
  let nftId: number
  const expiresAt = BigInt(Math.floor(Date.now() / 1000) + 86_400)
  const metadata = () => ({
    collection: 'harbour-lights',
    name: 'Beacon at Dusk',
    description: 'The first lamp lit on the point.',
    externalUrl: 'https://example.org/beacon',
    media,
    attributes: [{ trait_type: 'Light', value: 'Amber' }],
    freeze: true,
  })
  const sign = async (voucher: MintVoucher, signer = m.creator) =>
    signer.signTypedData(voucherTypedData(31337, m.contract, voucher))

  it('publishes an item at once, without any transaction, found by the lazy-minted filter', async () => {
    media = await uploadMedia()
    const tokenId = 4242n
    // The frozen URI is the SHA-256 of the metadata JSON: ask the server's rule through a first, unsigned try.
    uri = await tokenUri(
      ORIGIN,
      { chainId: 31337, contract: m.contract, tokenId },
      {
        name: 'Beacon at Dusk',
        description: 'The first lamp lit on the point.',
        image: `${ORIGIN}/api/media/${media}`,
        animationUrl: null,
        externalUrl: 'https://example.org/beacon',
        attributes: [{ trait_type: 'Light', value: 'Amber' }],
      },
      true,
    )
    const voucher = { tokenId, uri, minPrice: price, creator: m.creator.address, expiresAt }
    const block = await m.chain.client.getBlockNumber({ cacheTime: 0 })
    const published = await publish({
      ...metadata(),
      tokenId: tokenId.toString(),
      minPriceWei: price.toString(),
      expiresAt: expiresAt.toString(),
      signature: await sign(voucher),
    })
    expect(published.error).toBeUndefined()
    expect(published.data!.uri).toBe(uri)
    nftId = published.data!.nftId
    expect(await m.chain.client.getBlockNumber({ cacheTime: 0 })).toBe(block) // no transaction

    const listed = await m.api('/v1/nfts?filter=lazy-minted&chain=31337')
    const item = (listed.body.data as unknown as { id: number; lazyMinted: boolean; price: { wei: string } }[]).find(
      (n) => n.id === nftId,
    )
    expect(item).toMatchObject({
      lazyMinted: true,
      price: { wei: price.toString() },
      attributes: [{ trait_type: 'Light', value: 'Amber' }],
    })

    const served = await app.request(uri, {}, m.runtime)
    // The creator's words, opened as a document on our origin: inert.
    expect(served.headers.get('content-security-policy')).toBe(UNTRUSTED_CONTENT_POLICY)
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await served.json()).toEqual({
      name: 'Beacon at Dusk',
      description: 'The first lamp lit on the point.',
      image: `${ORIGIN}/api/media/${media}`,
      external_url: 'https://example.org/beacon',
      attributes: [{ trait_type: 'Light', value: 'Amber' }],
    })
  })

  it("publishes an MP4 with its poster: the poster is the metadata's image and the row's, the video its animation_url", async () => {
    const video = await uploadMedia(mp4, 'tide.mp4')
    const poster = await uploadMedia(png, 'tide-poster.png')
    expect([video, poster]).toEqual([expect.stringMatching(/\.mp4$/), expect.stringMatching(/\.png$/)])
    const tokenId = 4343n
    const fields = { ...metadata(), name: 'Tide', media: video, poster }
    const document = {
      name: 'Tide',
      description: fields.description,
      ...tokenMediaUrls(ORIGIN, video, poster),
      externalUrl: fields.externalUrl,
      attributes: fields.attributes,
    }
    const videoUri = await tokenUri(ORIGIN, { chainId: 31337, contract: m.contract, tokenId }, document, true)
    const published = await publish({
      ...fields,
      tokenId: tokenId.toString(),
      minPriceWei: price.toString(),
      expiresAt: expiresAt.toString(),
      signature: await sign({ tokenId, uri: videoUri, minPrice: price, creator: m.creator.address, expiresAt }),
    })
    expect(published.error).toBeUndefined()
    expect(await (await app.request(published.data!.uri, {}, m.runtime)).json()).toMatchObject({
      image: `${ORIGIN}/api/media/${poster}`,
      animation_url: `${ORIGIN}/api/media/${video}`,
    })
    const [row] = await m.runtime.db.select().from(nfts).where(eq(nfts.id, published.data!.nftId))
    expect(row).toMatchObject({ image: `/api/media/${poster}`, animationUrl: `/api/media/${video}` })
  })

  it('refuses a poster for a picture, one never uploaded, and a key that is not a picture, storing nothing', async () => {
    const video = await uploadMedia(mp4, 'tide.mp4')
    const poster = await uploadMedia(png, 'tide-poster.png')
    const body = {
      ...metadata(),
      tokenId: '79',
      minPriceWei: price.toString(),
      expiresAt: expiresAt.toString(),
      signature: '0x00',
    }
    expect((await publish({ ...body, poster })).error).toBe(
      'poster: only an MP4 video takes a poster (a picture is shown as itself)',
    )
    expect((await publish({ ...body, media: video, poster: `${'b'.repeat(64)}.webp` })).error).toBe(
      'poster: upload the picture first (POST /api/media)',
    )
    for (const key of [`${'b'.repeat(64)}.svg`, video, 'poster.png']) {
      const refused = await publish({ ...body, media: video, poster: key })
      expect(refused.status).toBe(400)
      expect(refused.issues).toEqual([
        {
          path: ['poster'],
          message: 'must be the key of a PNG, JPEG, GIF, WebP or AVIF picture uploaded with POST /api/media',
        },
      ])
    }
    expect(await m.runtime.db.select().from(nfts).where(eq(nfts.tokenId, '79'))).toEqual([])
  })

  it('refuses a voucher signed by another key, one from a wallet that is not the creator, and a taken token id', async () => {
    const voucher = { tokenId: 77n, uri, minPrice: price, creator: m.creator.address, expiresAt }
    const body = { ...metadata(), tokenId: '77', minPriceWei: price.toString(), expiresAt: expiresAt.toString() }
    expect((await publish({ ...body, signature: await sign(voucher, testAccount(5)) })).error).toMatch(
      /^signature: not a voucher signed by your wallet/,
    )
    expect((await publish({ ...body, signature: await sign(voucher) }, testAccount(5).address)).error).toBe(
      'collection: only its creator can mint in it',
    )
    expect(
      (await publish({ ...body, tokenId: '4242', signature: await sign({ ...voucher, tokenId: 4242n }) })).error,
    ).toMatch(/already exists/)
    expect((await publish({ ...body, media: `${'a'.repeat(64)}.png`, signature: '0x00' })).error).toMatch(
      /^media: upload the file first/,
    )
  })

  it('refuses a voucher priced below the minimum, or so low that the platform fee rounds to nothing, storing nothing', async () => {
    const body = { ...metadata(), tokenId: '78', expiresAt: expiresAt.toString() }
    const signed = async (minPrice: bigint) => ({
      ...body,
      minPriceWei: minPrice.toString(),
      signature: await sign({ tokenId: 78n, uri, minPrice, creator: m.creator.address, expiresAt }),
    })
    const dust = await publish(await signed(99n))
    expect(dust.status).toBe(400)
    expect(dust.error).toBe(
      'minPriceWei: the price of 0.000000000000000099 ETH is below the minimum of 0.0001 ETH (100000000000000 wei)',
    )
    const env = m.runtime.env
    const floor = env.minPriceWei
    env.minPriceWei = 1n
    try {
      const rounded = await publish(await signed(99n))
      expect(rounded.status).toBe(400)
      expect(rounded.error).toBe('minPriceWei: at 99 wei, the platform fee of 1% rounds to zero; ask more')
    } finally {
      env.minPriceWei = floor
    }
    const stored = await m.runtime.db.select().from(nfts).where(eq(nfts.tokenId, '78'))
    expect(stored).toEqual([])
  })

  it('mints to the first buyer, pays the creator the price minus the platform fee, and shows mint and sale', async () => {
    const stored = await m.api(`/v1/nfts/${nftId}`)
    const listing = (stored.body.data as unknown as { listings: { kind: string; orderHash: string }[] }).listings[0]!
    expect(listing.kind).toBe('voucher')
    const order = await m.api(`/v1/orders/${listing.orderHash}`)
    const { components, signature } = order.body.data as unknown as {
      components: Record<string, string>
      signature: `0x${string}`
    }
    const voucher = {
      tokenId: BigInt(components.tokenId!),
      uri: components.uri!,
      minPrice: BigInt(components.minPrice!),
      creator: components.creator as Address,
      expiresAt: BigInt(components.expiresAt!),
    }
    const before = {
      creator: await m.chain.client.getBalance({ address: m.creator.address }),
      fee: await m.chain.client.getBalance({ address: m.feeRecipient }),
    }
    const wallet = m.chain.walletOf(buyer)
    const hash = await wallet.writeContract({
      address: m.contract,
      abi: vitrineCollectionAbi,
      functionName: 'redeem',
      args: [voucher, signature],
      value: price,
    })
    expect((await m.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
    const fee = feeAmount(price, m.runtime.env.platformFee.bps)
    expect((await m.chain.client.getBalance({ address: m.feeRecipient })) - before.fee).toBe(fee)
    expect((await m.chain.client.getBalance({ address: m.creator.address })) - before.creator).toBe(price - fee)
    expect(
      await m.chain.client.readContract({
        address: m.contract,
        abi: vitrineCollectionAbi,
        functionName: 'tokenURI',
        args: [4242n],
      }),
    ).toBe(uri)

    await m.index()
    const [nft] = await m.runtime.db.select().from(nfts).where(eq(nfts.id, nftId))
    expect(nft).toMatchObject({ owner: buyer.address.toLowerCase(), lazyMinted: false, priceWei: null })
    const feed = await m.runtime.db.select().from(activity).where(eq(activity.txHash, hash))
    expect(feed.map((a) => a.type).sort()).toEqual(['mint', 'sale'])
  })

  it('withdraws a voucher on chain: the item is no longer for sale and redeeming it reverts', async () => {
    const voucher = { tokenId: 78n, uri, minPrice: price, creator: m.creator.address, expiresAt }
    const signature = await sign(voucher)
    const published = await publish({
      ...metadata(),
      tokenId: '78',
      minPriceWei: price.toString(),
      expiresAt: expiresAt.toString(),
      signature,
    })
    expect(published.error).toBeUndefined()
    await m.send(m.creator, {
      address: m.contract,
      abi: vitrineCollectionAbi,
      functionName: 'revokeVoucher',
      args: [78n],
    })
    await m.index()
    const [nft] = await m.runtime.db.select().from(nfts).where(eq(nfts.id, published.data!.nftId))
    expect(nft!.priceWei).toBeNull()
    const attempt = m.chain.client.simulateContract({
      account: buyer,
      address: m.contract,
      abi: vitrineCollectionAbi,
      functionName: 'redeem',
      args: [voucher, signature],
      value: price,
    })
    await expect(attempt).rejects.toThrow(/VoucherWasRevoked/)
  })
})
