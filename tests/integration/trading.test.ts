/**
 * Trading on a real chain (anvil, Seaport 1.6, WETH, a Vitrine collection) through the REST
 * API and the indexer: every amount is an exact bigint.
 */
import { eq } from 'drizzle-orm'
import { BaseError, ContractFunctionRevertedError, type Abi, erc20Abi, erc721Abi, parseEther, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seaportAbi } from '../../chain/artifacts/Seaport'
import { feeAmount, orderParameters, orderTypedData } from '../../chain/seaport'
import { refreshCollectionStats } from '../../db/market'
import { startPurgeApi } from '../support/purge-api'
import { activity, chainCursors, listings, nfts, offers, sales } from '../../db/schema'
import { testAccount } from '../support/chain'
import { CREATOR_FEE_BPS, startMarket } from '../support/market'

let m: Awaited<ReturnType<typeof startMarket>>
beforeAll(async () => {
  m = await startMarket()
  await m.approveSeaport(m.seller)
}, 60_000)
afterAll(() => m.stop())

const buyer = testAccount(3)
const rival = testAccount(4)

async function revertName(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof BaseError)) throw new Error('expected a revert')
  const revert = error.walk((e) => e instanceof ContractFunctionRevertedError)
  return revert instanceof ContractFunctionRevertedError ? revert.data?.errorName : error.shortMessage
}

const balance = (address: `0x${string}`) => m.chain.client.getBalance({ address })

describe('list → buy', () => {
  it('moves the token and pays seller, platform and creator exactly their shares', async () => {
    const price = parseEther('1.2345')
    const signed = await m.signedListing(m.seller, 1n, price)
    const submitted = await m.submit('listings', signed, m.seller)
    expect(submitted.status).toBe(201)
    const { orderHash } = submitted.body.data as unknown as { orderHash: string }

    // The buyer gets the order from the API, exactly as signed.
    const stored = await m.api(`/v1/orders/${orderHash}`)
    expect(stored.body.data).toMatchObject({ kind: 'listing', status: 'active', signature: signed.signature })

    const before = {
      seller: await balance(m.seller.address),
      fee: await balance(m.feeRecipient),
      creator: await balance(m.creator.address),
    }
    const hash = await m.fill(buyer, signed, price)
    expect((await m.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await m.ownerOf(1n)).toBe(buyer.address)

    const platform = feeAmount(price, m.runtime.env.platformFee.bps)
    const creator = feeAmount(price, CREATOR_FEE_BPS)
    expect((await balance(m.seller.address)) - before.seller).toBe(price - platform - creator)
    expect((await balance(m.feeRecipient)) - before.fee).toBe(platform)
    expect((await balance(m.creator.address)) - before.creator).toBe(creator)

    await m.index()
    const [listing] = await m.runtime.db.select().from(listings).where(eq(listings.orderHash, orderHash))
    expect(listing!.status).toBe('filled')
    const [sale] = await m.runtime.db.select().from(sales).where(eq(sales.txHash, hash))
    expect(sale).toMatchObject({
      seller: m.seller.address.toLowerCase(),
      buyer: buyer.address.toLowerCase(),
      priceWei: price.toString(),
      currency: 'ETH',
    })
    const feed = await m.runtime.db.select().from(activity).where(eq(activity.txHash, hash))
    expect(feed.map((a) => a.type)).toEqual(['sale'])

    // Both user pages agree: the buyer owns it, the seller no longer does.
    const owned = await m.api(`/v1/users/owned/${buyer.address}`)
    expect((owned.body.data as unknown as { id: number }[]).map((n) => n.id)).toContain(m.nftId(1n))
    const sellerOwned = await m.api(`/v1/users/owned/${m.seller.address}`)
    expect((sellerOwned.body.data as unknown as { id: number }[]).map((n) => n.id)).not.toContain(m.nftId(1n))
    const [nft] = await m.runtime.db
      .select()
      .from(nfts)
      .where(eq(nfts.id, m.nftId(1n)))
    expect(nft!.priceWei).toBeNull()
  })

  it('lets one of two racing buyers have the item; the other is told it sold and pays nothing', async () => {
    const price = parseEther('0.5')
    const signed = await m.signedListing(m.seller, 2n, price)
    expect((await m.submit('listings', signed, m.seller)).status).toBe(201)
    await m.chain.client.waitForTransactionReceipt({ hash: await m.fill(buyer, signed, price) })

    const rivalBefore = await balance(rival.address)
    const simulation = m.chain.client.simulateContract({
      account: rival,
      address: m.chain.contracts.seaport,
      abi: seaportAbi,
      functionName: 'fulfillOrder',
      args: [{ parameters: orderParameters(signed.order), signature: signed.signature }, `0x${'0'.repeat(64)}`],
      value: price,
    })
    expect(await revertName(simulation)).toBe('OrderAlreadyFilled')
    expect(await balance(rival.address)).toBe(rivalBefore)
    await m.index()
    const stored = await m.api(`/v1/orders/${(await import('../../chain/seaport')).orderHash(signed.order)}`)
    expect(stored.body.data).toMatchObject({ status: 'filled' })
  })
})

describe('offer → accept', () => {
  it('pays the owner the WETH offered minus the fees, and gives the bidder the token', async () => {
    const price = parseEther('0.8')
    await m.wrapAndApprove(buyer, price)
    const signed = await m.signedOffer(buyer, 3n, price)
    const submitted = await m.submit('offers', signed, buyer)
    expect(submitted.status).toBe(201)

    // The owner accepts: Seaport pays the fees out of the WETH the owner receives.
    const platform = feeAmount(price, m.runtime.env.platformFee.bps)
    const creator = feeAmount(price, CREATOR_FEE_BPS)
    await m.send(m.seller, {
      address: m.chain.contracts.weth,
      abi: erc20Abi,
      functionName: 'approve',
      args: [m.chain.contracts.seaport, platform + creator],
    })
    const wethOf = (address: `0x${string}`) =>
      m.chain.client.readContract({
        address: m.chain.contracts.weth,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      })
    const before = {
      seller: await wethOf(m.seller.address),
      buyer: await wethOf(buyer.address),
      creator: await wethOf(m.creator.address),
    }
    const hash = await m.fill(m.seller, signed)
    expect((await m.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await m.ownerOf(3n)).toBe(buyer.address)
    expect((await wethOf(m.seller.address)) - before.seller).toBe(price - platform - creator)
    expect(before.buyer - (await wethOf(buyer.address))).toBe(price)
    expect((await wethOf(m.creator.address)) - before.creator).toBe(creator)

    await m.index()
    const [offer] = await m.runtime.db.select().from(offers).where(eq(offers.maker, buyer.address.toLowerCase()))
    expect(offer!.status).toBe('filled')
    const [sale] = await m.runtime.db.select().from(sales).where(eq(sales.txHash, hash))
    expect(sale).toMatchObject({
      seller: m.seller.address.toLowerCase(),
      buyer: buyer.address.toLowerCase(),
      priceWei: price.toString(),
      currency: 'WETH',
    })
  })

  it('takes an offer from a smart-contract wallet (EIP-1271) and settles it', async () => {
    const { createRequire } = await import('node:module')
    const artifact = createRequire(import.meta.url)(
      '@opensea/seaport-js/src/artifacts/src/contracts/test/TestERC1271Wallet.sol/TestERC1271Wallet.json',
    ) as { abi: Abi; bytecode: `0x${string}` }
    const signer = testAccount(6)
    const deployer = m.chain.walletOf(signer)
    const deployment = await m.chain.client.waitForTransactionReceipt({
      hash: await deployer.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode }),
    })
    const smartWallet = deployment.contractAddress!
    const price = parseEther('0.6')
    // The contract wallet holds WETH and lets Seaport spend it.
    await m.wrapAndApprove(signer, price)
    await m.send(signer, {
      address: m.chain.contracts.weth,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [smartWallet, price],
    })
    await m.send(signer, {
      address: smartWallet,
      abi: artifact.abi,
      functionName: 'approveToken',
      args: [m.chain.contracts.weth, m.chain.contracts.seaport, price],
    })

    // Its owner key signs for it; the server recovers another address and asks the contract.
    const asWallet = { ...signer, address: smartWallet } as typeof signer
    const signed = await m.signedOffer(asWallet, 9n, price)
    const response = await m.submit('offers', signed, asWallet)
    expect(response.status).toBe(201)

    const tampered = {
      ...signed,
      signature: await testAccount(7).signTypedData(orderTypedData(31337, m.chain.contracts.seaport, signed.order)),
    }
    expect(
      (await m.submit('offers', { ...tampered, order: { ...signed.order, salt: 1n } }, asWallet)).body.error!.message,
    ).toBe('signature: not signed by order.offerer')

    const fees = feeAmount(price, m.runtime.env.platformFee.bps) + feeAmount(price, CREATOR_FEE_BPS)
    await m.send(m.seller, {
      address: m.chain.contracts.weth,
      abi: erc20Abi,
      functionName: 'approve',
      args: [m.chain.contracts.seaport, fees],
    })
    const hash = await m.fill(m.seller, signed)
    expect((await m.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect((await m.ownerOf(9n)).toLowerCase()).toBe(smartWallet.toLowerCase())
  })

  it('refuses an offer the bidder cannot pay', async () => {
    const signed = await m.signedOffer(rival, 4n, parseEther('3'))
    const response = await m.submit('offers', signed, rival)
    expect(response.status).toBe(400)
    expect(response.body.error!.message).toMatch(/WETH/)
  })
})

describe('cancel', () => {
  it('cancels on chain: the fill then reverts and the listing shows cancelled', async () => {
    const signed = await m.signedListing(m.seller, 4n, parseEther('2'))
    expect((await m.submit('listings', signed, m.seller)).status).toBe(201)
    await m.send(m.seller, {
      address: m.chain.contracts.seaport,
      abi: seaportAbi,
      functionName: 'cancel',
      args: [[signed.order]],
    })
    expect(await revertName(m.fill(buyer, signed, parseEther('2')))).toBe('OrderIsCancelled')
    await m.index()
    const [listing] = await m.runtime.db
      .select()
      .from(listings)
      .where(eq(listings.nftId, m.nftId(4n)))
    expect(listing!.status).toBe('cancelled')
    const [nft] = await m.runtime.db
      .select()
      .from(nfts)
      .where(eq(nfts.id, m.nftId(4n)))
    expect(nft!.priceWei).toBeNull()
  })

  it('cancels every open order at once with incrementCounter', async () => {
    const a = await m.signedListing(m.seller, 5n, parseEther('1'))
    const b = await m.signedListing(m.seller, 6n, parseEther('1'))
    expect((await m.submit('listings', a, m.seller)).status).toBe(201)
    expect((await m.submit('listings', b, m.seller)).status).toBe(201)
    await m.send(m.seller, { address: m.chain.contracts.seaport, abi: seaportAbi, functionName: 'incrementCounter' })
    await m.index()
    const rows = await m.runtime.db.select().from(listings).where(eq(listings.maker, m.seller.address.toLowerCase()))
    expect(rows.filter((r) => [m.nftId(5n), m.nftId(6n)].includes(r.nftId)).map((r) => r.status)).toEqual([
      'cancelled',
      'cancelled',
    ])
  })
})

describe('timed auction', () => {
  it('takes bids that meet the reserve and beat the highest; after the end the seller accepts the highest', async () => {
    const bidder = testAccount(5)
    const endsAt = new Date(Date.now() + 11 * 60_000)
    const started = await m.api(
      '/trpc/market.startAuction',
      {
        method: 'POST',
        body: JSON.stringify({ nftId: m.nftId(7n), reserveWei: parseEther('0.3').toString(), endsAt }),
      },
      m.seller,
    )
    expect(started.status).toBe(200)
    const soonest = await m.api('/v1/nfts?chain=31337&sort=ending-soon&limit=1')
    expect((soonest.body.data as unknown as { id: number; auctionEndsAt: string }[])[0]).toMatchObject({
      id: m.nftId(7n),
      auctionEndsAt: endsAt.toISOString(),
    })

    await m.wrapAndApprove(rival, parseEther('1'))
    await m.wrapAndApprove(bidder, parseEther('1'))
    const bidEnd = BigInt(Math.floor(endsAt.getTime() / 1000)) + 7n * 86_400n
    const low = await m.signedOffer(rival, 7n, parseEther('0.2'), bidEnd)
    expect((await m.submit('offers', low, rival)).body.error!.message).toMatch(/below the reserve price of 0.3 ETH/)
    const first = await m.signedOffer(rival, 7n, parseEther('0.35'), bidEnd)
    expect((await m.submit('offers', first, rival)).status).toBe(201)
    const same = await m.signedOffer(bidder, 7n, parseEther('0.35'), bidEnd)
    expect((await m.submit('offers', same, bidder)).body.error!.message).toMatch(/higher than the highest bid/)
    const short = await m.signedOffer(bidder, 7n, parseEther('0.4'), BigInt(Math.floor(Date.now() / 1000) + 300))
    expect((await m.submit('offers', short, bidder)).body.error!.message).toMatch(/valid until the auction ends/)
    const highest = await m.signedOffer(bidder, 7n, parseEther('0.4'), bidEnd)
    expect((await m.submit('offers', highest, bidder)).status).toBe(201)

    // The auction ends; the seller accepts the highest bid on chain.
    await m.chain.client.increaseTime({ seconds: 12 * 60 })
    await m.chain.client.mine({ blocks: 1 })
    const fees =
      feeAmount(parseEther('0.4'), m.runtime.env.platformFee.bps) + feeAmount(parseEther('0.4'), CREATOR_FEE_BPS)
    await m.send(m.seller, {
      address: m.chain.contracts.weth,
      abi: erc20Abi,
      functionName: 'approve',
      args: [m.chain.contracts.seaport, fees],
    })
    const hash = await m.fill(m.seller, highest)
    expect((await m.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await m.ownerOf(7n)).toBe(bidder.address)
    await m.index()
    const [sale] = await m.runtime.db.select().from(sales).where(eq(sales.txHash, hash))
    expect(sale).toMatchObject({
      buyer: bidder.address.toLowerCase(),
      priceWei: parseEther('0.4').toString(),
      currency: 'WETH',
    })
  })

  it('refuses an auction from a wallet that does not own the token', async () => {
    const response = await m.api(
      '/trpc/market.startAuction',
      {
        method: 'POST',
        body: JSON.stringify({
          nftId: m.nftId(5n),
          reserveWei: parseEther('0.1').toString(),
          endsAt: new Date(Date.now() + 3_600_000),
        }),
      },
      rival,
    )
    expect(response.status).toBe(403)
  })
})

describe("a collection's header", () => {
  type Stats = { floor: { wei: string } | null; owners: number; items: number; listed: number }
  const stats = async () =>
    ((await m.api('/v1/collections/harbour-lights')).body.data as unknown as { stats: Stats }).stats

  it('follows its grid at once: a listing below the floor is the floor, a cancelled one leaves it, a transfer adds an owner', async () => {
    await refreshCollectionStats(m.runtime.db)
    const before = await stats()
    const cheap = parseEther('0.001')
    const signed = await m.signedListing(m.seller, 4n, cheap)
    expect((await m.submit('listings', signed, m.seller)).status).toBe(201)
    // No indexer round and no sale: the order alone moves the header.
    expect(await stats()).toMatchObject({ floor: { wei: cheap.toString() }, listed: before.listed + 1 })

    await m.send(m.seller, {
      address: m.chain.contracts.seaport,
      abi: seaportAbi as Abi,
      functionName: 'cancel',
      args: [[signed.order]],
    })
    await m.index()
    expect((await stats()).listed).toBe(before.listed)
    expect((await stats()).floor?.wei).not.toBe(cheap.toString())

    const holders = before.owners
    await m.transfer(m.seller, testAccount(8), 4n)
    await m.index()
    expect(await stats()).toMatchObject({ owners: holders + 1, items: before.items })
  })
})

describe('the server refuses orders a buyer could not fill', () => {
  const cases = {
    expired: async () => m.signedListing(m.seller, 7n, parseEther('1'), (o) => ({ ...o, startTime: 1n, endTime: 2n })),
    'missing the creator earnings': async () =>
      m.signedListing(m.seller, 7n, parseEther('1'), (o) => ({ ...o, consideration: o.consideration.slice(0, 2) })),
    'from a wallet that does not own the token': async () => m.signedListing(rival, 7n, parseEther('1')),
  }
  for (const [name, make] of Object.entries(cases)) {
    it(`refuses a listing ${name}`, async () => {
      const signed = await make()
      const maker = signed.order.offerer === rival.address ? rival : m.seller
      const response = await m.submit('listings', signed, maker)
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.status).toBeLessThan(500)
      expect(response.body.error!.message).toMatch(/order/)
    })
  }

  it('refuses a tampered order (price changed after signing) and one signed by another key', async () => {
    const signed = await m.signedListing(m.seller, 7n, parseEther('1'))
    const tampered = {
      ...signed,
      order: {
        ...signed.order,
        consideration: signed.order.consideration.map((c, i) =>
          i === 0 ? { ...c, startAmount: 1n, endAmount: 1n } : c,
        ),
      },
    }
    expect((await m.submit('listings', tampered, m.seller)).body.error!.message).toMatch(
      /signature: not signed by order.offerer|fee/,
    )
    const forged = {
      ...signed,
      signature: await rival.signTypedData(
        (await import('../../chain/seaport')).orderTypedData(31337, m.chain.contracts.seaport, signed.order),
      ),
    }
    const response = await m.submit('listings', forged, m.seller)
    expect(response.status).toBe(400)
    expect(response.body.error!.message).toBe('signature: not signed by order.offerer')
  })

  it('refuses an order submitted by another signed-in wallet, and one without a session', async () => {
    const signed = await m.signedListing(m.seller, 7n, parseEther('1'))
    expect((await m.submit('listings', signed, rival)).status).toBe(403)
    const anonymous = await m.api('/v1/listings', {
      method: 'POST',
      body: JSON.stringify({ chainId: 31337, order: {}, signature: '0x' }),
    })
    expect(anonymous.status).toBe(401)
  })

  it('refuses dust: a 0-wei and a 99-wei listing, an offer and an auction reserve below the minimum, storing nothing', async () => {
    const minimum = 'the minimum of 0.0001 ETH (100000000000000 wei)'
    const before = await m.runtime.db.select().from(listings)
    const free = await m.signedListing(m.seller, 8n, parseEther('1'), (o) => ({
      ...o,
      consideration: [{ ...o.consideration[0]!, startAmount: 0n, endAmount: 0n }],
    }))
    const zero = await m.submit('listings', free, m.seller)
    expect(zero.status).toBe(400)
    expect(zero.body.error!.message).toBe(`order.consideration: the price of 0 ETH is below ${minimum}`)
    // 99 wei: both fees round down to nothing, so the order carries the seller's item only.
    const dust = await m.submit('listings', await m.signedListing(m.seller, 8n, 99n), m.seller)
    expect(dust.status).toBe(400)
    expect(dust.body.error!.message).toBe(
      `order.consideration: the price of 0.000000000000000099 ETH is below ${minimum}`,
    )
    const offer = await m.submit('offers', await m.signedOffer(rival, 8n, parseEther('0.00009')), rival)
    expect(offer.status).toBe(400)
    expect(offer.body.error!.message).toBe(`order.offer: the price of 0.00009 ETH is below ${minimum}`)
    const auction = await m.api(
      '/trpc/market.startAuction',
      {
        method: 'POST',
        body: JSON.stringify({ nftId: m.nftId(8n), reserveWei: '1000', endsAt: new Date(Date.now() + 3_600_000) }),
      },
      m.seller,
    )
    expect(auction.status).toBe(400)
    expect(JSON.stringify(auction.body)).toContain(`reserveWei: the price of 0.000000000000001 ETH is below ${minimum}`)
    expect(await m.runtime.db.select().from(listings)).toEqual(before)
  })

  it('refuses an order whose fees would round to zero, even under a lower configured minimum', async () => {
    const env = m.runtime.env
    const floor = env.minPriceWei
    env.minPriceWei = 1n
    try {
      const dust = await m.submit('listings', await m.signedListing(m.seller, 8n, 99n), m.seller)
      expect(dust.status).toBe(400)
      expect(dust.body.error!.message).toBe(
        'order.consideration: at 99 wei, the platform fee of 1% rounds to zero; ask more',
      )
      // 10,000 wei: the 1% and 5% fees are whole wei (100 and 500), so the configured minimum rules.
      expect((await m.submit('listings', await m.signedListing(m.seller, 6n, 10_000n), m.seller)).status).toBe(201)
    } finally {
      env.minPriceWei = floor
    }
  })

  it('names the field of a malformed order', async () => {
    const response = await m.api(
      '/v1/listings',
      { method: 'POST', body: JSON.stringify({ chainId: 31337, order: { offerer: 'me' }, signature: '0x00' }) },
      m.seller,
    )
    expect(response.status).toBe(400)
    expect(response.body.error!.message).toMatch(/order\.offerer/)
  })
})

describe('indexer', () => {
  it('turns a listing inactive when the token leaves the seller or approval is revoked, and active again when both are back', async () => {
    const signed = await m.signedListing(m.seller, 8n, parseEther('1'))
    const { orderHash } = (await m.submit('listings', signed, m.seller)).body.data as unknown as { orderHash: string }
    const status = async () =>
      (await m.runtime.db.select().from(listings).where(eq(listings.orderHash, orderHash)))[0]!.status

    await m.transfer(m.seller, rival, 8n)
    await m.index()
    expect(await status()).toBe('inactive')
    expect(
      (
        await m.runtime.db
          .select()
          .from(nfts)
          .where(eq(nfts.id, m.nftId(8n)))
      )[0]!.priceWei,
    ).toBeNull()

    await m.transfer(rival, m.seller, 8n)
    await m.index()
    expect(await status()).toBe('active')

    await m.approveSeaport(m.seller, false)
    await m.index()
    expect(await status()).toBe('inactive')
    await m.approveSeaport(m.seller, true)
    await m.index()
    expect(await status()).toBe('active')
  })

  it('leaves the database exactly as it was when it reads the same blocks again', async () => {
    const snapshot = async () =>
      JSON.stringify(
        await Promise.all([
          m.runtime.db.select().from(nfts).orderBy(nfts.id),
          m.runtime.db.select().from(listings).orderBy(listings.id),
          m.runtime.db.select().from(offers).orderBy(offers.id),
          m.runtime.db.select().from(sales).orderBy(sales.id),
          m.runtime.db.select().from(activity).orderBy(activity.id),
        ]),
      )
    await m.index()
    const before = await snapshot()
    await m.runtime.db.delete(chainCursors)
    await m.index()
    expect(await snapshot()).toBe(before)
  })

  it('ignores approvals for other operators', async () => {
    await m.send(m.seller, {
      address: m.contract,
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [zeroAddress.replace(/0$/, '1') as `0x${string}`, true],
    })
    expect(await m.index()).toBeDefined()
  })

  /** What the rounds `run` makes purge, from a clean outbox (a purge API stands in for Cloudflare's). */
  async function purgesOf(run: () => Promise<void>): Promise<string[][]> {
    const api = await startPurgeApi()
    const env = m.runtime.env
    env.cachePurge = api.target
    try {
      await m.index()
      api.purges.length = 0
      await run()
      return api.purges
    } finally {
      env.cachePurge = undefined
      await api.stop()
    }
  }

  it('purges no cached page when its round changes nothing a page shows, so the edge cache keeps its pages', async () => {
    const purges = await purgesOf(async () => {
      // Blocks with nothing of ours, while open offers and listings are checked again.
      await m.chain.client.mine({ blocks: 3 })
      expect(await m.index()).toMatchObject({ logs: 0 })
      expect(await m.index()).toBeNull() // and a round with no new block at all
    })
    expect(purges).toEqual([])
  })

  it('purges no cached page when a stranger floods Seaport with counters that void none of our orders', async () => {
    const purges = await purgesOf(async () => {
      const stranger = testAccount(9)
      for (let i = 0; i < 5; i++) {
        await m.send(stranger, {
          address: m.chain.contracts.seaport,
          abi: seaportAbi,
          functionName: 'incrementCounter',
        })
      }
      expect(await m.index()).toMatchObject({ logs: 5 })
    })
    expect(purges).toEqual([])
  })
})
