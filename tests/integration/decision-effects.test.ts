/**
 * What a flag stolen, a verification, a feature and a contract block do, on a real Seaport on
 * anvil, as REST and tRPC clients meet them: a flagged token's orders answer `fillable: false,
 * reason: "flagged"` and every trade of it is refused (403 naming the flag, nothing written), the
 * sweep passes it over, the flag stays through a transfer the indexer reads, and its reversal
 * restores all of it; a verified collection makes a later look-alike import a look-alike of it;
 * featured collections are listed newest first, never a spam one; a blocked contract is neither
 * imported nor registered. Decisions are taken through tRPC by an operator, as the console does.
 */
import { count, eq } from 'drizzle-orm'
import { parseEther, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { criteriaOfferOrder } from '../../chain/criteria'
import { orderToJson, orderTypedData, randomSalt } from '../../chain/seaport'
import { collections, listings, nfts, offers } from '../../db/schema'
import type { DecisionAction, DecisionCategory } from '../../db/decision-kinds'
import type { DecisionTargetInput } from '../../server/inputs/decisions'
import { createContext } from '../../server/trpc/init'
import { createCaller } from '../../server/trpc/root'
import { testAccount } from '../support/chain'
import { deployForeignPlain721 } from '../support/foreign'
import { CREATOR_FEE_BPS, startMarket } from '../support/market'
import { sessionCookie } from '../support/session'

const operator = testAccount(7)
const buyer = testAccount(4)
const rival = testAccount(5)

let m: Awaited<ReturnType<typeof startMarket>>
beforeAll(async () => {
  m = await startMarket([1n, 2n, 3n, 4n], { OPERATORS: operator.address })
  await m.approveSeaport(m.seller)
  await m.wrapAndApprove(buyer, parseEther('10'))
  await m.index()
}, 60_000)
afterAll(() => m?.stop())

async function callerAs(address: string) {
  const request = new Request('http://localhost:3000/api/trpc', {
    headers: { cookie: await sessionCookie(address.toLowerCase()) },
  })
  return createCaller(createContext({ request, runtime: m.runtime }))
}
const anonymous = () =>
  createCaller(createContext({ request: new Request('http://localhost:3000/api/trpc'), runtime: m.runtime }))

async function decide(action: DecisionAction, target: DecisionTargetInput, category: DecisionCategory, reason: string) {
  return (await callerAs(operator.address)).moderation.decide({ action, target, category, reason })
}
const reverse = async (id: number) =>
  (await callerAs(operator.address)).moderation.reverse({ id, reason: 'Reviewed again: cleared.' })

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers, checked field by field */
const item = async (tokenId: bigint) => (await m.api(`/v1/nfts/${m.nftId(tokenId)}`)).body.data as any
const order = async (hash: string) => (await m.api(`/v1/orders/${hash}`)).body.data as any
const rows = async (table: typeof listings | typeof offers) =>
  Number((await m.runtime.db.select({ n: count() }).from(table))[0]!.n)

async function listed(tokenId: bigint, price = parseEther('1')) {
  const response = await m.submit('listings', await m.signedListing(m.seller, tokenId, price), m.seller)
  expect(response.status, response.body.error?.message).toBe(201)
  return (response.body.data as unknown as { orderHash: string }).orderHash
}

async function collectionOffer() {
  const now = BigInt(Math.floor(Date.now() / 1000))
  const signed = criteriaOfferOrder({
    maker: buyer.address,
    contract: m.contract,
    standard: 'erc721',
    criteria: 0n,
    quantity: 1n,
    price: parseEther('0.5'),
    fees: [
      { recipient: m.feeRecipient, bps: m.runtime.env.platformFee.bps },
      { recipient: m.creator.address, bps: CREATOR_FEE_BPS },
    ],
    weth: m.chain.contracts.weth,
    startTime: now - 60n,
    endTime: now + 86_400n,
    salt: randomSalt(),
    counter: await m.counterOf(buyer),
  })
  const signature = await buyer.signTypedData(orderTypedData(31337, m.chain.contracts.seaport, signed))
  const response = await m.api(
    '/v1/offers',
    { method: 'POST', body: JSON.stringify({ chainId: 31337, order: orderToJson(signed), signature }) },
    buyer,
  )
  expect(response.status, response.body.error?.message).toBe(201)
  return (response.body.data as unknown as { orderHash: string }).orderHash
}

describe('flag stolen', () => {
  it('stops every trade of the token through Vitrine, stays through a transfer, and its reversal restores it', async () => {
    const listing = await listed(1n)
    const bid = await m.submit('offers', await m.signedOffer(buyer, 1n, parseEther('0.4')), buyer)
    expect(bid.status, bid.body.error?.message).toBe(201)
    const offerHash = (bid.body.data as unknown as { orderHash: string }).orderHash
    const forAny = await collectionOffer()
    const cheaper = await listed(2n, parseEther('2'))

    const flag = await decide(
      'flag_stolen',
      { kind: 'item', id: m.nftId(1n) },
      'stolen',
      'Taken from its owner’s wallet on 2 November.',
    )
    expect(flag).toMatchObject({ action: 'flag_stolen', inForce: true })

    // Its orders, on the item and by hash, over REST and tRPC.
    const flagged = await item(1n)
    expect(flagged.flagged).toEqual({
      decision: flag.id,
      category: 'stolen',
      categoryLabel: 'Reported stolen',
      reason: 'Taken from its owner’s wallet on 2 November.',
      decidedAt: flag.decidedAt,
    })
    expect(flagged).toMatchObject({ price: null, bestOffer: null })
    // Nor in the lists and the floor: its listing is no price anyone can pay here.
    const floor = async () => ((await m.api('/v1/collections/harbour-lights')).body.data as any).stats.floor?.wei
    expect(await floor()).toBe(parseEther('2').toString())
    const cheapest = (await m.api('/v1/nfts?collection=harbour-lights&sort=price-asc&limit=1')).body
      .data as unknown as { id: number }[]
    expect(cheapest.map((n) => n.id)).toEqual([m.nftId(2n)])
    expect(flagged.listings).toMatchObject([{ orderHash: listing, fillable: false, reason: 'flagged' }])
    expect(flagged.offers).toMatchObject([{ orderHash: offerHash, fillable: false, reason: 'flagged' }])
    expect(flagged.collectionOffers).toMatchObject([{ orderHash: forAny, fillable: false, reason: 'flagged' }])
    expect(await order(listing)).toMatchObject({ fillable: false, reason: 'flagged' })
    expect(await order(offerHash)).toMatchObject({ fillable: false, reason: 'flagged' })
    expect(await anonymous().market.order({ orderHash: listing })).toMatchObject({ fillable: false, reason: 'flagged' })
    expect((await anonymous().nft.byId({ id: m.nftId(1n) })).flagged?.decision).toBe(flag.id)
    // Another token of the collection trades as before; the collection offer stays fillable for it.
    expect((await item(2n)).listings).toMatchObject([{ orderHash: cheaper, fillable: true, reason: null }])
    expect(await order(forAny)).toMatchObject({ fillable: true })

    // Listing, offering on, bidding on, auctioning or accepting a collection offer with it: refused, nothing written.
    const before = { listings: await rows(listings), offers: await rows(offers) }
    const named =
      /flagged stolen by this marketplace on \d{4}-\d\d-\d\d \(Reported stolen: Taken from its owner’s wallet on 2 November\.\)/
    const list = await m.submit('listings', await m.signedListing(m.seller, 1n, parseEther('3')), m.seller)
    expect(list.status).toBe(403)
    expect(list.body.error?.message).toMatch(named)
    const offer = await m.submit('offers', await m.signedOffer(buyer, 1n, parseEther('0.6')), buyer)
    expect(offer.status).toBe(403)
    expect(offer.body.error?.message).toMatch(named)
    const seller = await callerAs(m.seller.address)
    await expect(
      seller.market.startAuction({
        nftId: m.nftId(1n),
        reserveWei: parseEther('1').toString(),
        endsAt: new Date(Date.now() + 3_600_000),
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(named) })
    const proof = await m.api(`/v1/offers/${forAny}/criteria?tokenId=1`)
    expect(proof.status).toBe(403)
    expect(proof.body.error?.message).toMatch(named)
    expect((await m.api(`/v1/offers/${forAny}/criteria?tokenId=2`)).status).toBe(200)
    expect({ listings: await rows(listings), offers: await rows(offers) }).toEqual(before)

    // The sweep passes over it, though it is the cheapest listed.
    const sweep = await m.api(`/v1/collections/harbour-lights/sweep?count=2&maxTotal=10`)
    expect(sweep.status).toBe(200)
    expect((sweep.body.data as any).items.map((i: { nftId: number }) => i.nftId)).toEqual([m.nftId(2n)])

    // Moved to another wallet (read by the indexer from the chain): still flagged.
    await m.transfer(m.seller, rival, 1n)
    await m.index()
    const moved = await item(1n)
    expect(moved.owner.toLowerCase()).toBe(rival.address.toLowerCase())
    expect(moved.flagged?.decision).toBe(flag.id)
    expect(moved.offers).toMatchObject([{ orderHash: offerHash, fillable: false, reason: 'flagged' }])
    const [row] = await m.runtime.db
      .select({ flaggedBy: nfts.flaggedBy })
      .from(nfts)
      .where(eq(nfts.id, m.nftId(1n)))
    expect(row!.flaggedBy).toBe(flag.id)
    await m.transfer(rival, m.seller, 1n)
    await m.index()

    // Cleared: the orders are fillable again, and it trades.
    await reverse(flag.id)
    const cleared = await item(1n)
    expect(cleared.flagged).toBeNull()
    expect(cleared.listings).toMatchObject([{ orderHash: listing, fillable: true, reason: null }])
    expect(cleared.price.wei).toBe(parseEther('1').toString())
    expect(await floor()).toBe(parseEther('1').toString())
    expect(cleared.offers).toMatchObject([{ orderHash: offerHash, fillable: true, reason: null }])
    expect(await order(listing)).toMatchObject({ fillable: true, reason: null })
    expect((await m.api(`/v1/offers/${forAny}/criteria?tokenId=1`)).status).toBe(200)
    const again = await m.submit('offers', await m.signedOffer(buyer, 1n, parseEther('0.6')), buyer)
    expect(again.status, again.body.error?.message).toBe(201)
    const swept = await m.api(`/v1/collections/harbour-lights/sweep?count=2&maxTotal=10`)
    expect((swept.body.data as any).items.map((i: { nftId: number }) => i.nftId)).toEqual([m.nftId(1n), m.nftId(2n)])
  }, 60_000)
})

const importOf = (contract: Address) =>
  m.api('/v1/collections/import', { method: 'POST', body: JSON.stringify({ chainId: 31337, contract }) }, buyer)
const collectionRow = async (contract: Address) =>
  (await m.runtime.db.select().from(collections).where(eq(collections.contract, contract.toLowerCase())))[0]
const collectionCount = async () => Number((await m.runtime.db.select({ n: count() }).from(collections))[0]!.n)
const harbourId = async () => (await collectionRow(m.contract))!.id

describe('verify', () => {
  it('makes a later import of a look-alike name a look-alike of it; reversed, the badge goes', async () => {
    const early = await deployForeignPlain721(m.chain.url, { name: 'Harb0ur Lights' })
    const unverified = await importOf(early.address)
    expect(unverified.status, unverified.body.error?.message).toBe(202)
    expect((unverified.body.data as any).lookalikeOf).toBeNull()

    const verified = await decide(
      'verify',
      { kind: 'collection', idOrSlug: 'harbour-lights' },
      'authentic',
      'The artist’s own contract.',
    )
    expect((await m.api('/v1/collections/harbour-lights')).body.data).toMatchObject({ verified: true })
    const late = await deployForeignPlain721(m.chain.url, { name: 'Harbour Lights Official' })
    const copy = await importOf(late.address)
    expect(copy.status, copy.body.error?.message).toBe(202)
    expect((copy.body.data as any).lookalikeOf).toBe(await harbourId())
    expect((await collectionRow(late.address))!.lookalikeOf).toBe(await harbourId())

    await reverse(verified.id)
    expect((await m.api('/v1/collections/harbour-lights')).body.data).toMatchObject({ verified: false })
    expect((await anonymous().collection.byIdOrSlug({ idOrSlug: 'harbour-lights' })).verified).toBe(false)
  }, 60_000)
})

describe('feature', () => {
  it('lists featured collections newest featured first, never a spam or hidden one, over REST and tRPC', async () => {
    const other = await deployForeignPlain721(m.chain.url, { name: 'Quiet Tides' })
    expect((await importOf(other.address)).status).toBe(202)
    const quiet = (await collectionRow(other.address))!.id
    const featured = async (more = '') =>
      ((await m.api(`/v1/collections?featured=true${more}`)).body.data as unknown as { id: number }[]).map((c) => c.id)
    expect(await featured()).toEqual([])

    const first = await decide(
      'feature',
      { kind: 'collection', idOrSlug: 'harbour-lights' },
      'editorial',
      'Harbour week.',
    )
    await new Promise((resolve) => setTimeout(resolve, 5)) // two decisions, two instants
    const second = await decide(
      'feature',
      { kind: 'collection', idOrSlug: String(quiet) },
      'editorial',
      'New and quiet.',
    )
    expect(await featured()).toEqual([quiet, await harbourId()])
    // An imported collection is filed under collectibles until its creator says otherwise.
    expect(await featured('&category=art')).toEqual([await harbourId()])
    expect(await featured('&category=collectibles')).toEqual([quiet])
    const page = await anonymous().collection.list({ featured: true, limit: 1 })
    expect(page.data.map((c) => c.id)).toEqual([quiet])
    const next = await anonymous().collection.list({ featured: true, limit: 1, cursor: page.nextCursor! })
    expect(next.data.map((c) => c.id)).toEqual([await harbourId()])
    // Without the filter, the tabs list every collection as before.
    expect((await m.api('/v1/collections?featured=false')).body.data).toHaveLength(await collectionCount())

    const spam = await decide(
      'mark_spam',
      { kind: 'collection', idOrSlug: String(quiet) },
      'spam',
      'Floods the market.',
    )
    expect(await featured()).toEqual([await harbourId()])
    await reverse(spam.id)
    const hidden = await decide(
      'hide',
      { kind: 'collection', idOrSlug: String(quiet) },
      'terms_of_service',
      'Copied art.',
    )
    expect(await featured()).toEqual([await harbourId()])
    await reverse(hidden.id)
    expect(await featured()).toEqual([quiet, await harbourId()])
    await reverse(first.id)
    expect(await featured()).toEqual([quiet])
    await reverse(second.id)
    expect(await featured()).toEqual([])
    expect((await m.api('/v1/collections?featured=maybe')).status).toBe(400)
  }, 60_000)
})

describe('block a contract', () => {
  it('refuses importing and registering it, naming the decision; unblocked, it is imported', async () => {
    const blocked = await deployForeignPlain721(m.chain.url, { name: 'Wallet Drainer' })
    const decision = await decide(
      'block_contract',
      { kind: 'contract', chainId: 31337, address: blocked.address },
      'scam',
      'Its transfer function drains approvals.',
    )
    const before = await collectionCount()
    const refused = await importOf(blocked.address)
    expect(refused.status).toBe(403)
    expect(refused.body.error?.message).toMatch(
      /this marketplace blocked 0x[0-9a-fA-F]{40} on chain 31337 on \d{4}-\d\d-\d\d \(Scam: Its transfer function drains approvals\.\)/,
    )
    await expect(
      (await callerAs(buyer.address)).create.registerCollection({
        chainId: 31337,
        contract: blocked.address,
        description: '',
        category: 'art',
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/Scam: Its transfer function/) })
    expect(await collectionCount()).toBe(before)
    expect(await collectionRow(blocked.address)).toBeUndefined()

    // A collection already here is not added again either (nor retried).
    const known = await decide(
      'block_contract',
      { kind: 'contract', chainId: 31337, address: m.contract },
      'impersonation',
      'Copies another artist.',
    )
    expect((await importOf(m.contract)).status).toBe(403)
    await reverse(known.id)

    await reverse(decision.id)
    const imported = await importOf(blocked.address)
    expect(imported.status, imported.body.error?.message).toBe(202)
  }, 60_000)
})
