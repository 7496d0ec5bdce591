/**
 * An imported contract written by an attacker cannot fake Vitrine's sales: it logs Vitrine's
 * voucher event for a sale that never happened, passes for a Vitrine collection by its calls, and
 * names a victim instead of the real party in the Transfer log of a Seaport trade. Sales are
 * read from Seaport's own events and the transaction, never from the token's logs. Anvil,
 * Seaport 1.6, the REST API and tRPC.
 */
import { eq } from 'drizzle-orm'
import { isAddressEqual, parseEther, parseEventLogs, zeroAddress, zeroHash, type Hex, type Log } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostile721Abi } from '../../chain/artifacts/Hostile721'
import { seaportAbi } from '../../chain/artifacts/Seaport'
import {
  FULL_OPEN,
  ItemType,
  listingOrder,
  offerOrder,
  orderHash,
  orderParameters,
  orderTypedData,
  randomSalt,
  type OrderComponents,
} from '../../chain/seaport'
import { chainCursors, listings, nfts } from '../../db/schema'
import { app } from '../../server/app'
import { testAccount } from '../support/chain'
import { deployHostile721 } from '../support/hostile'
import { startMarket } from '../support/market'
import { sessionCookie } from '../support/session'

type Account = ReturnType<typeof testAccount>
let m: Awaited<ReturnType<typeof startMarket>>
let hostile: Awaited<ReturnType<typeof deployHostile721>>
let slug: string
const holder = testAccount(5)
const bidder = testAccount(6)
const victim = testAccount(8)
/** Sends a match for the bidder, as an aggregator would. */
const matcher = testAccount(4)

beforeAll(async () => {
  m = await startMarket([1n])
  hostile = await deployHostile721(m.chain.url, {
    feeRecipient: m.feeRecipient,
    feeBps: m.runtime.env.platformFee.bps,
  })
  for (const tokenId of [1n, 2n, 3n]) await hostile.mint(holder.address, tokenId)
  slug = ((await m.importCollection(hostile.address, holder)).body.data as unknown as { slug: string }).slug
  await m.approveSeaport(holder, true, hostile.address)
  await m.index()
}, 90_000)
afterAll(() => m.stop())

interface ActivityLine {
  type: string
  from: string | null
  to: string | null
  price: { wei: string } | null
  txHash: string
}
const lines = async (query: string) => (await m.api(`/v1/activity?${query}`)).body.data as unknown as ActivityLine[]
const platformFee = () => [{ recipient: m.feeRecipient, bps: m.runtime.env.platformFee.bps }]
const now = () => BigInt(Math.floor(Date.now() / 1000))
/** The hostile token's own Transfer logs in a receipt. */
const tokenMoves = (logs: Log[]) =>
  parseEventLogs({
    abi: hostile721Abi,
    eventName: 'Transfer',
    logs: logs.filter((log) => isAddressEqual(log.address, hostile.address)),
  })

async function sign(maker: Account, order: OrderComponents) {
  return { order, signature: await maker.signTypedData(orderTypedData(31337, m.chain.contracts.seaport, order)) }
}
const terms = async (maker: Account, tokenId: bigint, price: bigint) => ({
  maker: maker.address,
  token: { contract: hostile.address, tokenId },
  price,
  fees: platformFee(),
  startTime: now() - 60n,
  endTime: now() + 86_400n,
  salt: randomSalt(),
  counter: await m.counterOf(maker),
})

describe("an imported contract's VoucherRedeemed", () => {
  it('is no sale: a victim named as the buyer of a million ETH appears nowhere', async () => {
    const forged = await hostile.forgeVoucherRedeemed(1n, victim.address, parseEther('1000000'))
    await m.index()

    expect((await lines('type=sale')).map((line) => line.txHash)).not.toContain(forged.transactionHash)
    expect((await lines(`user=${victim.address}`)).map((line) => line.txHash)).not.toContain(forged.transactionHash)
    const collection = (await m.api(`/v1/collections/${slug}`)).body.data as unknown as {
      stats: { volumeAll: { wei: string } }
    }
    expect(collection.stats.volumeAll.wei).toBe('0')
  })
})

describe('a contract that answers every call a Vitrine collection answers', () => {
  it('is refused as a Vitrine collection: its code is not Vitrine’s', async () => {
    // A fresh copy (the one above is imported already, which the registration refuses first).
    const copy = await deployHostile721(m.chain.url, {
      feeRecipient: m.feeRecipient,
      feeBps: m.runtime.env.platformFee.bps,
    })
    const response = await app.request(
      'http://localhost:3000/api/trpc/create.registerCollection',
      {
        method: 'POST',
        body: JSON.stringify({ chainId: 31337, contract: copy.address, category: 'art', description: '' }),
        headers: {
          'content-type': 'application/json',
          cookie: await sessionCookie(copy.owner.address.toLowerCase()),
        },
      },
      m.runtime,
    )
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error?: { message: string } }).error?.message).toMatch(
      /not a Vitrine collection contract/,
    )
  })
})

describe('a hostile token that logs a victim in its Transfer', () => {
  it("records the match's real buyer, as Seaport names them, not the token's log", async () => {
    const price = parseEther('0.5')
    const listing = await sign(holder, listingOrder(await terms(holder, 1n, price)))
    expect((await m.submit('listings', listing, holder)).status).toBe(201)
    await hostile.forge({ to: victim.address })

    // The matcher's own order (unsigned: it sends the match) pays and asks the token for the bidder.
    const own: OrderComponents = {
      offerer: matcher.address,
      zone: zeroAddress,
      offer: [
        {
          itemType: ItemType.NATIVE,
          token: zeroAddress,
          identifierOrCriteria: 0n,
          startAmount: price,
          endAmount: price,
        },
      ],
      consideration: [
        {
          itemType: ItemType.ERC721,
          token: hostile.address,
          identifierOrCriteria: 1n,
          startAmount: 1n,
          endAmount: 1n,
          recipient: bidder.address,
        },
      ],
      orderType: FULL_OPEN,
      startTime: now() - 60n,
      endTime: now() + 3_600n,
      zoneHash: zeroHash,
      salt: randomSalt(),
      conduitKey: zeroHash,
      counter: await m.counterOf(matcher),
    }
    const component = (order: number, item: number) => [{ orderIndex: BigInt(order), itemIndex: BigInt(item) }]
    const receipt = await m.send(matcher, {
      address: m.chain.contracts.seaport,
      abi: seaportAbi,
      functionName: 'matchOrders',
      args: [
        [
          { parameters: orderParameters(listing.order), signature: listing.signature },
          { parameters: orderParameters(own), signature: '0x' as Hex },
        ],
        [
          { offerComponents: component(0, 0), considerationComponents: component(1, 0) },
          ...listing.order.consideration.map((_, i) => ({
            offerComponents: component(1, 0),
            considerationComponents: component(0, i),
          })),
        ],
      ],
      value: price,
    })
    // The token logged the victim as the receiver.
    const moves = tokenMoves(receipt.logs)
    expect(moves.map((move) => move.args.to)).toEqual([victim.address])
    await hostile.forge({})
    await m.index()

    const [sale] = (await lines(`type=sale&user=${holder.address}`)).filter(
      (line) => line.txHash === receipt.transactionHash,
    )
    expect(sale).toMatchObject({ from: holder.address, to: bidder.address, price: { wei: price.toString() } })
    expect((await lines(`user=${victim.address}`)).map((line) => line.txHash)).not.toContain(receipt.transactionHash)
  })

  it('records the holder who sent the accepting transaction as the seller, not the token’s log', async () => {
    const price = parseEther('0.3')
    await m.wrapAndApprove(bidder, price)
    const offer = await sign(bidder, offerOrder({ ...(await terms(bidder, 2n, price)), weth: m.chain.contracts.weth }))
    expect((await m.submit('offers', offer, bidder)).status).toBe(201)
    await hostile.forge({ from: victim.address })

    await m.wrapAndApprove(holder, price) // the holder pays the fees in WETH, as accepting an offer does
    const hash = await m.fill(holder, offer)
    const receipt = await m.chain.client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    const moves = tokenMoves(receipt.logs)
    expect(moves.map((move) => move.args.from)).toEqual([victim.address])
    await hostile.forge({})
    await m.index()

    const [sale] = (await lines(`type=sale&user=${bidder.address}`)).filter((line) => line.txHash === hash)
    expect(sale).toMatchObject({ from: holder.address, to: bidder.address, price: { wei: price.toString() } })
    expect((await lines(`user=${victim.address}`)).map((line) => line.txHash)).not.toContain(hash)
  })
})

describe('a hostile token that reverts when asked whether Seaport may move it', () => {
  it('makes its listing unfillable and stops nothing: the round reads on past it', async () => {
    const price = parseEther('0.2')
    const kept = await sign(holder, listingOrder(await terms(holder, 3n, price)))
    const cancelled = await sign(holder, listingOrder(await terms(holder, 3n, price + 1n)))
    for (const listing of [kept, cancelled]) expect((await m.submit('listings', listing, holder)).status).toBe(201)
    await hostile.refuseApprovals(true)
    try {
      // A cancel on the token makes the round check its other listing again.
      await m.send(holder, {
        address: m.chain.contracts.seaport,
        abi: seaportAbi,
        functionName: 'cancel',
        args: [[cancelled.order]],
      })
      await m.transfer(m.seller, bidder, 1n)
      const head = await m.chain.client.getBlockNumber({ cacheTime: 0 })

      await m.index()

      const [cursor] = await m.runtime.db.select().from(chainCursors).where(eq(chainCursors.chainId, 31337))
      expect(BigInt(cursor!.block)).toBe(head)
      const [listing] = await m.runtime.db
        .select({ status: listings.status })
        .from(listings)
        .where(eq(listings.orderHash, orderHash(kept.order)))
      expect(listing!.status).toBe('inactive')
      // A plain transfer of Vitrine's own collection in the same round is in.
      expect(await m.ownerOf(1n)).toBe(bidder.address)
      const [mine] = await m.runtime.db
        .select({ owner: nfts.owner })
        .from(nfts)
        .where(eq(nfts.id, m.nftId(1n)))
      expect(mine!.owner).toBe(bidder.address.toLowerCase())
    } finally {
      await hostile.refuseApprovals(false)
    }
  })
})
