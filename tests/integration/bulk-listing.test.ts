/**
 * Listing many items with one signature (Seaport bulk orders), on a real chain: seaport-js's
 * createBulkOrders and our own builder make them, POST /api/v1/listings and /listings/bulk store
 * each order on its own, seaport-js fills them with payouts exact to the wei, a cancel on chain
 * touches only its order, an ERC-1155 listing of several is bought in part, bulk offers are
 * accepted, and forged or mismatched proofs are refused with nothing stored.
 */
import { ItemType } from '@opensea/seaport-js'
import { erc1155Abi, parseEther, size, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bulkListing, bulkSignature, parseBulkSignature } from '../../chain/bulk-orders'
import {
  feeAmount,
  listingOrder,
  offerOrder,
  orderToJson,
  randomSalt,
  type Fee,
  type OrderComponents,
  type Token,
} from '../../chain/seaport'
import { deployForeignEditions1155 } from '../support/foreign'
import { testAccount } from '../support/chain'
import { CREATOR_FEE_BPS, startMarket } from '../support/market'
import { seaportClients } from '../support/seaport-js'

let m: Awaited<ReturnType<typeof startMarket>>
let clients: ReturnType<typeof seaportClients>
beforeAll(async () => {
  m = await startMarket([1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n, 11n])
  clients = seaportClients(m.chain.url, m.chain.contracts.seaport)
}, 60_000)
afterAll(async () => {
  clients?.destroy()
  await m?.stop()
})

const seller = testAccount(2)
const buyer = testAccount(3)

const seaportOf = (index: number) => clients.seaportOf(index)

const inADay = () => BigInt(Math.floor(Date.now() / 1000) + 86_400)
const eth = (address: `0x${string}`) => m.chain.client.getBalance({ address })
const post = (path: string, body: unknown, as = seller) =>
  m.api(path, { method: 'POST', body: JSON.stringify(body) }, as)
const postListing = (order: unknown, signature: string, as = seller) =>
  post('/v1/listings', { chainId: 31337, order, signature }, as)

/** The order as the API gives it to a filler, in the shape seaport-js fills. */
async function served(orderHash: string) {
  const response = await m.api(`/v1/orders/${orderHash}`)
  expect(response.status).toBe(200)
  const data = response.body.data as unknown as { components: never; signature: string; status: string }
  return { parameters: data.components, signature: data.signature, status: data.status }
}
const itemListings = async (tokenId: bigint) =>
  (
    (await m.api(`/v1/nfts/${m.nftId(tokenId)}`)).body.data as unknown as {
      listings: { orderHash: string; price: { wei: string } }[]
    }
  ).listings

const vitrineFees = () => [
  { recipient: m.feeRecipient, bps: m.runtime.env.platformFee.bps },
  { recipient: m.creator.address, bps: CREATOR_FEE_BPS },
]

interface Item {
  token: Token
  price: bigint
  fees: Fee[]
}

/** Listings of `items` in one bulk signed by our builder, with the seller's key. */
async function signBulk(items: Item[]) {
  const now = BigInt(Math.floor(Date.now() / 1000))
  const counter = await m.counterOf(seller)
  const orders: OrderComponents[] = items.map(({ token, price, fees }) =>
    listingOrder({
      maker: seller.address,
      token,
      price,
      fees,
      startTime: now - 60n,
      endTime: now + 86_400n,
      salt: randomSalt(),
      counter,
    }),
  )
  const bulk = bulkListing(31337, m.chain.contracts.seaport, orders)
  const signatures = bulk.signatures(await seller.signTypedData(bulk.typedData))
  return orders.map((order, i) => ({ order, json: orderToJson(order), signature: signatures[i]! }))
}

/** Listings of Vitrine's collection (token id → wei) in one bulk our builder made. */
const ourBulk = (prices: [bigint, bigint][]) =>
  signBulk(prices.map(([tokenId, price]) => ({ token: { contract: m.contract, tokenId }, price, fees: vitrineFees() })))

describe('a bulk of listings made by seaport-js', () => {
  it('is stored order by order, filled by seaport-js to the wei, and one cancelled alone', async () => {
    const prices = [parseEther('0.5'), parseEther('0.75'), parseEther('1.25')]
    const { executeAllActions } = await seaportOf(2).createBulkOrders(
      prices.map((price, i) => ({
        offer: [{ itemType: ItemType.ERC721, token: m.contract, identifier: String(i + 1) }],
        consideration: [{ amount: price.toString(), recipient: seller.address }],
        fees: [
          { recipient: m.feeRecipient, basisPoints: m.runtime.env.platformFee.bps },
          { recipient: m.creator.address, basisPoints: CREATOR_FEE_BPS },
        ],
        endTime: inADay().toString(),
      })),
      seller.address,
    ) // approves Seaport for the collection first
    const made = await executeAllActions()
    // One compact signature, a 3-byte index and a proof of 2 levels (4 leaves for 3 orders).
    expect(made.map((o) => size(o.signature as Hex))).toEqual([131, 131, 131])

    const hashes: string[] = []
    for (const [i, order] of made.entries()) {
      const stored = await postListing(order.parameters, order.signature)
      expect(stored.body.error).toBeUndefined()
      expect(stored.status).toBe(201)
      const { orderHash } = stored.body.data as unknown as { orderHash: string }
      expect(orderHash).toBe(await seaportOf(2).getOrderHash(order.parameters))
      expect((await itemListings(BigInt(i + 1))).map((l) => [l.orderHash, l.price.wei])).toEqual([
        [orderHash, prices[i]!.toString()],
      ])
      hashes.push(orderHash)
    }
    // Stored with the ECDSA part as 65 bytes (Seaport takes 64 or 65 in a bulk signature).
    const second = await served(hashes[1]!)
    expect(size(second.signature as Hex)).toBe(132)
    expect(second.signature.slice(132)).toBe(made[1]!.signature.slice(130))

    const before = {
      seller: await eth(seller.address),
      fee: await eth(m.feeRecipient),
      creator: await eth(m.creator.address),
    }
    const fill = await seaportOf(3).fulfillOrder({ order: second, accountAddress: buyer.address })
    expect((await (await fill.executeAllActions()).wait())?.status).toBe(1)
    expect(await m.ownerOf(2n)).toBe(buyer.address)
    const platform = feeAmount(prices[1]!, m.runtime.env.platformFee.bps)
    const creator = feeAmount(prices[1]!, CREATOR_FEE_BPS)
    expect((await eth(seller.address)) - before.seller).toBe(prices[1]! - platform - creator)
    expect((await eth(m.feeRecipient)) - before.fee).toBe(platform)
    expect((await eth(m.creator.address)) - before.creator).toBe(creator)

    const cancel = await seaportOf(2).cancelOrders([made[2]!.parameters], seller.address).transact()
    expect((await cancel.wait())?.status).toBe(1)
    await m.index()
    expect((await served(hashes[0]!)).status).toBe('active')
    expect((await served(hashes[1]!)).status).toBe('filled')
    expect((await served(hashes[2]!)).status).toBe('cancelled')
    expect(await itemListings(1n)).toHaveLength(1)
  })
})

describe('POST /api/v1/listings/bulk', () => {
  it('stores every order it can, names the one refused, and seaport-js fills one our builder made', async () => {
    await m.transfer(seller, buyer, 6n) // the seller no longer holds token 6
    const bulk = await ourBulk([
      [4n, parseEther('0.3')],
      [5n, parseEther('0.4')],
      [6n, parseEther('0.5')],
    ])
    const answer = await post('/v1/listings/bulk', {
      chainId: 31337,
      orders: bulk.map(({ json, signature }) => ({ order: json, signature })),
    })
    expect(answer.status).toBe(200)
    const results = answer.body.data as unknown as { status: string; orderHash: string; message?: string }[]
    expect(results.map((r) => r.status)).toEqual(['listed', 'listed', 'refused'])
    expect(results[2]).toEqual({
      status: 'refused',
      orderHash: expect.stringMatching(/^0x/),
      code: 'bad_request',
      message: 'order.offerer: does not own this token',
    })
    expect(await itemListings(6n)).toEqual([])
    expect((await itemListings(4n)).map((l) => l.orderHash)).toEqual([results[0]!.orderHash])

    const five = await served(results[1]!.orderHash)
    const sellerBefore = await eth(seller.address)
    const fill = await seaportOf(3).fulfillOrder({ order: five, accountAddress: buyer.address })
    expect((await (await fill.executeAllActions()).wait())?.status).toBe(1)
    expect(await m.ownerOf(5n)).toBe(buyer.address)
    const price = parseEther('0.4')
    const fees = feeAmount(price, m.runtime.env.platformFee.bps) + feeAmount(price, CREATOR_FEE_BPS)
    expect((await eth(seller.address)) - sellerBefore).toBe(price - fees)

    // Sent again: the stored ones are conflicts, each named, none stored twice.
    const again = await post('/v1/listings/bulk', {
      chainId: 31337,
      orders: bulk.slice(0, 1).map(({ json, signature }) => ({ order: json, signature })),
    })
    expect(again.body.data).toEqual([
      {
        status: 'refused',
        orderHash: results[0]!.orderHash,
        code: 'conflict',
        message: 'order: this order was already submitted',
      },
    ])
    // Another wallet's session: each order refused as not theirs.
    const stranger = await post(
      '/v1/listings/bulk',
      { chainId: 31337, orders: bulk.slice(1, 2).map(({ json, signature }) => ({ order: json, signature })) },
      buyer,
    )
    expect(stranger.body.data).toEqual([
      expect.objectContaining({
        status: 'refused',
        code: 'forbidden',
        message: expect.stringContaining('order.offerer'),
      }),
    ])
  })

  it('takes an ERC-1155 listing of several beside an ERC-721 one; seaport-js buys part of it, paid exactly', async () => {
    const royaltyReceiver = testAccount(8).address
    const editions = await deployForeignEditions1155(m.chain.url, { royaltyReceiver, royaltyBps: 750 })
    await editions.mint(seller.address, 1n, 5n)
    await m.importCollection(editions.address, seller)
    await m.index()
    await m.approveSeaport(seller, true, editions.address)
    const unit = parseEther('0.1')
    const [tokens, art] = await signBulk([
      {
        token: { contract: editions.address, tokenId: 1n, quantity: 4n },
        price: unit,
        fees: [
          { recipient: m.feeRecipient, bps: m.runtime.env.platformFee.bps },
          { recipient: royaltyReceiver, bps: 750 },
        ],
      },
      { token: { contract: m.contract, tokenId: 11n }, price: parseEther('0.6'), fees: vitrineFees() },
    ])
    const answer = await post('/v1/listings/bulk', {
      chainId: 31337,
      orders: [tokens!, art!].map(({ json, signature }) => ({ order: json, signature })),
    })
    const results = answer.body.data as unknown as { status: string; orderHash: string; message?: string }[]
    expect(results.map((r) => r.message ?? r.status)).toEqual(['listed', 'listed'])

    const stored = await served(results[0]!.orderHash)
    const before = { seller: await eth(seller.address), royalty: await eth(royaltyReceiver) }
    const fill = await seaportOf(3).fulfillOrder({ order: stored, unitsToFill: 2, accountAddress: buyer.address })
    expect((await (await fill.executeAllActions()).wait())?.status).toBe(1)
    const platform = feeAmount(unit, m.runtime.env.platformFee.bps) * 2n
    const royalty = feeAmount(unit, 750) * 2n
    expect((await eth(seller.address)) - before.seller).toBe(unit * 2n - platform - royalty)
    expect((await eth(royaltyReceiver)) - before.royalty).toBe(royalty)
    expect(
      await m.chain.client.readContract({
        address: editions.address,
        abi: erc1155Abi,
        functionName: 'balanceOf',
        args: [buyer.address, 1n],
      }),
    ).toBe(2n)
  })

  it('refuses bad input with a 400 naming it, and signed-out callers with a 401', async () => {
    const [one] = await ourBulk([[7n, parseEther('0.2')]])
    const entry = { order: one!.json, signature: one!.signature }
    const cases: [unknown, RegExp][] = [
      [{ chainId: 31337, orders: [] }, /^orders: must hold at least one order/],
      [{ chainId: 31337, orders: Array(101).fill(entry) }, /^orders: must hold at most 100 orders/],
      [{ chainId: 31337, orders: [entry], extra: 1 }, /extra/],
      [{ chainId: 31337, orders: [{ ...entry, chainId: 31337 }] }, /chainId/],
      [{ chainId: 31337, orders: [{ ...entry, signature: 'nope' }] }, /^orders\.0\.signature: /],
      [
        { chainId: 31337, orders: [{ order: { ...one!.json, offer: [] }, signature: one!.signature }] },
        /^orders\.0\.order\.offer: /,
      ],
      [{ orders: [entry] }, /^chainId: /],
    ]
    for (const [body, message] of cases) {
      const answer = await post('/v1/listings/bulk', body)
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(answer.body.error?.message).toMatch(message)
    }
    const signedOut = await m.api('/v1/listings/bulk', {
      method: 'POST',
      body: JSON.stringify({ chainId: 31337, orders: [entry] }),
    })
    expect(signedOut.status).toBe(401)
    expect(await itemListings(7n)).toEqual([])
  })
})

describe('a bulk of offers', () => {
  it('is accepted on POST /api/v1/offers, each with its own bulk signature', async () => {
    const price = parseEther('0.05')
    await m.wrapAndApprove(buyer, price * 2n)
    const now = BigInt(Math.floor(Date.now() / 1000))
    const counter = await m.counterOf(buyer)
    const orders = [1n, 4n].map((tokenId) =>
      offerOrder({
        maker: buyer.address,
        token: { contract: m.contract, tokenId },
        price,
        fees: vitrineFees(),
        weth: m.chain.contracts.weth,
        startTime: now - 60n,
        endTime: now + 86_400n,
        salt: randomSalt(),
        counter,
      }),
    )
    const bulk = bulkListing(31337, m.chain.contracts.seaport, orders)
    const signatures = bulk.signatures(await buyer.signTypedData(bulk.typedData))
    for (const [i, order] of orders.entries()) {
      const answer = await post(
        '/v1/offers',
        { chainId: 31337, order: orderToJson(order), signature: signatures[i] },
        buyer,
      )
      expect(answer.body.error).toBeUndefined()
      expect(answer.status).toBe(201)
    }
  })
})

describe('a bulk signature that does not hold', () => {
  it('is refused with a plain message, and nothing is stored', async () => {
    const [eight, nine, ten] = await ourBulk([
      [8n, parseEther('0.2')],
      [9n, parseEther('0.3')],
      [10n, parseEther('0.4')],
    ])
    const parsed = parseBulkSignature(eight!.signature)
    if (!parsed?.ok) throw new Error('not a bulk signature')
    const { signature, index, proof } = parsed
    const refusals: [string, Hex, RegExp][] = [
      [
        'a forged proof',
        bulkSignature(signature, index, [proof[0]!, `0x${'ab'.repeat(32)}`]),
        /^signature: not the offerer's bulk signature of this order/,
      ],
      ['a wrong index', bulkSignature(signature, 1, proof), /^signature: not the offerer's bulk signature/],
      ["another order's proof", nine!.signature, /^signature: not the offerer's bulk signature/],
      [
        'a tree 25 levels high',
        bulkSignature(signature, 0, Array(25).fill(proof[0]!)),
        /^signature: a bulk signature's tree is 1 to 24 levels high; this one is 25/,
      ],
      ['an index past the tree', bulkSignature(signature, 4, proof), /^signature: index 4 is past the 4 orders/],
      [
        'no proof at all',
        bulkSignature(signature, 0, []),
        /^signature: a bulk signature's tree is 1 to 24 levels high; this one is 0/,
      ],
    ]
    for (const [what, bad, message] of refusals) {
      const answer = await postListing(eight!.json, bad)
      expect(answer.status, what).toBe(400)
      expect(answer.body.error?.message, what).toMatch(message)
    }
    // Signed by someone else entirely: the same tree, another key.
    const bulk = bulkListing(31337, m.chain.contracts.seaport, [eight!.order, nine!.order, ten!.order])
    const stranger = bulk.signatures(await buyer.signTypedData(bulk.typedData))[0]!
    expect((await postListing(eight!.json, stranger)).body.error?.message).toMatch(/^signature: not the offerer's bulk/)
    expect(await itemListings(8n)).toEqual([])

    // The true one is stored once; its replay is a conflict, through either door.
    expect((await postListing(eight!.json, eight!.signature)).status).toBe(201)
    const replay = await postListing(eight!.json, eight!.signature)
    expect(replay.status).toBe(409)
    expect(replay.body.error?.message).toBe('order: this order was already submitted')
    expect(await itemListings(8n)).toHaveLength(1)
  })
})
