/**
 * A stranger with a wallet and a script against the order book, on anvil with Seaport 1.6:
 * orders crafted to look like more than they are (an offer that takes back part of its own WETH
 * from the holder, a payment item Seaport refuses to move), and fills crafted to mislead the
 * indexer (Seaport "tips" the filler adds to an order: ETH or ERC-1155 tokens to themselves).
 * Each is refused at the door and stores nothing, or is indexed as what the signed order says.
 */
import { and, eq } from 'drizzle-orm'
import { erc1155Abi, parseEther, zeroAddress, zeroHash, type Address, type Hex } from 'viem'
import type { HDAccount, PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seaportAbi } from '../../chain/artifacts/Seaport'
import { wrappedEtherAbi } from '../../chain/artifacts/WrappedEther'
import {
  ItemType,
  listingOrder,
  offerOrder,
  orderParameters,
  orderTypedData,
  partOf,
  randomSalt,
  type ConsiderationItem,
  type Fee,
  type OrderComponents,
} from '../../chain/seaport'
import { recordOrder } from '../../db/market'
import { collections, listings, offers, sales } from '../../db/schema'
import { testAccount } from '../support/chain'
import { deployForeignArt721, deployForeignEditions1155 } from '../support/foreign'
import { startMarket } from '../support/market'

type Account = HDAccount | PrivateKeyAccount
type Signed = { order: OrderComponents; signature: Hex }
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are JSON */

let m: Awaited<ReturnType<typeof startMarket>>
let editions: Awaited<ReturnType<typeof deployForeignEditions1155>>
const holder = testAccount(5)
const bidder = testAccount(4)
const buyer = testAccount(6)
const royaltyReceiver = testAccount(8).address

beforeAll(async () => {
  m = await startMarket([1n, 2n, 3n, 4n, 5n])
  editions = await deployForeignEditions1155(m.chain.url, { royaltyReceiver, royaltyBps: 500 })
  await editions.mint(holder.address, 1n, 10n)
  await m.importCollection(editions.address, holder)
  await m.approveSeaport(holder, true, editions.address)
  await m.approveSeaport(m.seller)
  await m.wrapAndApprove(bidder, parseEther('10'))
  await m.index()
}, 90_000)
afterAll(() => m.stop())

const now = () => BigInt(Math.floor(Date.now() / 1000))
const sign = async (maker: Account, order: OrderComponents): Promise<Signed> => ({
  order,
  signature: await maker.signTypedData(orderTypedData(31337, m.chain.contracts.seaport, order)),
})
const item = async (contract: Address, tokenId: bigint) =>
  (await m.api(`/v1/nfts/31337/${contract}/${tokenId}`)).body.data as any
const vitrineFees = (): Fee[] => [
  { recipient: m.feeRecipient, bps: m.runtime.env.platformFee.bps },
  { recipient: m.creator.address, bps: 500 },
]

function offerFor(token: { contract: Address; tokenId: bigint; quantity?: bigint }, price: bigint, fees: Fee[]) {
  return offerOrder({
    maker: bidder.address,
    token,
    price,
    fees,
    weth: m.chain.contracts.weth,
    startTime: now() - 60n,
    endTime: now() + 86_400n,
    salt: randomSalt(),
    counter: 0n,
  })
}

const wethItem = (amount: bigint, recipient: Address): ConsiderationItem => ({
  itemType: ItemType.ERC20,
  token: m.chain.contracts.weth,
  identifierOrCriteria: 0n,
  startAmount: amount,
  endAmount: amount,
  recipient,
})

/** Submits and expects a 400 whose message contains `says`, and no row for the order. */
async function refused(kind: 'listings' | 'offers', signed: Signed, as: Account, says: string) {
  const before = {
    listings: (await m.runtime.db.select().from(listings)).length,
    offers: (await m.runtime.db.select().from(offers)).length,
  }
  const answer = await m.submit(kind, signed, as)
  expect(answer.body.error?.message).toContain(says)
  expect(answer.status).toBe(400)
  expect((await m.runtime.db.select().from(listings)).length).toBe(before.listings)
  expect((await m.runtime.db.select().from(offers)).length).toBe(before.offers)
}

describe('an offer that pays the holder less than it shows', () => {
  it('is refused when a consideration item hands part of the WETH back to the bidder', async () => {
    const price = parseEther('1')
    const order = offerFor({ contract: m.contract, tokenId: 1n }, price, vitrineFees())
    // Shown as 1 WETH; accepting it would hand 0.9 WETH straight back to the bidder.
    order.consideration.push(wethItem(parseEther('0.9'), bidder.address))
    await refused('offers', await sign(bidder, order), bidder, `to ${bidder.address}, who is owed no fee`)
  })

  it('is refused when an ERC-1155 offer carries an extra WETH item for each token', async () => {
    const token = await item(editions.address, 1n)
    const order = offerFor({ contract: editions.address, tokenId: 1n, quantity: 3n }, parseEther('0.2'), token.fees)
    order.consideration.push(wethItem(parseEther('0.15') * 3n, bidder.address))
    await refused('offers', await sign(bidder, order), bidder, 'pays 0.15 WETH per token to')
  })

  it('is refused when a fee is larger than its rate (the holder pays the difference)', async () => {
    const price = parseEther('1')
    const doubled = vitrineFees().map((fee) => ({ ...fee, bps: fee.bps * 2 }))
    await refused(
      'offers',
      await sign(bidder, offerFor({ contract: m.contract, tokenId: 1n }, price, doubled)),
      bidder,
      'more than the 0.01 of the platform fee of 1%',
    )
  })

  it('is stored when it pays exactly the platform fee and the creator earnings', async () => {
    const order = offerFor({ contract: m.contract, tokenId: 1n }, parseEther('1'), vitrineFees())
    expect((await m.submit('offers', await sign(bidder, order), bidder)).status).toBe(201)
  })
})

describe('a payment item Seaport will not move', () => {
  it('is refused on a listing: ETH with an identifier would show a price no one can pay', async () => {
    const order = listingOrder({
      maker: m.seller.address,
      token: { contract: m.contract, tokenId: 2n },
      price: parseEther('0.01'),
      fees: vitrineFees(),
      startTime: now() - 60n,
      endTime: now() + 86_400n,
      salt: randomSalt(),
      counter: 0n,
    })
    order.consideration[0]!.identifierOrCriteria = 1n
    const signed = await sign(m.seller, order)
    // Seaport refuses to fill it, whatever the buyer sends.
    await expect(
      m.chain.client.simulateContract({
        account: buyer,
        address: m.chain.contracts.seaport,
        abi: seaportAbi,
        functionName: 'fulfillOrder',
        args: [{ parameters: orderParameters(signed.order), signature: signed.signature }, zeroHash],
        value: parseEther('0.01'),
      }),
    ).rejects.toThrow()
    await refused('listings', signed, m.seller, 'order.consideration[0].identifierOrCriteria: must be 0')
  })

  it('is refused on an offer: WETH with an identifier', async () => {
    const order = offerFor({ contract: m.contract, tokenId: 2n }, parseEther('1'), vitrineFees())
    order.offer[0]!.identifierOrCriteria = 7n
    await refused('offers', await sign(bidder, order), bidder, 'order.offer[0].identifierOrCriteria')
    const fee = offerFor({ contract: m.contract, tokenId: 2n }, parseEther('1'), vitrineFees())
    fee.consideration[1]!.identifierOrCriteria = 7n
    await refused('offers', await sign(bidder, fee), bidder, 'order.consideration[1].identifierOrCriteria')
  })
})

describe('one address receiving two fees', () => {
  it('must be paid both: a royalty to the platform does not excuse the platform fee', async () => {
    const art = await deployForeignArt721(m.chain.url, { royaltyReceiver: m.feeRecipient, royaltyBps: 750 })
    await art.mint(holder.address, 1n, 1n)
    await m.importCollection(art.address, holder)
    await m.approveSeaport(holder, true, art.address)
    await m.index()
    const order = listingOrder({
      maker: holder.address,
      token: { contract: art.address, tokenId: 1n },
      price: parseEther('1'),
      // Only the larger of the two fees, to the one address both are due to.
      fees: [{ recipient: m.feeRecipient, bps: 750 }],
      startTime: now() - 60n,
      endTime: now() + 86_400n,
      salt: randomSalt(),
      counter: 0n,
    })
    await refused(
      'listings',
      await sign(holder, order),
      holder,
      'the platform fee of 1% and the creator earnings (EIP-2981 royalty) of 7.5% (0.085) to',
    )
    const token = await item(art.address, 1n)
    const paid = listingOrder({
      maker: holder.address,
      token: { contract: art.address, tokenId: 1n },
      price: parseEther('1'),
      fees: token.fees,
      startTime: now() - 60n,
      endTime: now() + 86_400n,
      salt: randomSalt(),
      counter: 0n,
    })
    expect((await m.submit('listings', await sign(holder, paid), holder)).status).toBe(201)
  })
})

/** Fills `units` of `signed` (for `quantity`) with `tips` appended, as any script may. */
async function fillWithTips(
  taker: Account,
  signed: Signed,
  tips: ConsiderationItem[],
  value: bigint,
  units?: { units: bigint; quantity: bigint },
) {
  const parameters = {
    ...orderParameters(signed.order),
    consideration: [...signed.order.consideration, ...tips],
  }
  const hash = await m.chain.walletOf(taker).writeContract({
    address: m.chain.contracts.seaport,
    abi: seaportAbi,
    functionName: 'fulfillAdvancedOrder',
    args: [
      {
        parameters,
        ...(units ? partOf(units.units, units.quantity) : { numerator: 1n, denominator: 1n }),
        signature: signed.signature,
        extraData: '0x',
      },
      [],
      zeroHash,
      zeroAddress,
    ],
    value,
  })
  expect((await m.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
  return hash
}

describe('tips a filler adds to an order', () => {
  it('do not count as ERC-1155 tokens sold: 1 of 3 accepted is 1, and the offer stays open for 2', async () => {
    const token = await item(editions.address, 1n)
    const unit = parseEther('0.2')
    const signed = await sign(
      bidder,
      offerFor({ contract: editions.address, tokenId: 1n, quantity: 3n }, unit, token.fees),
    )
    const submitted = await m.submit('offers', signed, bidder)
    expect(submitted.status).toBe(201)
    const { orderHash } = submitted.body.data as any
    const fees = signed.order.consideration.slice(1).reduce((sum, c) => sum + c.startAmount, 0n)
    await m.send(holder, {
      address: m.chain.contracts.weth,
      abi: [
        {
          type: 'function',
          name: 'approve',
          stateMutability: 'nonpayable',
          inputs: [
            { name: 'spender', type: 'address' },
            { name: 'amount', type: 'uint256' },
          ],
          outputs: [{ type: 'bool' }],
        },
      ],
      functionName: 'approve',
      args: [m.chain.contracts.seaport, fees],
    })
    // The holder sells 1 and "tips" themselves 6 of their own tokens (Seaport scales them by 1/3).
    const tip: ConsiderationItem = {
      itemType: ItemType.ERC1155,
      token: editions.address,
      identifierOrCriteria: 1n,
      startAmount: 6n,
      endAmount: 6n,
      recipient: holder.address,
    }
    await fillWithTips(holder, signed, [tip], 0n, { units: 1n, quantity: 3n })
    const left = await m.chain.client.readContract({
      address: m.chain.contracts.seaport,
      abi: seaportAbi,
      functionName: 'getOrderStatus',
      args: [orderHash],
    })
    expect([left[2], left[3]]).toEqual([1n, 3n]) // on chain: 1 of 3 filled
    expect(
      await m.chain.client.readContract({
        address: editions.address,
        abi: erc1155Abi,
        functionName: 'balanceOf',
        args: [bidder.address, 1n],
      }),
    ).toBe(1n)
    await m.index()
    const [row] = await m.runtime.db.select().from(offers).where(eq(offers.orderHash, orderHash))
    expect(row).toMatchObject({ filledQuantity: '1', status: 'active' })
    const [sale] = await m.runtime.db.select().from(sales).where(eq(sales.orderHash, orderHash))
    expect(sale).toMatchObject({ quantity: '1', priceWei: unit.toString() })
    const shown = (await item(editions.address, 1n)).offers.find((o: any) => o.orderHash === orderHash)
    expect(shown).toMatchObject({ quantity: '3', remaining: '2' })
  })

  it('do not count as the price: a sale is recorded at the listing price, not with the ETH a buyer tipped themselves', async () => {
    const price = parseEther('0.5')
    const signed = await m.signedListing(m.seller, 3n, price)
    const submitted = await m.submit('listings', signed, m.seller)
    expect(submitted.status).toBe(201)
    const { orderHash } = submitted.body.data as any
    const tip: ConsiderationItem = {
      itemType: ItemType.NATIVE,
      token: zeroAddress,
      identifierOrCriteria: 0n,
      startAmount: parseEther('500'),
      endAmount: parseEther('500'),
      recipient: buyer.address,
    }
    await fillWithTips(buyer, signed, [tip], price + parseEther('500'))
    await m.index()
    const [sale] = await m.runtime.db
      .select()
      .from(sales)
      .where(and(eq(sales.orderHash, orderHash), eq(sales.buyer, buyer.address.toLowerCase())))
    expect(sale!.priceWei).toBe(price.toString())
    // The collection's volume is what was paid for it, the only sale of the collection here.
    const [harbour] = await m.runtime.db.select().from(collections).where(eq(collections.slug, 'harbour-lights'))
    expect(harbour!.volumeAllWei).toBe(price.toString())
  })
})

describe('a wash trade: a maker filling their own order', () => {
  it('closes the order and shows in the feed, but adds nothing to the volume or the sales count', async () => {
    const stats = async () => {
      const [harbour] = await m.runtime.db.select().from(collections).where(eq(collections.slug, 'harbour-lights'))
      return { volume: harbour!.volumeAllWei, count: harbour!.salesCount }
    }
    await m.index()
    const before = await stats()
    const price = parseEther('40')
    const signed = await m.signedListing(m.seller, 4n, price)
    const submitted = await m.submit('listings', signed, m.seller)
    expect(submitted.status).toBe(201)
    const { orderHash } = submitted.body.data as any
    // The seller pays themselves 40 ETH (less the fees) for their own token.
    const hash = await m.fill(m.seller, signed, price)
    expect((await m.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
    await m.index()
    const [listing] = await m.runtime.db.select().from(listings).where(eq(listings.orderHash, orderHash))
    expect(listing!.status).toBe('filled')
    const [sale] = await m.runtime.db.select().from(sales).where(eq(sales.orderHash, orderHash))
    expect(sale).toMatchObject({ seller: m.seller.address.toLowerCase(), buyer: m.seller.address.toLowerCase() })
    expect(await stats()).toEqual(before)
  })
})

describe('ERC-1155 listings and the seller’s balance', () => {
  const list = async (quantity: bigint, unit = parseEther('0.1')) => {
    const token = await item(editions.address, 2n)
    const order = listingOrder({
      maker: holder.address,
      token: { contract: editions.address, tokenId: 2n, quantity },
      price: unit,
      fees: token.fees,
      startTime: now() - 60n,
      endTime: now() + 86_400n,
      salt: randomSalt(),
      counter: 0n,
    })
    return sign(holder, order)
  }

  it('never offers more than the seller holds: a second listing beyond the balance is refused', async () => {
    await editions.mint(holder.address, 2n, 4n)
    await m.index()
    expect((await m.submit('listings', await list(3n), holder)).status).toBe(201)
    await refused('listings', await list(2n), holder, 'order.offer: you already list 3 of this token')
    expect((await m.submit('listings', await list(1n, parseEther('0.2')), holder)).status).toBe(201)
  })

  it('is checked in the transaction that stores the listing: two stored at once cannot together oversell', async () => {
    await editions.mint(holder.address, 3n, 4n)
    await m.index()
    const token = await item(editions.address, 3n)
    const record = (salt: number) =>
      recordOrder(m.runtime.db, {
        side: 'listing',
        nft: { id: token.id, collectionId: token.collection.id, owner: null },
        maker: holder.address.toLowerCase(),
        priceWei: parseEther('0.1'),
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 86_400_000),
        orderHash: `0x${salt.toString(16).padStart(64, '0')}`,
        orderJson: '{}',
        signature: '0x',
        counter: 0n,
        quantity: 3n,
        held: 4n,
      })
    const settled = await Promise.allSettled([record(0xa1), record(0xa2)])
    expect(settled.map((s) => s.status).sort()).toEqual(['fulfilled', 'rejected'])
    const refusal = settled.find((s) => s.status === 'rejected') as PromiseRejectedResult
    expect(String(refusal.reason)).toContain('you already list 3 of this token and hold 4')
    expect((await item(editions.address, 3n)).listings.map((l: any) => l.quantity)).toEqual(['3'])
  })

  it('stops showing a listing as buyable once the seller holds less than is left of it', async () => {
    await editions.transfer(holder, buyer.address, 2n, 2n)
    await m.index()
    const shown = await item(editions.address, 2n)
    // 2 left in the wallet: the listing of 3 cannot be bought whole, the listing of 1 can.
    expect(shown.listings.map((l: any) => [l.quantity, l.fillable, l.reason])).toEqual([
      ['1', true, null],
      ['3', false, 'not_owner'],
    ])
    expect(shown.price.wei).toBe(parseEther('0.2').toString())
  })
})

describe('one ERC-1155 offer filled by two holders in the same block', () => {
  it('is indexed as the chain settled it: the second fill is cut to what was left, and the offer is filled', async () => {
    const rival = testAccount(3)
    await editions.mint(rival.address, 1n, 5n)
    await m.approveSeaport(rival, true, editions.address)
    await m.index()
    const token = await item(editions.address, 1n)
    const unit = parseEther('0.1')
    const signed = await sign(
      bidder,
      offerFor({ contract: editions.address, tokenId: 1n, quantity: 3n }, unit, token.fees),
    )
    const submitted = await m.submit('offers', signed, bidder)
    expect(submitted.status).toBe(201)
    const { orderHash } = submitted.body.data as any
    const fees = signed.order.consideration.slice(1).reduce((sum, c) => sum + c.startAmount, 0n)
    for (const taker of [holder, rival]) await m.wrapAndApprove(taker, fees)
    const tokensOf = (account: Address) =>
      m.chain.client.readContract({
        address: editions.address,
        abi: erc1155Abi,
        functionName: 'balanceOf',
        args: [account, 1n],
      })
    const before = { holder: await tokensOf(holder.address), rival: await tokensOf(rival.address) }

    // Both accept 2 of the 3 in one block: Seaport gives the second what is left.
    await m.chain.client.setAutomine(false)
    try {
      const accept = (taker: Account) =>
        m.chain.walletOf(taker).writeContract({
          address: m.chain.contracts.seaport,
          abi: seaportAbi,
          functionName: 'fulfillAdvancedOrder',
          args: [
            {
              parameters: orderParameters(signed.order),
              ...partOf(2n, 3n),
              signature: signed.signature,
              extraData: '0x',
            },
            [],
            zeroHash,
            zeroAddress,
          ],
          gas: 1_000_000n,
        })
      const hashes = [await accept(holder), await accept(rival)]
      await m.chain.client.mine({ blocks: 1 })
      for (const hash of hashes) {
        expect((await m.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
      }
    } finally {
      await m.chain.client.setAutomine(true)
    }
    expect(before.holder - (await tokensOf(holder.address))).toBe(2n)
    expect(before.rival - (await tokensOf(rival.address))).toBe(1n)

    await m.index()
    const [row] = await m.runtime.db.select().from(offers).where(eq(offers.orderHash, orderHash))
    expect(row).toMatchObject({ filledQuantity: '3', status: 'filled' })
    const parts = await m.runtime.db.select().from(sales).where(eq(sales.orderHash, orderHash))
    expect(parts.map((s) => [s.seller, s.quantity, s.priceWei]).sort()).toEqual(
      [
        [holder.address.toLowerCase(), '2', (unit * 2n).toString()],
        [rival.address.toLowerCase(), '1', unit.toString()],
      ].sort(),
    )
  })
})

describe('an offer whose maker no longer has the WETH', () => {
  it('is shown unfillable, and not as the best offer, once its WETH is unwrapped or its allowance revoked, and fillable again when both are back', async () => {
    const fickle = testAccount(9)
    const price = parseEther('1')
    await m.wrapAndApprove(fickle, price)
    const order = offerOrder({
      maker: fickle.address,
      token: { contract: m.contract, tokenId: 5n },
      price,
      fees: vitrineFees(),
      weth: m.chain.contracts.weth,
      startTime: now() - 60n,
      endTime: now() + 86_400n,
      salt: randomSalt(),
      counter: 0n,
    })
    const submitted = await m.submit('offers', await sign(fickle, order), fickle)
    expect(submitted.status).toBe(201)
    const { orderHash } = submitted.body.data as any
    const shown = async () => {
      await m.index()
      const token = await item(m.contract, 5n)
      const offer = token.offers.find((o: any) => o.orderHash === orderHash)
      return { listed: offer?.fillable ?? false, reason: offer?.reason, best: token.bestOffer?.wei ?? null }
    }
    expect(await shown()).toMatchObject({ listed: true })
    const weth = (functionName: 'withdraw' | 'deposit' | 'approve', args: unknown[], value?: bigint) =>
      m.send(fickle, { address: m.chain.contracts.weth, abi: wrappedEtherAbi, functionName, args, value })

    await weth('withdraw', [parseEther('0.5')]) // a top offer of 1 WETH backed by 0.5
    expect(await shown()).toEqual({ listed: false, reason: 'insufficient_balance', best: null })
    await weth('deposit', [], parseEther('0.5'))
    expect(await shown()).toMatchObject({ listed: true })
    await weth('approve', [m.chain.contracts.seaport, 0n])
    expect(await shown()).toEqual({ listed: false, reason: 'insufficient_allowance', best: null })
    await weth('approve', [m.chain.contracts.seaport, price])
    expect(await shown()).toMatchObject({ listed: true })
  })
})

describe('an auction whose seller gives the token away', () => {
  it('stops running for the new owner: no stale reserve on offers, and the new owner may sell', async () => {
    const auction = (as: Account, reserve: bigint) =>
      m.api(
        '/trpc/market.startAuction',
        {
          method: 'POST',
          body: JSON.stringify({
            nftId: m.nftId(2n),
            reserveWei: reserve.toString(),
            endsAt: new Date(Date.now() + 20 * 86_400_000),
          }),
        },
        as,
      )
    // A reserve no one will meet, then the token goes to someone else.
    expect((await auction(m.seller, parseEther('1000'))).status).toBe(200)
    await m.transfer(m.seller, buyer, 2n)
    await m.index()
    const token = await item(m.contract, 2n)
    expect(token.owner).toBe(buyer.address)
    expect(token.listings).toMatchObject([{ kind: 'auction', fillable: false, reason: 'not_owner' }])
    expect(token.auctionEndsAt).toBeNull()
    // An ordinary offer to the new owner is not held to the old auction's reserve.
    const offer = offerFor({ contract: m.contract, tokenId: 2n }, parseEther('0.5'), vitrineFees())
    expect((await m.submit('offers', await sign(bidder, offer), bidder)).status).toBe(201)
    // And the new owner may run an auction of their own.
    expect((await auction(buyer, parseEther('1'))).status).toBe(200)
  })
})

describe('a collection whose EIP-2981 royalty is the whole price', () => {
  it('takes no offers: a holder accepting one would pay more in fees than the offer brings', async () => {
    const trap = await deployForeignEditions1155(m.chain.url, { royaltyReceiver: bidder.address, royaltyBps: 10_000 })
    await trap.mint(holder.address, 1n, 5n)
    await m.importCollection(trap.address, holder)
    await m.index()
    const token = await item(trap.address, 1n)
    expect(token.fees[1]).toMatchObject({ bps: 10_000 })
    const order = offerFor({ contract: trap.address, tokenId: 1n, quantity: 5n }, parseEther('0.1'), token.fees)
    await refused('offers', await sign(bidder, order), bidder, 'would take the whole price')
  })
})
