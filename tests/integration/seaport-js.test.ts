/**
 * A third-party client trades on Vitrine unmodified: @opensea/seaport-js with ethers 6 wallets
 * makes and signs the orders (0x-hex salt, 64-byte EIP-2098 signatures), the REST API accepts
 * them and shows them on the item, and seaport-js fills them as the API hands them out, on a real
 * chain (anvil, Seaport 1.6, WETH, a Vitrine collection) with payouts exact to the wei. An
 * offer for several of an imported ERC-1155 token is accepted in part by seaport-js too.
 */
import { ItemType } from '@opensea/seaport-js'
import { EIP_712_ORDER_TYPE } from '@opensea/seaport-js/lib/constants'
import { Contract, Signature, verifyTypedData } from 'ethers'
import { erc1155Abi, erc20Abi, parseEther, size } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { feeAmount } from '../../chain/seaport'
import { testAccount } from '../support/chain'
import { deployForeignEditions1155 } from '../support/foreign'
import { CREATOR_FEE_BPS, startMarket } from '../support/market'
import { seaportClients } from '../support/seaport-js'

let m: Awaited<ReturnType<typeof startMarket>>
let clients: ReturnType<typeof seaportClients>
beforeAll(async () => {
  m = await startMarket()
  clients = seaportClients(m.chain.url, m.chain.contracts.seaport)
}, 60_000)
afterAll(async () => {
  clients?.destroy()
  await m?.stop()
})

const seller = testAccount(2)
const buyer = testAccount(3)
const bidder = testAccount(4)

const walletOf = (index: number) => clients.walletOf(index)
const seaportOf = (index: number) => clients.seaportOf(index)

const fees = () => [
  { recipient: m.feeRecipient, basisPoints: m.runtime.env.platformFee.bps },
  { recipient: m.creator.address, basisPoints: CREATOR_FEE_BPS },
]
const inADay = () => (Math.floor(Date.now() / 1000) + 86_400).toString()

/** A listing of `tokenId` for `price` ETH, made and signed by seaport-js for the seller. */
async function sellerListing(tokenId: bigint, price: bigint) {
  const { executeAllActions } = await seaportOf(2).createOrder(
    {
      offer: [{ itemType: ItemType.ERC721, token: m.contract, identifier: tokenId.toString() }],
      consideration: [{ amount: price.toString(), recipient: seller.address }],
      fees: fees(),
      endTime: inADay(),
    },
    seller.address,
  )
  return executeAllActions()
}

type SignedOrder = Awaited<ReturnType<typeof sellerListing>>
const submit = (kind: 'listings' | 'offers', order: SignedOrder, as = seller, signature = order.signature) =>
  m.api(
    `/v1/${kind}`,
    { method: 'POST', body: JSON.stringify({ chainId: 31337, order: order.parameters, signature }) },
    as,
  )

/** The order as the API gives it to a filler, in the shape seaport-js fills. */
async function served(orderHash: string) {
  const response = await m.api(`/v1/orders/${orderHash}`)
  expect(response.status).toBe(200)
  const data = response.body.data as unknown as { components: SignedOrder['parameters']; signature: string }
  return { parameters: data.components, signature: data.signature }
}

async function itemOrders(tokenId: bigint) {
  const item = await m.api(`/v1/nfts/${m.nftId(tokenId)}`)
  const data = item.body.data as unknown as { listings: { orderHash: string }[]; offers: { orderHash: string }[] }
  return { listings: data.listings.map((l) => l.orderHash), offers: data.offers.map((o) => o.orderHash) }
}

const eth = (address: `0x${string}`) => m.chain.client.getBalance({ address })
const weth = (address: `0x${string}`) =>
  m.chain.client.readContract({
    address: m.chain.contracts.weth,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })

describe('a listing made by seaport-js', () => {
  it('is accepted, shown on the item, and bought with seaport-js, paying each party exactly', async () => {
    const price = parseEther('1.2345')
    const order = await sellerListing(1n, price)
    // What the server has to read: a hex salt and a compact signature.
    expect(order.parameters.salt).toMatch(/^0x[0-9a-f]{64}$/)
    expect(size(order.signature as `0x${string}`)).toBe(64)

    const submitted = await submit('listings', order)
    expect(submitted.body.error).toBeUndefined()
    expect(submitted.status).toBe(201)
    const { orderHash } = submitted.body.data as unknown as { orderHash: string }
    expect(orderHash).toBe(await seaportOf(2).getOrderHash(order.parameters))
    expect((await itemOrders(1n)).listings).toContain(orderHash)

    const stored = await served(orderHash)
    expect(stored.parameters.salt).toBe(BigInt(order.parameters.salt).toString())
    // Stored as the 65-byte form of the same signature, by the seller's key.
    expect(stored.signature).toBe(Signature.from(order.signature).serialized)

    const before = {
      seller: await eth(seller.address),
      fee: await eth(m.feeRecipient),
      creator: await eth(m.creator.address),
    }
    const { executeAllActions } = await seaportOf(3).fulfillOrder({ order: stored, accountAddress: buyer.address })
    const receipt = await (await executeAllActions()).wait()
    expect(receipt?.status).toBe(1)

    expect(await m.ownerOf(1n)).toBe(buyer.address)
    const platform = feeAmount(price, m.runtime.env.platformFee.bps)
    const creator = feeAmount(price, CREATOR_FEE_BPS)
    expect(platform).toBeGreaterThan(0n)
    expect((await eth(seller.address)) - before.seller).toBe(price - platform - creator)
    expect((await eth(m.feeRecipient)) - before.fee).toBe(platform)
    expect((await eth(m.creator.address)) - before.creator).toBe(creator)
  })
})

describe('a WETH offer made by seaport-js', () => {
  it('is accepted, shown on the item, and accepted by the owner with seaport-js, paying each party exactly', async () => {
    const price = parseEther('0.75')
    const deposit = await new Contract(m.chain.contracts.weth, ['function deposit() payable'], walletOf(4)).getFunction(
      'deposit',
    )({ value: price })
    await deposit.wait()

    const { executeAllActions: make } = await seaportOf(4).createOrder(
      {
        offer: [{ token: m.chain.contracts.weth, amount: price.toString() }],
        consideration: [{ itemType: ItemType.ERC721, token: m.contract, identifier: '2', recipient: bidder.address }],
        fees: fees(),
        endTime: inADay(),
      },
      bidder.address,
    )
    const order = await make()
    const submitted = await submit('offers', order, bidder)
    expect(submitted.body.error).toBeUndefined()
    expect(submitted.status).toBe(201)
    const { orderHash } = submitted.body.data as unknown as { orderHash: string }
    expect((await itemOrders(2n)).offers).toContain(orderHash)

    const before = {
      seller: await weth(seller.address),
      bidder: await weth(bidder.address),
      fee: await weth(m.feeRecipient),
      creator: await weth(m.creator.address),
    }
    const { executeAllActions: accept } = await seaportOf(2).fulfillOrder({
      order: await served(orderHash),
      accountAddress: seller.address,
    })
    const receipt = await (await accept()).wait()
    expect(receipt?.status).toBe(1)

    expect(await m.ownerOf(2n)).toBe(bidder.address)
    const platform = feeAmount(price, m.runtime.env.platformFee.bps)
    const creator = feeAmount(price, CREATOR_FEE_BPS)
    expect((await weth(seller.address)) - before.seller).toBe(price - platform - creator)
    expect(before.bidder - (await weth(bidder.address))).toBe(price)
    expect((await weth(m.feeRecipient)) - before.fee).toBe(platform)
    expect((await weth(m.creator.address)) - before.creator).toBe(creator)
  })
})

describe('order signatures', () => {
  it('accepts the 65-byte form of a signature as well as the 64-byte one', async () => {
    const order = await sellerListing(3n, parseEther('0.5'))
    const full = Signature.from(order.signature).serialized
    expect(size(full as `0x${string}`)).toBe(65)
    const submitted = await submit('listings', order, seller, full)
    expect(submitted.status).toBe(201)
    const { orderHash } = submitted.body.data as unknown as { orderHash: string }
    const stored = await served(orderHash)
    expect(stored.signature).toBe(full)
    const domain = { name: 'Seaport', version: '1.6', chainId: 31337, verifyingContract: m.chain.contracts.seaport }
    expect(verifyTypedData(domain, EIP_712_ORDER_TYPE, order.parameters, stored.signature)).toBe(seller.address)

    // v written as the y parity (0 or 1), which Seaport refuses on chain, is stored as 27 or 28.
    const other = await sellerListing(5n, parseEther('0.5'))
    const canonical = Signature.from(other.signature)
    const parityV = `${canonical.serialized.slice(0, -2)}0${canonical.yParity}`
    const accepted = await submit('listings', other, seller, parityV)
    expect(accepted.status).toBe(201)
    const hash = (accepted.body.data as unknown as { orderHash: string }).orderHash
    expect((await served(hash)).signature).toBe(canonical.serialized)
  })

  it('names a signature that is not r, s and v as such, and one by another key as a wrong signer; stores neither', async () => {
    const order = await sellerListing(4n, parseEther('0.5'))
    const orderHash = await seaportOf(2).getOrderHash(order.parameters)
    const badV = `${Signature.from(order.signature).serialized.slice(0, -2)}05`
    for (const garbage of ['0x1234', `0x${'ab'.repeat(66)}`, badV]) {
      const response = await submit('listings', order, seller, garbage)
      expect(response.status).toBe(400)
      expect(response.body.error!.message).toMatch(/^signature: is not a 64- or 65-byte ECDSA signature/)
    }

    const forged = await seaportOf(5).signOrder(order.parameters, testAccount(5).address)
    const response = await submit('listings', order, seller, forged)
    expect(response.status).toBe(400)
    expect(response.body.error!.message).toBe('signature: not signed by order.offerer')
    expect((await m.api(`/v1/orders/${orderHash}`)).status).toBe(404)
    expect((await itemOrders(4n)).listings).toEqual([])
  })
})

describe('an ERC-1155 offer made by seaport-js', () => {
  it('asks for 3 of a token, partially fillable; a holder accepts 2 with seaport-js, paid exactly', async () => {
    const holder = testAccount(6)
    const royaltyReceiver = testAccount(8).address
    const editions = await deployForeignEditions1155(m.chain.url, { royaltyReceiver, royaltyBps: 750 })
    await editions.mint(holder.address, 1n, 5n)
    await m.importCollection(editions.address, holder)
    await m.index()

    const unit = parseEther('0.1')
    const deposit = await new Contract(m.chain.contracts.weth, ['function deposit() payable'], walletOf(4)).getFunction(
      'deposit',
    )({ value: unit * 3n })
    await deposit.wait()
    const { executeAllActions: make } = await seaportOf(4).createOrder(
      {
        offer: [{ token: m.chain.contracts.weth, amount: (unit * 3n).toString() }],
        consideration: [
          {
            itemType: ItemType.ERC1155,
            token: editions.address,
            identifier: '1',
            amount: '3',
            recipient: bidder.address,
          },
        ],
        fees: [
          { recipient: m.feeRecipient, basisPoints: m.runtime.env.platformFee.bps },
          { recipient: royaltyReceiver, basisPoints: 750 },
        ],
        allowPartialFills: true,
        endTime: inADay(),
      },
      bidder.address,
    )
    const order = await make()
    const submitted = await submit('offers', order, bidder)
    expect(submitted.body.error).toBeUndefined()
    expect(submitted.status).toBe(201)
    const { orderHash, nftId } = submitted.body.data as unknown as { orderHash: string; nftId: number }
    const item = (await m.api(`/v1/nfts/${nftId}`)).body.data as unknown as {
      offers: { orderHash: string; quantity: string; remaining: string; price: { wei: string } }[]
    }
    expect(item.offers).toContainEqual(
      expect.objectContaining({
        orderHash,
        quantity: '3',
        remaining: '3',
        price: expect.objectContaining({ wei: unit.toString() }),
      }),
    )

    const before = {
      holder: await weth(holder.address),
      fee: await weth(m.feeRecipient),
      royalty: await weth(royaltyReceiver),
    }
    const { executeAllActions: accept } = await seaportOf(6).fulfillOrder({
      order: await served(orderHash),
      unitsToFill: 2,
      accountAddress: holder.address,
    })
    const receipt = await (await accept()).wait()
    expect(receipt?.status).toBe(1)

    const platform = feeAmount(unit, m.runtime.env.platformFee.bps) * 2n
    const royalty = feeAmount(unit, 750) * 2n
    expect((await weth(holder.address)) - before.holder).toBe(unit * 2n - platform - royalty)
    expect((await weth(m.feeRecipient)) - before.fee).toBe(platform)
    expect((await weth(royaltyReceiver)) - before.royalty).toBe(royalty)
    const tokens = (account: `0x${string}`) =>
      m.chain.client.readContract({
        address: editions.address,
        abi: erc1155Abi,
        functionName: 'balanceOf',
        args: [account, 1n],
      })
    expect(await tokens(bidder.address)).toBe(2n)
    expect(await tokens(holder.address)).toBe(3n)
    await m.index()
    const answer = (await m.api(`/v1/orders/${orderHash}`)).body.data as unknown as Record<string, unknown>
    expect(answer).toMatchObject({ kind: 'offer', quantity: '3', filledQuantity: '2', status: 'active' })
  })
})
