/**
 * Every listing and offer says whether it can be filled, why not, and the block that was read
 * at: for each way an order stops being fillable on a real Seaport on anvil, the next indexer
 * round shows it through the REST API, and an unfillable offer is never the best offer. The
 * checks of a round are one Multicall3 call per page of orders, counted at the RPC.
 */
import { eq, inArray } from 'drizzle-orm'
import { parseEther, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seaportAbi } from '../../chain/artifacts/Seaport'
import { wrappedEtherAbi } from '../../chain/artifacts/WrappedEther'
import { listingOrder, orderTypedData, randomSalt, type OrderComponents } from '../../chain/seaport'
import { listings, offers } from '../../db/schema'
import { testAccount } from '../support/chain'
import { startCountingRpc } from '../support/counting-rpc'
import { deployHostile721 } from '../support/hostile'
import { startMarket } from '../support/market'

type Account = ReturnType<typeof testAccount>
interface Order {
  orderHash: string
  price: { wei: string }
  fillable: boolean
  reason: string | null
  checkedBlock: number | null
}
interface Item {
  price: { wei: string } | null
  bestOffer: { wei: string } | null
  listings: Order[]
  offers: Order[]
}

let m: Awaited<ReturnType<typeof startMarket>>
let rpc: Awaited<ReturnType<typeof startCountingRpc>>
const rival = testAccount(4)

beforeAll(async () => {
  m = await startMarket(Array.from({ length: 20 }, (_, i) => BigInt(i + 1)))
  // The indexer reads the chain through a proxy that counts its calls.
  rpc = await startCountingRpc(m.chain.url)
  m.runtime.env = { ...m.runtime.env, chains: [{ id: 31337, rpcUrl: rpc.url, publicRpcUrl: rpc.url }] }
  await m.approveSeaport(m.seller)
  await m.index()
}, 60_000)
afterAll(async () => {
  rpc?.stop()
  await m?.stop()
})

const item = async (tokenId: bigint) => (await m.api(`/v1/nfts/${m.nftId(tokenId)}`)).body.data as unknown as Item
const order = async (hash: string) => (await m.api(`/v1/orders/${hash}`)).body.data as unknown as Order
const head = () => m.chain.client.getBlockNumber({ cacheTime: 0 })

type Signed = { order: OrderComponents; signature: Hex }
const submitted = async (kind: 'listings' | 'offers', signed: Signed, maker: Account) => {
  const response = await m.submit(kind, signed, maker)
  expect(response.status, response.body.error?.message).toBe(201)
  return (response.body.data as unknown as { orderHash: string }).orderHash
}
const list = async (tokenId: bigint, price = parseEther('1')) =>
  submitted('listings', await m.signedListing(m.seller, tokenId, price), m.seller)
const bid = async (maker: Account, tokenId: bigint, price: bigint) =>
  submitted('offers', await m.signedOffer(maker, tokenId, price), maker)

/** After the next round: the order is shown unfillable for `reason`, read at or after `changed`. */
function expectUnfillable(shown: Order | undefined, reason: string, changed: bigint) {
  expect(shown).toMatchObject({ fillable: false, reason })
  expect(BigInt(shown!.checkedBlock!)).toBeGreaterThanOrEqual(changed)
}

describe('a listing', () => {
  it('whose token moved away is not fillable (not_owner) and not the price, and fillable again when it is back', async () => {
    const hash = await list(1n)
    await m.index()
    expect((await item(1n)).listings).toMatchObject([{ orderHash: hash, fillable: true, reason: null }])

    await m.transfer(m.seller, rival, 1n)
    const moved = await head()
    await m.index()
    const token = await item(1n)
    expectUnfillable(
      token.listings.find((l) => l.orderHash === hash),
      'not_owner',
      moved,
    )
    expect(token.price).toBeNull()
    expectUnfillable(await order(hash), 'not_owner', moved)

    await m.transfer(rival, m.seller, 1n)
    const back = await head()
    await m.index()
    const again = (await item(1n)).listings[0]!
    expect(again).toMatchObject({ orderHash: hash, fillable: true, reason: null })
    expect(BigInt(again.checkedBlock!)).toBeGreaterThanOrEqual(back)
    expect((await item(1n)).price?.wei).toBe(parseEther('1').toString())
  })

  it("whose maker revoked Seaport's approval is not fillable (not_approved), and fillable again once approved", async () => {
    const hash = await list(2n)
    await m.approveSeaport(m.seller, false)
    const revoked = await head()
    await m.index()
    expectUnfillable(await order(hash), 'not_approved', revoked)
    expect((await item(2n)).price).toBeNull()

    await m.approveSeaport(m.seller, true)
    const approved = await head()
    await m.index()
    const shown = await order(hash)
    expect(shown).toMatchObject({ fillable: true, reason: null })
    expect(BigInt(shown.checkedBlock!)).toBeGreaterThanOrEqual(approved)
  })

  it('cancelled on Seaport is not fillable (cancelled), and no longer on the item', async () => {
    const signed = await m.signedListing(m.seller, 3n, parseEther('1'))
    const hash = await submitted('listings', signed, m.seller)
    await m.send(m.seller, {
      address: m.chain.contracts.seaport,
      abi: seaportAbi,
      functionName: 'cancel',
      args: [[signed.order]],
    })
    const cancelled = await head()
    await m.index()
    expectUnfillable(await order(hash), 'cancelled', cancelled)
    expect((await item(3n)).listings).toEqual([])
  })
})

describe('an offer', () => {
  const high = testAccount(5)
  const low = testAccount(6)
  const weth = () => m.chain.contracts.weth

  it('whose maker moved their WETH away is not fillable (insufficient_balance) nor the best offer, until the WETH is back', async () => {
    await m.wrapAndApprove(high, parseEther('1'))
    await m.wrapAndApprove(low, parseEther('1'))
    const best = await bid(high, 4n, parseEther('0.8'))
    const next = await bid(low, 4n, parseEther('0.3'))
    await m.index()
    expect((await item(4n)).bestOffer?.wei).toBe(parseEther('0.8').toString())

    await m.send(high, {
      address: weth(),
      abi: wrappedEtherAbi,
      functionName: 'transfer',
      args: [rival.address, parseEther('0.5')],
    })
    const moved = await head()
    await m.index()
    const token = await item(4n)
    expect(token.bestOffer?.wei).toBe(parseEther('0.3').toString())
    expect(token.offers.map((o) => [o.orderHash, o.fillable])).toEqual([
      [next, true],
      [best, false],
    ])
    expectUnfillable(token.offers[1], 'insufficient_balance', moved)

    await m.send(rival, {
      address: weth(),
      abi: wrappedEtherAbi,
      functionName: 'transfer',
      args: [high.address, parseEther('0.5')],
    })
    await m.index()
    expect((await item(4n)).bestOffer?.wei).toBe(parseEther('0.8').toString())
    expect((await order(best)).fillable).toBe(true)
  })

  it("whose maker cut Seaport's allowance below it is not fillable (insufficient_allowance) nor the best offer", async () => {
    const best = (await item(4n)).offers[0]!.orderHash
    await m.send(high, {
      address: weth(),
      abi: wrappedEtherAbi,
      functionName: 'approve',
      args: [m.chain.contracts.seaport, parseEther('0.1')],
    })
    const cut = await head()
    await m.index()
    expectUnfillable(await order(best), 'insufficient_allowance', cut)
    expect((await item(4n)).bestOffer?.wei).toBe(parseEther('0.3').toString())
  })

  it('whose maker bumped their Seaport counter is void (counter_bumped), and no longer the best offer', async () => {
    const bumper = testAccount(7)
    await m.wrapAndApprove(bumper, parseEther('1'))
    const hash = await bid(bumper, 5n, parseEther('0.9'))
    await bid(low, 5n, parseEther('0.2'))
    await m.index()
    expect((await item(5n)).bestOffer?.wei).toBe(parseEther('0.9').toString())

    await m.send(bumper, { address: m.chain.contracts.seaport, abi: seaportAbi, functionName: 'incrementCounter' })
    const bumped = await head()
    await m.index()
    expectUnfillable(await order(hash), 'counter_bumped', bumped)
    const token = await item(5n)
    expect(token.bestOffer?.wei).toBe(parseEther('0.2').toString())
    expect(token.offers.map((o) => o.orderHash)).not.toContain(hash)
  })

  it('past its end is not fillable (expired), and no longer the best offer', async () => {
    const hash = await bid(high, 6n, parseEther('0.05'))
    await bid(low, 6n, parseEther('0.01'))
    // Time passes: the offer's end, as stored, is now behind us.
    await m.runtime.db
      .update(offers)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(offers.orderHash, hash))
    expect(await order(hash)).toMatchObject({ fillable: false, reason: 'expired' })
    await m.index()
    expect(await order(hash)).toMatchObject({ fillable: false, reason: 'expired' })
    expect((await item(6n)).bestOffer?.wei).toBe(parseEther('0.01').toString())
  })
})

describe("a round's checks", () => {
  it('read a page of orders in one Multicall3 call, never a call per order', async () => {
    const tokens = [10n, 11n, 12n, 13n, 14n, 15n, 16n, 17n, 18n, 19n, 20n]
    for (const tokenId of tokens) await list(tokenId)
    await m.index()
    // Every listing of the seller is touched: one page of them, read at once.
    await m.approveSeaport(m.seller, false)
    rpc.reset()
    await m.index()
    const calls = rpc.ethCalls()
    // aggregate3: the listings' page and the offers' page; none of ownerOf, isApprovedForAll,
    // getCounter, balanceOf or allowance on its own.
    expect(calls.filter((c) => c.startsWith('0x82ad56cb'))).toHaveLength(2)
    expect(calls.filter((c) => !c.startsWith('0x82ad56cb'))).toEqual([])
    for (const tokenId of tokens) expect((await item(tokenId)).listings[0]).toMatchObject({ reason: 'not_approved' })
    await m.approveSeaport(m.seller, true)
    await m.index()
  })

  it('count a token contract that reverts, or sinks the whole call, as a no for its own listing only', async () => {
    const holder = testAccount(8)
    const hostile = await deployHostile721(m.chain.url, {
      feeRecipient: m.feeRecipient,
      feeBps: m.runtime.env.platformFee.bps,
    })
    await hostile.mint(holder.address, 1n)
    await m.importCollection(hostile.address, holder)
    await m.approveSeaport(holder, true, hostile.address)
    await m.index()
    const now = BigInt(Math.floor(Date.now() / 1000))
    const hostileListing = listingOrder({
      maker: holder.address,
      token: { contract: hostile.address, tokenId: 1n },
      price: parseEther('0.2'),
      fees: [{ recipient: m.feeRecipient, bps: m.runtime.env.platformFee.bps }],
      startTime: now - 60n,
      endTime: now + 86_400n,
      salt: randomSalt(),
      counter: await m.counterOf(holder),
    })
    const signature = await holder.signTypedData(orderTypedData(31337, m.chain.contracts.seaport, hostileListing))
    const hash = await submitted('listings', { order: hostileListing, signature }, holder)
    const ours = await list(9n)
    await hostile.refuseApprovals(true)
    try {
      // Both are the stalest listings: read in the round's one call for listings.
      await m.runtime.db
        .update(listings)
        .set({ checkedBlock: null })
        .where(inArray(listings.orderHash, [hash, ours]))
      rpc.reset()
      await m.index()
      expect(rpc.calls('eth_call', '0x82ad56cb')).toBe(2)
      expect(await order(hash)).toMatchObject({ fillable: false, reason: 'not_approved' })
      expect(await order(ours)).toMatchObject({ fillable: true, reason: null })
    } finally {
      await hostile.refuseApprovals(false)
    }

    // A read that sinks the whole call (a contract that burns all the gas it is given): the page
    // is read again in halves, down to that read alone, a "no" for its own listing only.
    await m.runtime.db
      .update(listings)
      .set({ checkedBlock: null })
      .where(inArray(listings.orderHash, [hash, ours]))
    rpc.failCallsWith(hostile.address.slice(2).toLowerCase())
    try {
      rpc.reset()
      await m.index()
      expect(await order(hash)).toMatchObject({ fillable: false, reason: 'not_owner' })
      expect(await order(ours)).toMatchObject({ fillable: true, reason: null })
      // A few halvings of the page, not a call per listing (and one call for the offers).
      const calls = rpc.calls('eth_call', '0x82ad56cb')
      expect(calls).toBeGreaterThan(2)
      expect(calls).toBeLessThanOrEqual(2 + 2 * Math.ceil(Math.log2(40)))
    } finally {
      rpc.failCallsWith(null)
    }
  })
})
