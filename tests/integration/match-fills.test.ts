/**
 * Vitrine's orders filled through Seaport's matchOrders (as an aggregator or a bot would), or an
 * offer accepted with its WETH sent to another address: Seaport's OrderFulfilled then names the
 * match's caller or the WETH's recipient, not the other side, and the indexer finds who took the
 * other side from the token's move in the transaction. Anvil, Seaport 1.6, the REST API.
 */
import { parseEther, parseEventLogs, zeroAddress, zeroHash, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seaportAbi } from '../../chain/artifacts/Seaport'
import {
  FULL_OPEN,
  ItemType,
  feeAmount,
  orderParameters,
  orderTypedData,
  randomSalt,
  type ConsiderationItem,
  type OfferItem,
  type OrderComponents,
} from '../../chain/seaport'
import { applyFill, refreshCollectionStats } from '../../db/market'
import { testAccount } from '../support/chain'
import { CREATOR_FEE_BPS, startMarket } from '../support/market'

let m: Awaited<ReturnType<typeof startMarket>>
beforeAll(async () => {
  m = await startMarket()
  await m.approveSeaport(m.seller)
}, 60_000)
afterAll(() => m.stop())

type Account = ReturnType<typeof testAccount>
const buyer = testAccount(3)
/** Sends matches for others, as an aggregator or a bot does. */
const matcher = testAccount(5)

/** An order of one side of a match, valid for an hour (Seaport takes it unsigned from its offerer). */
async function sideOrder(maker: Account, offer: OfferItem[], consideration: ConsiderationItem[]) {
  const now = BigInt(Math.floor(Date.now() / 1000))
  const counter = await m.counterOf(maker)
  const order: OrderComponents = {
    offerer: maker.address,
    zone: zeroAddress,
    offer,
    consideration,
    orderType: FULL_OPEN,
    startTime: now - 60n,
    endTime: now + 3_600n,
    zoneHash: zeroHash,
    salt: randomSalt(),
    conduitKey: zeroHash,
    counter,
  }
  return order
}

/** A fulfillment: the `offer` item ([order, item]) pays the `consideration` item. */
const pair = (offer: [number, number], consideration: [number, number]) => ({
  offerComponents: [{ orderIndex: BigInt(offer[0]), itemIndex: BigInt(offer[1]) }],
  considerationComponents: [{ orderIndex: BigInt(consideration[0]), itemIndex: BigInt(consideration[1]) }],
})

const nftItem = (tokenId: bigint): OfferItem => ({
  itemType: ItemType.ERC721,
  token: m.contract,
  identifierOrCriteria: tokenId,
  startAmount: 1n,
  endAmount: 1n,
})
const ethItem = (amount: bigint): OfferItem => ({
  itemType: ItemType.NATIVE,
  token: zeroAddress,
  identifierOrCriteria: 0n,
  startAmount: amount,
  endAmount: amount,
})

type Signed = { order: OrderComponents; signature: Hex }
const asOrder = (signed: Signed) => ({ parameters: orderParameters(signed.order), signature: signed.signature })

async function matchOrders(caller: Account, orders: Signed[], fulfillments: ReturnType<typeof pair>[], value = 0n) {
  const hash = await m.chain.walletOf(caller).writeContract({
    address: m.chain.contracts.seaport,
    abi: seaportAbi,
    functionName: 'matchOrders',
    args: [orders.map(asOrder), fulfillments],
    value,
  })
  const receipt = await m.chain.client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  // Seaport names the caller as every matched order's recipient, whoever got the token.
  const fills = parseEventLogs({ abi: seaportAbi, eventName: 'OrderFulfilled', logs: receipt.logs })
  expect(fills.map((fill) => fill.args.recipient)).toEqual(orders.map(() => caller.address))
  return hash
}

/**
 * `caller` fills a stored listing with matchOrders for `receiver`: the caller's own order pays the
 * ETH and takes the token to the receiver.
 */
async function buyThroughMatch(caller: Account, listing: Signed, receiver: Address) {
  const price = listing.order.consideration.reduce((sum, c) => sum + c.startAmount, 0n)
  const tokenId = listing.order.offer[0]!.identifierOrCriteria
  const own = await sideOrder(caller, [ethItem(price)], [{ ...nftItem(tokenId), recipient: receiver }])
  return matchOrders(
    caller,
    [listing, { order: own, signature: '0x' }],
    [pair([0, 0], [1, 0]), ...listing.order.consideration.map((_, i) => pair([1, 0], [0, i]))],
    price,
  )
}

interface ActivityLine {
  from: string | null
  to: string | null
  price: { wei: string } | null
  txHash: string
}
const salesOf = async (tokenId: bigint) =>
  (await m.api(`/v1/activity?type=sale&nft=${m.nftId(tokenId)}`)).body.data as unknown as ActivityLine[]
const volume = async () =>
  ((await m.api('/v1/collections/harbour-lights')).body.data as unknown as { stats: { volumeAll: { wei: string } } })
    .stats.volumeAll.wei

describe('a listing filled through matchOrders', () => {
  it("records who received the token as the buyer, not the match's caller", async () => {
    const price = parseEther('0.7')
    const signed = await m.signedListing(m.seller, 1n, price)
    expect((await m.submit('listings', signed, m.seller)).status).toBe(201)

    const hash = await buyThroughMatch(matcher, signed, buyer.address)
    expect(await m.ownerOf(1n)).toBe(buyer.address)
    await m.index()

    const [sale] = await salesOf(1n)
    expect(sale).toMatchObject({
      from: m.seller.address,
      to: buyer.address,
      price: { wei: price.toString() },
      txHash: hash,
    })
    const bought = (await m.api(`/v1/activity?user=${buyer.address}`)).body.data as unknown as ActivityLine[]
    expect(bought.map((line) => line.txHash)).toContain(hash)
    const owned = await m.api(`/v1/users/owned/${buyer.address}`)
    expect((owned.body.data as unknown as { id: number }[]).map((n) => n.id)).toContain(m.nftId(1n))
    expect(await volume()).toBe(price.toString())
  })

  it.each([
    ['the seller', 2n, () => m.seller],
    ['another account', 5n, () => testAccount(6)],
  ])('adds no volume when the seller buys back their own listing, the match sent by %s', async (_, tokenId, caller) => {
    const before = await volume()
    const signed = await m.signedListing(m.seller, tokenId, parseEther('50'))
    expect((await m.submit('listings', signed, m.seller)).status).toBe(201)

    const hash = await buyThroughMatch(caller(), signed, m.seller.address)
    expect(await m.ownerOf(tokenId)).toBe(m.seller.address)
    await m.index()

    const [sale] = await salesOf(tokenId)
    expect(sale).toMatchObject({ from: m.seller.address, to: m.seller.address, txHash: hash })
    expect(await volume()).toBe(before)
  })
})

describe('an offer accepted through matchOrders', () => {
  it("records who gave the token as the seller, not the match's caller", async () => {
    const price = parseEther('0.4')
    await m.wrapAndApprove(buyer, price)
    const offer = await m.signedOffer(buyer, 3n, price)
    expect((await m.submit('offers', offer, buyer)).status).toBe(201)
    const before = BigInt(await volume())

    // The owner signs an order giving the token for the WETH left after the fees; a bot matches both.
    const fees = feeAmount(price, m.runtime.env.platformFee.bps) + feeAmount(price, CREATOR_FEE_BPS)
    const proceeds = { ...ethItem(price - fees), itemType: ItemType.ERC20, token: m.chain.contracts.weth as Address }
    const order = await sideOrder(m.seller, [nftItem(3n)], [{ ...proceeds, recipient: m.seller.address }])
    const signature = await m.seller.signTypedData(orderTypedData(31337, m.chain.contracts.seaport, order))
    const hash = await matchOrders(
      matcher,
      [offer, { order, signature }],
      [
        pair([1, 0], [0, 0]),
        ...offer.order.consideration.slice(1).map((_, i) => pair([0, 0], [0, i + 1])),
        pair([0, 0], [1, 0]),
      ],
    )
    expect(await m.ownerOf(3n)).toBe(buyer.address)
    await m.index()

    const [sale] = await salesOf(3n)
    expect(sale).toMatchObject({ from: m.seller.address, to: buyer.address, txHash: hash })
    const sold = (await m.api(`/v1/activity?user=${m.seller.address}`)).body.data as unknown as ActivityLine[]
    expect(sold.map((line) => line.txHash)).toContain(hash)
    expect(BigInt(await volume()) - before).toBe(price)
  })
})

describe('an offer accepted with its WETH sent to another address', () => {
  it('records the holder who gave the token as the seller, and a bidder filling their own offer adds no volume', async () => {
    const cold = testAccount(7)
    const accept = async (holder: Account, offer: Signed, price: bigint) => {
      // The accepting wallet pays the fees from its own WETH, since the offer's WETH goes to `cold`
      // (a bidder accepting their own offer also pays the offer from it: one allowance for both).
      await m.wrapAndApprove(holder, 2n * price)
      const hash = await m.chain.walletOf(holder).writeContract({
        address: m.chain.contracts.seaport,
        abi: seaportAbi,
        functionName: 'fulfillAdvancedOrder',
        args: [{ ...asOrder(offer), numerator: 1n, denominator: 1n, extraData: '0x' }, [], zeroHash, cold.address],
      })
      const receipt = await m.chain.client.waitForTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      const [fill] = parseEventLogs({ abi: seaportAbi, eventName: 'OrderFulfilled', logs: receipt.logs })
      expect(fill!.args.recipient).toBe(cold.address)
      return hash
    }
    // Two offers on the seller's token, the second for the bidder to accept once the token is theirs.
    const [high, low] = [parseEther('0.2'), parseEther('0.1')]
    await m.wrapAndApprove(buyer, high + low)
    const first = await m.signedOffer(buyer, 6n, high)
    const second = await m.signedOffer(buyer, 6n, low)
    for (const offer of [first, second]) expect((await m.submit('offers', offer, buyer)).status).toBe(201)

    let before = BigInt(await volume())
    const hash = await accept(m.seller, first, high)
    await m.index()
    expect((await salesOf(6n))[0]).toMatchObject({ from: m.seller.address, to: buyer.address, txHash: hash })
    expect(BigInt(await volume()) - before).toBe(high)

    // A wash, whoever gets the WETH.
    await m.approveSeaport(buyer)
    before = BigInt(await volume())
    const wash = await accept(buyer, second, low)
    await m.index()
    expect((await salesOf(6n))[0]).toMatchObject({ from: buyer.address, to: buyer.address, txHash: wash })
    expect(BigInt(await volume())).toBe(before)
  })
})

describe('a fill whose other side the indexer cannot tell', () => {
  it('shows no buyer and adds no volume', async () => {
    const signed = await m.signedListing(m.seller, 4n, parseEther('30'))
    const submitted = await m.submit('listings', signed, m.seller)
    const { orderHash } = submitted.body.data as unknown as { orderHash: string }
    const before = await volume()

    // As the indexer records a match whose token move it found nowhere (no log, or several).
    const log = { txHash: `0x${'ab'.repeat(32)}`, logIndex: 0, blockNumber: 1n, at: new Date() }
    await applyFill(m.runtime.db, log, { orderHash, offerer: m.seller.address, recipient: null, erc20Offered: 0n })
    await refreshCollectionStats(m.runtime.db)

    const [sale] = await salesOf(4n)
    expect(sale).toMatchObject({ from: m.seller.address, to: null, price: { wei: parseEther('30').toString() } })
    expect(await volume()).toBe(before)
  })
})
