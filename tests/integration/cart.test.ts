/**
 * A cart and a sweep bought in one Seaport `fulfillAvailableAdvancedOrders`, on anvil: five
 * listings of two collections (one an ERC-1155 listing bought in part, one made by seaport-js),
 * one bought by someone else first; the one transaction buys the other four, the buyer pays
 * exactly their sum plus gas, each seller, the platform and each creator receive their share to
 * the wei, and the indexer records four sales. The sweep answers the n cheapest within a
 * maximum, in price order, and says so when the maximum buys none.
 */
import { ItemType as SeaportJsItemType, Seaport } from '@opensea/seaport-js'
import { eq } from 'drizzle-orm'
import { HDNodeWallet, JsonRpcProvider } from 'ethers'
import { erc1155Abi, erc721Abi, getAddress, parseEther, type Address, type Hex } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seaportAbi } from '../../chain/artifacts/Seaport'
import { cartFill, cartOutcome, cartRefusal, planCart, type CartOrder } from '../../chain/cart'
import {
  feeAmount,
  listingOrder,
  orderFromJson,
  orderTypedData,
  randomSalt,
  type Fee,
  type OrderJson,
} from '../../chain/seaport'
import { sales } from '../../db/schema'
import { TEST_MNEMONIC, testAccount } from '../support/chain'
import { deployForeignEditions1155 } from '../support/foreign'
import { CREATOR_FEE_BPS, startMarket } from '../support/market'

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are JSON */

let m: Awaited<ReturnType<typeof startMarket>>
let editions: Awaited<ReturnType<typeof deployForeignEditions1155>>
let provider: JsonRpcProvider
const holder = testAccount(5)
const buyer = testAccount(6)
const other = testAccount(7)
const royaltyReceiver = testAccount(8).address
const EDITIONS_ROYALTY_BPS = 250

beforeAll(async () => {
  m = await startMarket([1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n])
  provider = new JsonRpcProvider(m.chain.url, 31337, { staticNetwork: true, pollingInterval: 50, cacheTimeout: -1 })
  editions = await deployForeignEditions1155(m.chain.url, {
    owner: testAccount(3),
    royaltyReceiver,
    royaltyBps: EDITIONS_ROYALTY_BPS,
  })
  await editions.mint(holder.address, 7n, 5n)
  await m.importCollection(editions.address, holder)
  await m.approveSeaport(holder, true, editions.address)
  await m.approveSeaport(m.seller)
  await m.index()
}, 90_000)
afterAll(async () => {
  provider?.destroy()
  await m?.stop()
})

const platformBps = () => m.runtime.env.platformFee.bps
const harbourFees = (): Fee[] => [
  { recipient: m.feeRecipient, bps: platformBps() },
  { recipient: m.creator.address, bps: CREATOR_FEE_BPS },
]
const eth = (address: Address) => m.chain.client.getBalance({ address })

async function listed(signed: { order: any; signature: Hex }, as: HDAccount) {
  const submitted = await m.submit('listings', signed, as)
  expect(submitted.body.error).toBeUndefined()
  return (submitted.body.data as any).orderHash as string
}

/** An order as the API hands it to a buyer's cart: components and signature from GET /v1/orders/{hash}. */
async function served(orderHash: string, units = 1n): Promise<CartOrder> {
  const { body } = await m.api(`/v1/orders/${orderHash}`)
  const data = body.data as any
  return {
    order: orderFromJson(data.components as OrderJson),
    signature: data.signature as Hex,
    units,
    quantity: BigInt(data.quantity),
  }
}

/** Sends the cart from `account` as the browser does: one fulfillAvailableAdvancedOrders. */
async function checkout(account: HDAccount, orders: CartOrder[]) {
  const { args, value } = cartFill(orders)
  const hash = await m.chain.walletOf(account).writeContract({
    address: m.chain.contracts.seaport,
    abi: seaportAbi,
    functionName: 'fulfillAvailableAdvancedOrders',
    args,
    value,
  })
  const receipt = await m.chain.client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return { receipt, value, gas: receipt.gasUsed * receipt.effectiveGasPrice }
}

/** A listing made and signed by seaport-js (an ethers wallet), as a third-party client would. */
async function seaportJsListing(tokenId: bigint, price: bigint) {
  const wallet = HDNodeWallet.fromPhrase(TEST_MNEMONIC, undefined, `m/44'/60'/0'/0/2`).connect(provider)
  const seaport = new Seaport(wallet as unknown as ConstructorParameters<typeof Seaport>[0], {
    overrides: { contractAddress: m.chain.contracts.seaport },
  })
  const { executeAllActions } = await seaport.createOrder(
    {
      offer: [{ itemType: SeaportJsItemType.ERC721, token: m.contract, identifier: tokenId.toString() }],
      consideration: [{ amount: price.toString(), recipient: m.seller.address }],
      fees: harbourFees().map((f) => ({ recipient: f.recipient, basisPoints: f.bps })),
      endTime: (Math.floor(Date.now() / 1000) + 86_400).toString(),
    },
    m.seller.address,
  )
  const order = await executeAllActions()
  const submitted = await m.api(
    '/v1/listings',
    {
      method: 'POST',
      body: JSON.stringify({ chainId: 31337, order: order.parameters, signature: order.signature }),
    },
    m.seller,
  )
  expect(submitted.body.error).toBeUndefined()
  return (submitted.body.data as any).orderHash as string
}

async function editionsListing(unitPrice: bigint, quantity: bigint) {
  const item = (await m.api(`/v1/nfts/31337/${editions.address}/7`)).body.data as any
  const now = BigInt(Math.floor(Date.now() / 1000))
  const order = listingOrder({
    maker: holder.address,
    token: { contract: editions.address, tokenId: 7n, quantity },
    price: unitPrice,
    fees: item.fees,
    startTime: now - 60n,
    endTime: now + 86_400n,
    salt: randomSalt(),
    counter: await m.counterOf(holder),
  })
  const signature = await holder.signTypedData(orderTypedData(31337, m.chain.contracts.seaport, order))
  return listed({ order, signature }, holder)
}

/** What a sale at `price` pays each party (fees are taken from the price). */
const shares = (price: bigint, creatorBps: number) => {
  const platform = feeAmount(price, platformBps())
  const creator = feeAmount(price, creatorBps)
  return { seller: price - platform - creator, platform, creator }
}

describe('a cart of five listings in one transaction', () => {
  it('buys the four still for sale, charges exactly their sum plus gas, pays every party, skips the sold one', async () => {
    const prices = {
      one: parseEther('0.1'),
      two: parseEther('0.2'),
      three: parseEther('0.35'),
      four: parseEther('0.15'),
    }
    const unit = parseEther('0.04')
    const hashes = {
      one: await listed(await m.signedListing(m.seller, 1n, prices.one), m.seller),
      two: await listed(await m.signedListing(m.seller, 2n, prices.two), m.seller),
      three: await listed(await m.signedListing(m.seller, 3n, prices.three), m.seller),
      four: await seaportJsListing(4n, prices.four),
      editions: await editionsListing(unit, 5n),
    }
    await m.index()
    // The cart, as the buyer filled it: three of the five editions.
    const cart = [
      await served(hashes.one),
      await served(hashes.two),
      await served(hashes.three),
      await served(hashes.four),
      await served(hashes.editions, 3n),
    ]
    // Someone else buys listing two before the buyer checks out.
    const taken = await m.fill(other, cart[1]!, prices.two)
    expect((await m.chain.client.waitForTransactionReceipt({ hash: taken })).status).toBe('success')

    const plan = await planCart(m.chain.client, m.chain.contracts.seaport, buyer.address, cart)
    expect(plan.dropped).toEqual([])
    expect(plan.available).toEqual([true, false, true, true, true])

    const before = {
      buyer: await eth(buyer.address),
      seller: await eth(m.seller.address),
      holder: await eth(holder.address),
      platform: await eth(m.feeRecipient),
      creator: await eth(m.creator.address),
      royalty: await eth(royaltyReceiver),
    }
    const { receipt, value, gas } = await checkout(buyer, cart)
    // Sent: all five; kept: what the four cost. Seaport returned the sold one's ETH.
    const bought = prices.one + prices.three + prices.four + unit * 3n
    expect(value).toBe(bought + prices.two)
    expect(before.buyer - (await eth(buyer.address))).toBe(bought + gas)

    const harbour = [prices.one, prices.three, prices.four].map((p) => shares(p, CREATOR_FEE_BPS))
    const edition = shares(unit, EDITIONS_ROYALTY_BPS)
    const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n)
    expect((await eth(m.seller.address)) - before.seller).toBe(sum(harbour.map((s) => s.seller)))
    expect((await eth(holder.address)) - before.holder).toBe(edition.seller * 3n)
    expect((await eth(m.feeRecipient)) - before.platform).toBe(
      sum(harbour.map((s) => s.platform)) + edition.platform * 3n,
    )
    expect((await eth(m.creator.address)) - before.creator).toBe(sum(harbour.map((s) => s.creator)))
    expect((await eth(royaltyReceiver)) - before.royalty).toBe(edition.creator * 3n)

    // The receipt's logs say what was bought and what was skipped.
    expect(cartOutcome(m.chain.contracts.seaport, cart, receipt.logs)).toEqual([
      { orderHash: hashes.one, bought: true, units: 1n },
      { orderHash: hashes.two, bought: false, units: 0n },
      { orderHash: hashes.three, bought: true, units: 1n },
      { orderHash: hashes.four, bought: true, units: 1n },
      { orderHash: hashes.editions, bought: true, units: 3n },
    ])
    for (const tokenId of [1n, 3n, 4n]) expect(await m.ownerOf(tokenId)).toBe(buyer.address)
    expect(await m.ownerOf(2n)).toBe(other.address)
    const held = await m.chain.client.readContract({
      address: editions.address,
      abi: erc1155Abi,
      functionName: 'balanceOf',
      args: [buyer.address, 7n],
    })
    expect(held).toBe(3n)

    await m.index()
    const recorded = await m.runtime.db.select().from(sales).where(eq(sales.txHash, receipt.transactionHash))
    expect(
      recorded
        .map((s) => ({ order: s.orderHash, buyer: s.buyer, price: s.priceWei, quantity: s.quantity }))
        .sort((a, b) => (a.order! < b.order! ? -1 : 1)),
    ).toEqual(
      [
        { order: hashes.one, price: prices.one, quantity: '1' },
        { order: hashes.three, price: prices.three, quantity: '1' },
        { order: hashes.four, price: prices.four, quantity: '1' },
        { order: hashes.editions, price: unit * 3n, quantity: '3' },
      ]
        .map((s) => ({ ...s, buyer: buyer.address.toLowerCase(), price: s.price.toString() }))
        .sort((a, b) => (a.order < b.order ? -1 : 1)),
    )
    // Two of the five editions are still for sale.
    const item = (await m.api(`/v1/nfts/31337/${editions.address}/7`)).body.data as any
    expect(item.listings.find((l: any) => l.orderHash === hashes.editions).remaining).toBe('2')
  })

  it('refuses an empty cart, an own listing and a total above the balance, in words, before anything is sent', async () => {
    const mine = await served(await listed(await m.signedListing(m.seller, 5n, parseEther('0.5')), m.seller))
    expect(cartRefusal(buyer.address, parseEther('1'), [])).toMatch(/cart is empty/)
    expect(cartRefusal(m.seller.address, parseEther('1'), [mine], ['Light #5'])).toBe(
      'Light #5 is your own listing: remove it from the cart (cancel it on its page instead). Nothing was sent.',
    )
    expect(cartRefusal(buyer.address, parseEther('0.4'), [mine])).toBe(
      'The cart costs 0.5 ETH and your wallet holds 0.4 ETH: remove items or add ETH. Nothing was sent.',
    )
    expect(cartRefusal(buyer.address, parseEther('0.5'), [mine])).toBeNull()
    // Cancel it again so that the sweep below starts from a known book.
    await m.send(m.seller, {
      address: m.chain.contracts.seaport,
      abi: seaportAbi,
      functionName: 'cancel',
      args: [[mine.order]],
    })
    await m.index()
  })
})

describe('a sweep', () => {
  const sweep = (query: string) => m.api(`/v1/collections/harbour-lights/sweep?${query}`)
  let hashes: Record<string, string>

  beforeAll(async () => {
    hashes = {
      six: await listed(await m.signedListing(m.seller, 6n, parseEther('0.3')), m.seller),
      seven: await listed(await m.signedListing(m.seller, 7n, parseEther('0.12')), m.seller),
      eight: await listed(await m.signedListing(m.seller, 8n, parseEther('0.9')), m.seller),
      nine: await listed(await m.signedListing(m.seller, 9n, parseEther('0.125')), m.seller),
    }
    await m.index()
  })

  it('answers the n cheapest fillable listings within the maximum, cheapest first', async () => {
    const { status, body } = await sweep('count=3&maxTotal=1')
    expect(status).toBe(200)
    const data = body.data as any
    expect(data.items.map((i: any) => [i.orderHash, i.price.eth, i.units])).toEqual([
      [hashes.seven, '0.12', '1'],
      [hashes.nine, '0.125', '1'],
      [hashes.six, '0.3', '1'],
    ])
    expect(data.total).toEqual({ wei: parseEther('0.545').toString(), eth: '0.545' })
    expect(data.message).toBeNull()
    // The running total stops where the next would pass the maximum.
    const capped = (await sweep('count=3&maxTotal=0.5')).body.data as any
    expect(capped.items.map((i: any) => i.orderHash)).toEqual([hashes.seven, hashes.nine])
    expect(capped.message).toBe('2 of the 3 asked for fit within 0.5 ETH.')
    // The seller's own listings are not offered to them.
    const own = (await sweep(`count=3&maxTotal=5&buyer=${m.seller.address}`)).body.data as any
    expect(own.items).toEqual([])
  })

  it('says plainly when the maximum is too low for one, and refuses bad input', async () => {
    const low = (await sweep('count=2&maxTotal=0.1')).body.data as any
    expect(low.items).toEqual([])
    expect(low.message).toBe('The maximum of 0.1 ETH does not buy one: the cheapest listing costs 0.12 ETH.')
    for (const [query, field] of [
      ['count=0&maxTotal=1', 'count'],
      ['count=51&maxTotal=1', 'count'],
      ['count=2&maxTotal=-1', 'maxTotal'],
      ['count=2&maxTotal=1e18', 'maxTotal'],
      ['count=2', 'maxTotal'],
    ]) {
      const { status, body } = await sweep(query!)
      expect(status, query).toBe(400)
      expect(body.error!.message, query).toContain(field)
    }
    expect((await m.api('/v1/collections/nope/sweep?count=1&maxTotal=1')).status).toBe(404)
  })

  it('goes to checkout as one transaction: a listing cancelled midway is skipped and not charged', async () => {
    const data = (await sweep('count=3&maxTotal=1')).body.data as any
    const cart = await Promise.all(data.items.map((i: any) => served(i.orderHash)))
    // The seller cancels the cheapest before the buyer's transaction.
    await m.send(m.seller, {
      address: m.chain.contracts.seaport,
      abi: seaportAbi,
      functionName: 'cancel',
      args: [[cart[0]!.order]],
    })
    const before = await eth(buyer.address)
    const { receipt, gas } = await checkout(buyer, cart)
    expect(before - (await eth(buyer.address))).toBe(parseEther('0.125') + parseEther('0.3') + gas)
    expect(cartOutcome(m.chain.contracts.seaport, cart, receipt.logs).map((o) => o.bought)).toEqual([false, true, true])
    expect(await m.ownerOf(7n)).toBe(m.seller.address)
    await m.index()
    // Bought and cancelled listings leave the sweep.
    const after = (await sweep('count=3&maxTotal=5')).body.data as any
    expect(after.items.map((i: any) => i.orderHash)).toEqual([hashes.eight])
    expect(after.message).toBe('Only 1 of the 3 asked for are listed and can be bought.')
  })

  it('drops, before anything is sent, a listing whose maker no longer holds the token', async () => {
    const eight = await served(hashes.eight!)
    const fresh = await served(await listed(await m.signedListing(m.seller, 5n, parseEther('0.2')), m.seller))
    await m.send(m.seller, {
      address: m.contract,
      abi: erc721Abi,
      functionName: 'transferFrom',
      args: [m.seller.address, other.address, 8n],
    })
    const plan = await planCart(m.chain.client, m.chain.contracts.seaport, buyer.address, [eight, fresh])
    expect(plan.dropped.map((d) => d.order)).toEqual([eight])
    expect(plan.orders).toEqual([fresh])
    expect(plan.available).toEqual([true])
    const { receipt } = await checkout(buyer, plan.orders)
    expect(cartOutcome(m.chain.contracts.seaport, plan.orders, receipt.logs)[0]!.bought).toBe(true)
    expect(getAddress(await m.ownerOf(5n))).toBe(buyer.address)
  })
})
