/**
 * Trading tokens of collections Vitrine did not write, on anvil with Seaport: a foreign ERC-721
 * imported by address and backfilled is listed by its holder and bought, paying its EIP-2981
 * royalty to the contract's receiver; a collection without EIP-2981 pays no creator earnings
 * and says so; a foreign token moved away outside Vitrine closes its listing; ERC-1155 listings
 * and offers for several are filled in parts, every balance kept exact.
 */
import { eq } from 'drizzle-orm'
import { erc1155Abi, erc20Abi, getAddress, parseEther, zeroAddress, zeroHash, type Address, type Hex } from 'viem'
import type { HDAccount, PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seaportAbi } from '../../chain/artifacts/Seaport'
import {
  PARTIAL_OPEN,
  feeAmount,
  listingOrder,
  offerOrder,
  orderParameters,
  orderTypedData,
  partOf,
  randomSalt,
  type Fee,
  type OrderComponents,
} from '../../chain/seaport'
import { listings, nfts, offers, tokenBalances } from '../../db/schema'
import { testAccount } from '../support/chain'
import { deployForeignArt721, deployForeignEditions1155, deployForeignPlain721 } from '../support/foreign'
import { startMarket } from '../support/market'

type Account = HDAccount | PrivateKeyAccount
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are JSON */

let m: Awaited<ReturnType<typeof startMarket>>
let art: Awaited<ReturnType<typeof deployForeignArt721>>
let plain: Awaited<ReturnType<typeof deployForeignPlain721>>
let editions: Awaited<ReturnType<typeof deployForeignEditions1155>>
const holder = testAccount(5)
const buyer = testAccount(6)
const artOwner = testAccount(7)
const royaltyReceiver = testAccount(8).address
const ROYALTY_BPS = 750

beforeAll(async () => {
  m = await startMarket([1n])
  art = await deployForeignArt721(m.chain.url, { owner: artOwner, royaltyReceiver, royaltyBps: ROYALTY_BPS })
  await art.mint(holder.address, 1n, 3n)
  plain = await deployForeignPlain721(m.chain.url, { owner: holder })
  await plain.mint(holder.address, 1n, 2n)
  editions = await deployForeignEditions1155(m.chain.url, { owner: artOwner, royaltyReceiver, royaltyBps: 500 })
  await editions.mintBatch(holder.address, [7n, 8n], [5n, 2n])
  await editions.mint(buyer.address, 7n, 9n) // the buyer holds most of id 7: `nfts.owner` is theirs
  for (const contract of [art.address, plain.address, editions.address]) {
    await m.importCollection(contract, holder)
    await m.approveSeaport(holder, true, contract)
  }
  await m.index() // the backfill finds the holder's tokens
}, 90_000)
afterAll(() => m.stop())

const item = async (contract: Address, tokenId: bigint) =>
  (await m.api(`/v1/nfts/31337/${contract}/${tokenId}`)).body.data as any

async function signedListing(
  maker: Account,
  contract: Address,
  tokenId: bigint,
  price: bigint,
  fees: Fee[],
  quantity?: bigint,
) {
  const now = BigInt(Math.floor(Date.now() / 1000))
  const counter = await m.counterOf(maker)
  const order = listingOrder({
    maker: maker.address,
    token: { contract, tokenId, ...(quantity === undefined ? {} : { quantity }) },
    price,
    fees,
    startTime: now - 60n,
    endTime: now + 86_400n,
    salt: randomSalt(),
    counter,
  })
  const signature = await maker.signTypedData(orderTypedData(31337, m.chain.contracts.seaport, order))
  return { order, signature } as { order: OrderComponents; signature: Hex }
}

const balance = (address: Address) => m.chain.client.getBalance({ address })

describe('a foreign ERC-721 with EIP-2981', () => {
  it("is listed by its holder and bought, paying the contract's royalty receiver exactly", async () => {
    const token = await item(art.address, 1n)
    expect(token.owner).toBe(holder.address)
    // The fees come from the contract: its royalty receiver and rate, not the collection's owner.
    expect(token.fees).toEqual([
      {
        label: 'the platform fee',
        recipient: getAddress(m.feeRecipient),
        bps: m.runtime.env.platformFee.bps,
        note: null,
      },
      {
        label: 'the creator earnings (EIP-2981 royalty)',
        recipient: royaltyReceiver,
        bps: ROYALTY_BPS,
        note: null,
      },
    ])

    const price = parseEther('2.5')
    const signed = await signedListing(holder, art.address, 1n, price, token.fees)
    const submitted = await m.submit('listings', signed, holder)
    expect(submitted.status).toBe(201)
    const { orderHash } = submitted.body.data as unknown as { orderHash: string }

    const before = {
      holder: await balance(holder.address),
      fee: await balance(m.feeRecipient),
      royalty: await balance(royaltyReceiver),
    }
    const hash = await m.fill(buyer, signed, price)
    expect((await m.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')

    const platform = feeAmount(price, m.runtime.env.platformFee.bps)
    const royalty = feeAmount(price, ROYALTY_BPS)
    expect((await balance(holder.address)) - before.holder).toBe(price - platform - royalty)
    expect((await balance(m.feeRecipient)) - before.fee).toBe(platform)
    expect((await balance(royaltyReceiver)) - before.royalty).toBe(royalty)

    await m.index()
    const [listing] = await m.runtime.db.select().from(listings).where(eq(listings.orderHash, orderHash))
    expect(listing!.status).toBe('filled')
    expect((await item(art.address, 1n)).owner).toBe(buyer.address)
  })

  it('refuses a listing that pays the collection owner instead of the EIP-2981 receiver', async () => {
    const price = parseEther('1')
    const signed = await signedListing(holder, art.address, 2n, price, [
      { recipient: m.feeRecipient, bps: m.runtime.env.platformFee.bps },
      { recipient: artOwner.address, bps: ROYALTY_BPS },
    ])
    const submitted = await m.submit('listings', signed, holder)
    expect(submitted.status).toBe(400)
    expect(submitted.body.error!.message).toContain('the creator earnings (EIP-2981 royalty) of 7.5%')
    expect(submitted.body.error!.message).toContain(royaltyReceiver)
  })

  it('closes the listing of a token its holder moved away outside Vitrine', async () => {
    const token = await item(art.address, 3n)
    const signed = await signedListing(holder, art.address, 3n, parseEther('1'), token.fees)
    const submitted = await m.submit('listings', signed, holder)
    expect(submitted.status).toBe(201)
    expect((await item(art.address, 3n)).price).not.toBeNull()

    await art.transfer(holder, buyer.address, 3n)
    await m.index()
    const [listing] = await m.runtime.db
      .select()
      .from(listings)
      .where(eq(listings.orderHash, (submitted.body.data as any).orderHash))
    expect(listing!.status).toBe('inactive')
    const [row] = await m.runtime.db.select().from(nfts).where(eq(nfts.id, listing!.nftId))
    expect(row!.priceWei).toBeNull()
    expect((await item(art.address, 3n)).owner).toBe(buyer.address)
  })

  it("turns a listing inactive while its holder withdraws Seaport's approval, and active again when it is back", async () => {
    const token = await item(art.address, 2n)
    const signed = await signedListing(holder, art.address, 2n, parseEther('1.5'), token.fees)
    const submitted = await m.submit('listings', signed, holder)
    expect(submitted.status).toBe(201)
    const status = async () =>
      (
        await m.runtime.db
          .select({ status: listings.status })
          .from(listings)
          .where(eq(listings.orderHash, (submitted.body.data as any).orderHash))
      )[0]!.status

    // The imported contract's ApprovalForAll is read by its own backfill, not the main round.
    await m.approveSeaport(holder, false, art.address)
    await m.index()
    expect(await status()).toBe('inactive')
    expect((await item(art.address, 2n)).price).toBeNull()
    await m.approveSeaport(holder, true, art.address)
    await m.index()
    expect(await status()).toBe('active')
  })
})

describe('an offer on a foreign ERC-721', () => {
  it('is accepted by the holder, paying the EIP-2981 receiver its royalty in WETH', async () => {
    const bidder = testAccount(3)
    const token = await item(art.address, 2n)
    const price = parseEther('0.9')
    await m.wrapAndApprove(bidder, price)
    const now = BigInt(Math.floor(Date.now() / 1000))
    const order = offerOrder({
      maker: bidder.address,
      token: { contract: art.address, tokenId: 2n },
      price,
      fees: token.fees,
      weth: m.chain.contracts.weth,
      startTime: now - 60n,
      endTime: now + 86_400n,
      salt: randomSalt(),
      counter: 0n,
    })
    const signed = {
      order,
      signature: await bidder.signTypedData(orderTypedData(31337, m.chain.contracts.seaport, order)),
    }
    expect((await m.submit('offers', signed, bidder)).status).toBe(201)

    const weth = (address: Address) =>
      m.chain.client.readContract({
        address: m.chain.contracts.weth,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      })
    const before = {
      holder: await weth(holder.address),
      royalty: await weth(royaltyReceiver),
      fee: await weth(m.feeRecipient),
    }
    // The fees leave the WETH the holder receives: Seaport takes them from the holder.
    await m.send(holder, {
      address: m.chain.contracts.weth,
      abi: erc20Abi,
      functionName: 'approve',
      args: [m.chain.contracts.seaport, price],
    })
    const hash = await m.fill(holder, signed)
    expect((await m.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
    const platform = feeAmount(price, m.runtime.env.platformFee.bps)
    const royalty = feeAmount(price, ROYALTY_BPS)
    expect((await weth(holder.address)) - before.holder).toBe(price - platform - royalty)
    expect((await weth(royaltyReceiver)) - before.royalty).toBe(royalty)
    expect((await weth(m.feeRecipient)) - before.fee).toBe(platform)
    await m.index()
    expect((await item(art.address, 2n)).owner).toBe(bidder.address)
  })
})

describe('a foreign ERC-721 whose EIP-2981 royalty differs per token', () => {
  it("makes each order pay its own token's royalty, even when token 1 pays none", async () => {
    const ownReceiver = testAccount(11).address
    // The default royalty is nothing; token 2 alone pays 9% to a receiver of its own.
    const tiered = await deployForeignArt721(m.chain.url, { owner: artOwner, royaltyReceiver, royaltyBps: 0 })
    await tiered.mint(holder.address, 1n, 2n)
    await tiered.setTokenRoyalty(2n, ownReceiver, 900)
    const imported = await m.importCollection(tiered.address, holder)
    // The collection shows token 1's rate, and declares EIP-2981 by ERC-165: each token is asked.
    expect((imported.body.data as any).creatorEarningsBps).toBe(0)
    await m.approveSeaport(holder, true, tiered.address)
    await m.index()

    const [one, two] = [await item(tiered.address, 1n), await item(tiered.address, 2n)]
    expect(one.fees[1]).toMatchObject({ bps: 0, note: "This token's EIP-2981 royaltyInfo pays no creator earnings" })
    expect(two.fees[1]).toEqual({
      label: 'the creator earnings (EIP-2981 royalty)',
      recipient: ownReceiver,
      bps: 900,
      note: null,
    })
    const price = parseEther('1')
    // Token 1's fees are not token 2's: its order must pay the 9%.
    const unpaid = await m.submit('listings', await signedListing(holder, tiered.address, 2n, price, one.fees), holder)
    expect(unpaid.status).toBe(400)
    expect(unpaid.body.error!.message).toContain(ownReceiver)
    const signed = await signedListing(holder, tiered.address, 2n, price, two.fees)
    expect((await m.submit('listings', signed, holder)).status).toBe(201)

    const before = await balance(ownReceiver)
    const hash = await m.fill(buyer, signed, price)
    expect((await m.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect((await balance(ownReceiver)) - before).toBe(feeAmount(price, 900))
  })
})

describe('a foreign ERC-721 without EIP-2981', () => {
  it('says plainly that it pays no creator earnings, and its sale pays only the platform fee', async () => {
    const token = await item(plain.address, 1n)
    expect(token.fees).toEqual([
      {
        label: 'the platform fee',
        recipient: getAddress(m.feeRecipient),
        bps: m.runtime.env.platformFee.bps,
        note: null,
      },
      {
        label: 'the creator earnings',
        recipient: zeroAddress,
        bps: 0,
        note: 'This collection sets no creator earnings (no EIP-2981)',
      },
    ])
    const price = parseEther('0.8')
    const signed = await signedListing(holder, plain.address, 1n, price, token.fees)
    // Two items: the seller's share and the platform fee, nothing to anyone else.
    expect(signed.order.consideration).toHaveLength(2)
    expect((await m.submit('listings', signed, holder)).status).toBe(201)

    const before = { holder: await balance(holder.address), fee: await balance(m.feeRecipient) }
    const hash = await m.fill(buyer, signed, price)
    expect((await m.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
    const platform = feeAmount(price, m.runtime.env.platformFee.bps)
    expect((await balance(holder.address)) - before.holder).toBe(price - platform)
    expect((await balance(m.feeRecipient)) - before.fee).toBe(platform)
  })
})

describe("a wallet's Owned tab", () => {
  async function owned(address: Address, limit: number) {
    const seen: any[] = []
    let cursor: string | null = null
    do {
      const query: string = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`
      const answer = await m.api(`/v1/users/owned/${address}${query}`)
      expect(answer.status).toBe(200)
      const body = answer.body as any
      seen.push(...body.data)
      cursor = body.nextCursor
    } while (cursor)
    return seen
  }

  it('lists ERC-721 tokens and every ERC-1155 balance with its quantity, page by page', async () => {
    const all = await owned(holder.address, 100)
    const key = (n: any) => `${n.contract} ${n.tokenId} × ${n.quantity}`
    expect(all.filter((n) => n.contract === editions.address).map(key)).toEqual([
      `${editions.address} 8 × 2`,
      `${editions.address} 7 × 5`,
    ])
    const single = all.filter((n) => n.contract !== editions.address)
    expect(single.length).toBeGreaterThan(0)
    for (const n of single) {
      expect(n.owner).toBe(holder.address)
      expect(n.quantity).toBe('1')
    }
    // Small pages walk both parts without a gap or a repeat.
    expect((await owned(holder.address, 1)).map(key)).toEqual(all.map(key))
    expect((await owned(holder.address, 2)).map(key)).toEqual(all.map(key))
    // The largest holder of id 7 sees it once, with their own balance.
    const theirs = (await owned(buyer.address, 100)).filter((n) => n.contract === editions.address)
    expect(theirs.map(key)).toEqual([`${editions.address} 7 × 9`])
  })
})

describe('an ERC-1155 listing of several', () => {
  const rival = testAccount(3)
  const balanceOf = (account: Address, id: bigint) =>
    m.chain.client.readContract({
      address: editions.address,
      abi: erc1155Abi,
      functionName: 'balanceOf',
      args: [account, id],
    })

  /** Takes `units` of the listing as `taker` would: fulfillAdvancedOrder with a fraction of it. */
  async function buyPart(
    taker: Account,
    signed: { order: OrderComponents; signature: Hex },
    units: bigint,
    paid: bigint,
  ) {
    const hash = await m.chain.walletOf(taker).writeContract({
      address: m.chain.contracts.seaport,
      abi: seaportAbi,
      functionName: 'fulfillAdvancedOrder',
      args: [
        {
          parameters: orderParameters(signed.order),
          ...partOf(units, 5n),
          signature: signed.signature,
          extraData: '0x',
        },
        [],
        zeroHash,
        zeroAddress,
      ],
      value: paid,
    })
    expect((await m.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
  }

  it('states its quantity, is bought 2 then 3, pays each part exactly and keeps every balance exact', async () => {
    const token = await item(editions.address, 7n)
    expect(token.fees[1]).toMatchObject({ recipient: royaltyReceiver, bps: 500 })
    const unit = parseEther('0.3')
    const signed = await signedListing(holder, editions.address, 7n, unit, token.fees, 5n)
    expect(signed.order.orderType).toBe(PARTIAL_OPEN)
    const submitted = await m.submit('listings', signed, holder)
    expect(submitted.status).toBe(201)
    const orderHash = (submitted.body.data as any).orderHash as string
    const row = async () => (await m.runtime.db.select().from(listings).where(eq(listings.orderHash, orderHash)))[0]!
    expect(await row()).toMatchObject({ quantity: '5', filledQuantity: '0', priceWei: unit.toString() })
    expect((await item(editions.address, 7n)).price.wei).toBe(unit.toString())
    expect((await item(editions.address, 7n)).listings[0]).toMatchObject({ quantity: '5', remaining: '5' })

    const platform = feeAmount(unit, m.runtime.env.platformFee.bps)
    const royalty = feeAmount(unit, 500)
    for (const [taker, units, filled, status] of [
      [buyer, 2n, '2', 'active'],
      [rival, 3n, '5', 'filled'],
    ] as const) {
      const before = {
        holder: await balance(holder.address),
        fee: await balance(m.feeRecipient),
        royalty: await balance(royaltyReceiver),
      }
      await buyPart(taker, signed, units, unit * units)
      expect((await balance(holder.address)) - before.holder).toBe((unit - platform - royalty) * units)
      expect((await balance(m.feeRecipient)) - before.fee).toBe(platform * units)
      expect((await balance(royaltyReceiver)) - before.royalty).toBe(royalty * units)
      await m.index()
      expect(await row()).toMatchObject({ filledQuantity: filled, status })
      const answer = (await m.api(`/v1/orders/${orderHash}`)).body.data as any
      expect(answer).toMatchObject({ quantity: '5', filledQuantity: filled, status })
    }

    // The chain and the index agree on every holder of id 7.
    const [nft] = await m.runtime.db
      .select()
      .from(nfts)
      .where(eq(nfts.id, (await row()).nftId))
    const held = await m.runtime.db.select().from(tokenBalances).where(eq(tokenBalances.nftId, nft!.id))
    const onChain = {
      [buyer.address.toLowerCase()]: await balanceOf(buyer.address, 7n),
      [rival.address.toLowerCase()]: await balanceOf(rival.address, 7n),
    }
    expect(await balanceOf(holder.address, 7n)).toBe(0n)
    expect(Object.fromEntries(held.map((h) => [h.owner, BigInt(h.quantity)]))).toEqual(onChain)
    expect(onChain).toEqual({ [buyer.address.toLowerCase()]: 11n, [rival.address.toLowerCase()]: 3n })
    expect(nft!.priceWei).toBeNull()
  })

  it('is refused when it is a full order, or its amounts cannot be split by its quantity', async () => {
    const token = await item(editions.address, 8n)
    const full = await signedListing(holder, editions.address, 8n, parseEther('0.1'), token.fees, 2n)
    full.order = { ...full.order, orderType: 0 }
    full.signature = await holder.signTypedData(orderTypedData(31337, m.chain.contracts.seaport, full.order))
    const refused = await m.submit('listings', full, holder)
    expect(refused.status).toBe(400)
    expect(refused.body.error!.message).toContain('partial, open order (orderType 1)')

    const uneven = await signedListing(holder, editions.address, 8n, parseEther('0.1'), token.fees, 2n)
    uneven.order.consideration[0]!.startAmount += 1n
    uneven.order.consideration[0]!.endAmount += 1n
    uneven.signature = await holder.signTypedData(orderTypedData(31337, m.chain.contracts.seaport, uneven.order))
    const odd = await m.submit('listings', uneven, holder)
    expect(odd.status).toBe(400)
    expect(odd.body.error!.message).toContain('multiple of the quantity (2)')

    const auction = await m.api(
      '/trpc/market.startAuction',
      {
        method: 'POST',
        body: JSON.stringify({
          nftId: token.id,
          reserveWei: '100000000000000000',
          endsAt: new Date(Date.now() + 86_400_000),
        }),
      },
      holder,
    )
    expect(auction.status).toBe(400)
    expect(JSON.stringify(auction.body)).toContain('an ERC-1155 token cannot be auctioned, because any of its holders')

    const many = await signedListing(holder, editions.address, 8n, parseEther('0.1'), token.fees, 3n)
    const tooMany = await m.submit('listings', many, holder)
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.error!.message).toContain('holds fewer than 3 of this token')
  })
})

describe('an offer on an ERC-1155 token', () => {
  const bidder = testAccount(4)
  const rival = testAccount(3)
  const balanceOf = (account: Address, id: bigint) =>
    m.chain.client.readContract({
      address: editions.address,
      abi: erc1155Abi,
      functionName: 'balanceOf',
      args: [account, id],
    })
  const weth = (address: Address) =>
    m.chain.client.readContract({
      address: m.chain.contracts.weth,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    })

  async function signedOffer(tokenId: bigint, quantity: bigint, unit: bigint, fees: Fee[]) {
    const now = BigInt(Math.floor(Date.now() / 1000))
    const order = offerOrder({
      maker: bidder.address,
      token: { contract: editions.address, tokenId, quantity },
      price: unit,
      fees,
      weth: m.chain.contracts.weth,
      startTime: now - 60n,
      endTime: now + 86_400n,
      salt: randomSalt(),
      counter: 0n,
    })
    return resign({ order, signature: '0x' })
  }
  const resign = async (signed: { order: OrderComponents; signature: Hex }) => ({
    order: signed.order,
    signature: await bidder.signTypedData(orderTypedData(31337, m.chain.contracts.seaport, signed.order)),
  })

  /** A holder sells `units` of an offer for `quantity` as a wallet would: fulfillAdvancedOrder with that fraction. */
  async function acceptPart(
    taker: Account,
    signed: { order: OrderComponents; signature: Hex },
    units: bigint,
    quantity: bigint,
  ) {
    const hash = await m.chain.walletOf(taker).writeContract({
      address: m.chain.contracts.seaport,
      abi: seaportAbi,
      functionName: 'fulfillAdvancedOrder',
      args: [
        {
          parameters: orderParameters(signed.order),
          ...partOf(units, quantity),
          signature: signed.signature,
          extraData: '0x',
        },
        [],
        zeroHash,
        zeroAddress,
      ],
    })
    expect((await m.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
  }

  it('asks for 3 at a price per token; two holders accept 2 then 1, each paid exactly, every balance exact', async () => {
    const token = await item(editions.address, 7n)
    const unit = parseEther('0.2')
    await m.wrapAndApprove(bidder, unit * 3n)
    const signed = await signedOffer(7n, 3n, unit, token.fees)
    expect(signed.order.orderType).toBe(PARTIAL_OPEN)
    expect(signed.order.offer[0]!.startAmount).toBe(unit * 3n)
    expect(signed.order.consideration[0]).toMatchObject({ itemType: 3, startAmount: 3n, recipient: bidder.address })
    const submitted = await m.submit('offers', signed, bidder)
    expect(submitted.body.error).toBeUndefined()
    expect(submitted.status).toBe(201)
    const orderHash = (submitted.body.data as any).orderHash as string
    const row = async () => (await m.runtime.db.select().from(offers).where(eq(offers.orderHash, orderHash)))[0]!
    expect(await row()).toMatchObject({ quantity: '3', filledQuantity: '0', priceWei: unit.toString() })
    const shown = (await item(editions.address, 7n)).offers.find((o: any) => o.orderHash === orderHash)
    expect(shown).toMatchObject({ quantity: '3', remaining: '3', price: { wei: unit.toString() } })

    const platform = feeAmount(unit, m.runtime.env.platformFee.bps)
    const royalty = feeAmount(unit, 500)
    const before = { bidder: await balanceOf(bidder.address, 7n), wethOfBidder: await weth(bidder.address) }
    for (const [taker, units, filled, status] of [
      [rival, 2n, '2', 'active'],
      [buyer, 1n, '3', 'filled'],
    ] as const) {
      await m.approveSeaport(taker, true, editions.address)
      // The fees leave the WETH the holder receives: Seaport takes them from the holder.
      await m.send(taker, {
        address: m.chain.contracts.weth,
        abi: erc20Abi,
        functionName: 'approve',
        args: [m.chain.contracts.seaport, (platform + royalty) * units],
      })
      const paid = {
        taker: await weth(taker.address),
        fee: await weth(m.feeRecipient),
        royalty: await weth(royaltyReceiver),
        tokens: await balanceOf(taker.address, 7n),
      }
      await acceptPart(taker, signed, units, 3n)
      expect((await weth(taker.address)) - paid.taker).toBe((unit - platform - royalty) * units)
      expect((await weth(m.feeRecipient)) - paid.fee).toBe(platform * units)
      expect((await weth(royaltyReceiver)) - paid.royalty).toBe(royalty * units)
      expect(paid.tokens - (await balanceOf(taker.address, 7n))).toBe(units)
      await m.index()
      expect(await row()).toMatchObject({ filledQuantity: filled, status })
      const answer = (await m.api(`/v1/orders/${orderHash}`)).body.data as any
      expect(answer).toMatchObject({ kind: 'offer', quantity: '3', filledQuantity: filled, status })
    }
    expect((await balanceOf(bidder.address, 7n)) - before.bidder).toBe(3n)
    expect(before.wethOfBidder - (await weth(bidder.address))).toBe(unit * 3n)

    // The chain and the index agree on every holder of id 7.
    const held = await m.runtime.db
      .select()
      .from(tokenBalances)
      .where(eq(tokenBalances.nftId, (await row()).nftId))
    const onChain: Record<string, bigint> = {}
    for (const account of [bidder, rival, buyer, holder]) {
      const amount = await balanceOf(account.address, 7n)
      if (amount > 0n) onChain[account.address.toLowerCase()] = amount
    }
    expect(Object.fromEntries(held.map((h) => [h.owner, BigInt(h.quantity)]))).toEqual(onChain)
    expect((await item(editions.address, 7n)).offers.map((o: any) => o.orderHash)).not.toContain(orderHash)
  })

  it('is refused as a full order, with amounts its quantity cannot split, as ERC-721, or beyond the WETH held', async () => {
    const token = await item(editions.address, 8n)
    const unit = parseEther('0.1')
    await m.wrapAndApprove(bidder, unit * 2n)

    const full = await signedOffer(8n, 2n, unit, token.fees)
    const fullRefused = await m.submit(
      'offers',
      await resign({ ...full, order: { ...full.order, orderType: 0 } }),
      bidder,
    )
    expect(fullRefused.status).toBe(400)
    expect(fullRefused.body.error!.message).toContain('an ERC-1155 order must be a partial, open order (orderType 1)')

    const uneven = await signedOffer(8n, 2n, unit, token.fees)
    uneven.order.offer[0]!.startAmount += 1n
    uneven.order.offer[0]!.endAmount += 1n
    const odd = await m.submit('offers', await resign(uneven), bidder)
    expect(odd.status).toBe(400)
    expect(odd.body.error!.message).toContain('multiple of the quantity (2)')

    const asErc721 = await signedOffer(8n, 1n, unit, token.fees)
    asErc721.order.consideration[0]!.itemType = 2
    asErc721.order.orderType = 0
    const wrongType = await m.submit('offers', await resign(asErc721), bidder)
    expect(wrongType.status).toBe(400)
    expect(wrongType.body.error!.message).toContain('this collection is ERC-1155; the item type says otherwise')

    const none = await signedOffer(8n, 1n, unit, token.fees)
    none.order.consideration[0]!.startAmount = 0n
    none.order.consideration[0]!.endAmount = 0n
    const zero = await m.submit('offers', await resign(none), bidder)
    expect(zero.status).toBe(400)
    expect(zero.body.error!.message).toContain('a number of one ERC-1155 token, to the offerer')

    const tooMuch = await m.submit('offers', await signedOffer(8n, 1000n, unit, token.fees), bidder)
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.error!.message).toContain('less than the 100 offered')

    const stored = await m.runtime.db.select().from(offers).where(eq(offers.nftId, token.id))
    expect(stored).toEqual([])
  })
})
