/**
 * Collection and trait offers on a real chain (anvil, Seaport 1.6, WETH, a Vitrine collection):
 * a collection offer for two tokens made by seaport-js is accepted twice the way the site fills it,
 * each fill a sale; a trait offer made the way the site makes it is filled by seaport-js with the
 * proof the API serves; payouts exact to the wei; and every bad input is said plainly, storing nothing.
 */
import { ItemType } from '@opensea/seaport-js'
import { erc20Abi, parseEther, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seaportAbi } from '../../chain/artifacts/Seaport'
import { CriteriaTree, criteriaFillArgs, criteriaOfferOrder } from '../../chain/criteria'
import { feeAmount, orderFromJson, orderToJson, orderTypedData, randomSalt, type OrderJson } from '../../chain/seaport'
import { applyTokenMetadata } from '../../db/market'
import { testAccount } from '../support/chain'
import { CREATOR_FEE_BPS, startMarket } from '../support/market'
import { withTraits } from '../support/market-rows'
import { seaportClients } from '../support/seaport-js'

let m: Awaited<ReturnType<typeof startMarket>>
let clients: ReturnType<typeof seaportClients>
beforeAll(async () => {
  m = await startMarket()
  clients = seaportClients(m.chain.url, m.chain.contracts.seaport)
  await m.approveSeaport(m.seller)
  // Tokens 3, 4 and 5 glow amber; the rest glow blue.
  for (let id = 1n; id <= 9n; id++) {
    await applyTokenMetadata(
      m.runtime.db,
      m.nftId(id),
      withTraits([{ trait_type: 'Glow', value: id >= 3n && id <= 5n ? 'Amber' : 'Blue' }]),
    )
  }
}, 60_000)
afterAll(async () => {
  clients?.destroy()
  await m?.stop()
})

const holder = () => m.seller
const collector = testAccount(4)
const trader = testAccount(5)
const slug = () => 'harbour-lights'

const seaportOf = (index: number) => clients.seaportOf(index)

const weth = (address: `0x${string}`) =>
  m.chain.client.readContract({
    address: m.chain.contracts.weth,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })
const inADay = () => BigInt(Math.floor(Date.now() / 1000) + 86_400)
const platformBps = () => m.runtime.env.platformFee.bps

async function stored(orderHash: string) {
  const { body } = await m.api(`/v1/orders/${orderHash}`)
  const data = body.data as unknown as {
    components: OrderJson
    signature: Hex
    quantity: string
    filledQuantity: string
    status: string
    nftId: number | null
  }
  return { ...data, order: orderFromJson(data.components), quantity: BigInt(data.quantity) }
}

/** Fills a collection or trait offer with `tokenId` as the site does (Seaport's fulfillAdvancedOrder). */
async function acceptAsTheSite(orderHash: string, tokenId: bigint) {
  const proof = await m.api(`/v1/offers/${orderHash}/criteria?tokenId=${tokenId}`)
  expect(proof.status).toBe(200)
  const { proof: path } = proof.body.data as unknown as { proof: Hex[] }
  // The holder pays the fees out of the WETH received: Seaport takes them with the holder's allowance.
  const row = await stored(orderHash)
  const fees = row.order.consideration.slice(1).reduce((sum, fee) => sum + fee.startAmount, 0n) / row.quantity
  await m.send(holder(), {
    address: m.chain.contracts.weth,
    abi: erc20Abi,
    functionName: 'approve',
    args: [m.chain.contracts.seaport, fees],
  })
  return m.send(holder(), {
    address: m.chain.contracts.seaport,
    abi: seaportAbi,
    functionName: 'fulfillAdvancedOrder',
    args: criteriaFillArgs(await stored(orderHash), tokenId, path),
  })
}

const collectionOffers = async () =>
  (await m.api(`/v1/collections/${slug()}/offers`)).body.data as unknown as { orderHash: string; remaining: string }[]
const itemOffers = async (tokenId: bigint) =>
  ((await m.api(`/v1/nfts/${m.nftId(tokenId)}`)).body.data as unknown as { collectionOffers: { orderHash: string }[] })
    .collectionOffers

/** A trait or collection offer built and signed the way the site does. */
async function siteOffer(maker = trader, terms: { criteria: bigint; quantity: bigint; price: bigint }) {
  const now = BigInt(Math.floor(Date.now() / 1000))
  const order = criteriaOfferOrder({
    maker: maker.address,
    contract: m.contract,
    standard: 'erc721',
    ...terms,
    fees: [
      { recipient: m.feeRecipient, bps: platformBps() },
      { recipient: m.creator.address, bps: CREATOR_FEE_BPS },
    ],
    weth: m.chain.contracts.weth,
    startTime: now - 60n,
    endTime: now + 86_400n,
    salt: randomSalt(),
    counter: await m.counterOf(maker),
  })
  const signature = await maker.signTypedData(orderTypedData(31337, m.chain.contracts.seaport, order))
  return { order, signature }
}

const post = (signed: Awaited<ReturnType<typeof siteOffer>>, trait?: string, as = trader) =>
  m.api(
    '/v1/offers',
    {
      method: 'POST',
      body: JSON.stringify({ chainId: 31337, order: orderToJson(signed.order), signature: signed.signature, trait }),
    },
    as,
  )

describe('a collection offer made by seaport-js', () => {
  it('is shown on the collection and its items, and is filled twice by a holder, each fill a sale', async () => {
    const price = parseEther('0.2')
    await m.wrapAndApprove(collector, price * 2n)
    const { executeAllActions } = await seaportOf(4).createOrder(
      {
        offer: [{ token: m.chain.contracts.weth, amount: (price * 2n).toString() }],
        consideration: [
          { itemType: ItemType.ERC721, token: m.contract, identifiers: [], amount: '2', recipient: collector.address },
        ],
        fees: [
          { recipient: m.feeRecipient, basisPoints: platformBps() },
          { recipient: m.creator.address, basisPoints: CREATOR_FEE_BPS },
        ],
        allowPartialFills: true,
        endTime: inADay().toString(),
      },
      collector.address,
    )
    const order = await executeAllActions()
    const submitted = await m.api(
      '/v1/offers',
      { method: 'POST', body: JSON.stringify({ chainId: 31337, order: order.parameters, signature: order.signature }) },
      collector,
    )
    expect(submitted.body.error).toBeUndefined()
    expect(submitted.status).toBe(201)
    const { orderHash, nftId } = submitted.body.data as unknown as { orderHash: string; nftId: null }
    expect(nftId).toBeNull()
    expect(await collectionOffers()).toContainEqual(expect.objectContaining({ orderHash, remaining: '2' }))
    expect((await itemOffers(7n)).map((o) => o.orderHash)).toContain(orderHash)

    const platform = feeAmount(price, platformBps())
    const creator = feeAmount(price, CREATOR_FEE_BPS)
    for (const [tokenId, left] of [
      [1n, '1'],
      [2n, '0'],
    ] as const) {
      const before = {
        holder: await weth(holder().address),
        fee: await weth(m.feeRecipient),
        creator: await weth(m.creator.address),
      }
      await acceptAsTheSite(orderHash, tokenId)
      expect(await m.ownerOf(tokenId)).toBe(collector.address)
      expect((await weth(holder().address)) - before.holder).toBe(price - platform - creator)
      expect((await weth(m.feeRecipient)) - before.fee).toBe(platform)
      expect((await weth(m.creator.address)) - before.creator).toBe(creator)
      await m.index()
      const row = await stored(orderHash)
      expect(row.filledQuantity).toBe(String(2n - BigInt(left)))
      expect(row.status).toBe(left === '0' ? 'filled' : 'active')
      const sales = (await m.api(`/v1/activity?nft=${m.nftId(tokenId)}&type=sale`)).body.data as unknown as {
        price: { wei: string }
        from: string
        to: string
      }[]
      expect(sales).toHaveLength(1)
      expect(sales[0]!.price.wei).toBe(price.toString())
    }
    expect((await collectionOffers()).map((o) => o.orderHash)).not.toContain(orderHash)
    expect((await itemOffers(7n)).map((o) => o.orderHash)).not.toContain(orderHash)
  }, 30_000)
})

describe('a trait offer made in the site', () => {
  it('covers the tokens carrying the trait when made; seaport-js fills it with the served proof', async () => {
    const criteria = await m.api(`/v1/collections/${slug()}/criteria?trait=Glow:Amber`)
    expect(criteria.status).toBe(200)
    const { root, tokenIds } = criteria.body.data as unknown as { root: Hex; tokenIds: string[] }
    expect(tokenIds).toEqual(['3', '4', '5'])
    expect(root).toBe(new CriteriaTree([3n, 4n, 5n]).root)

    const price = parseEther('0.3')
    await m.wrapAndApprove(trader, price)
    const signed = await siteOffer(trader, { criteria: BigInt(root), quantity: 1n, price })
    const submitted = await post(signed, 'Glow:Amber')
    expect(submitted.body.error).toBeUndefined()
    expect(submitted.status).toBe(201)
    const { orderHash } = submitted.body.data as unknown as { orderHash: string }
    expect((await itemOffers(4n)).map((o) => o.orderHash)).toContain(orderHash)
    expect((await itemOffers(6n)).map((o) => o.orderHash)).not.toContain(orderHash)

    // Token 6 gains the trait after the offer: it is not covered, and says so.
    await applyTokenMetadata(m.runtime.db, m.nftId(6n), withTraits([{ trait_type: 'Glow', value: 'Amber' }]))
    const uncovered = await m.api(`/v1/offers/${orderHash}/criteria?tokenId=6`)
    expect(uncovered.status).toBe(400)
    expect(uncovered.body.error!.message).toMatch(/^tokenId: token 6 is not covered by this offer/)
    expect((await itemOffers(6n)).map((o) => o.orderHash)).not.toContain(orderHash)
    const huge = await m.api(`/v1/offers/${orderHash}/criteria?tokenId=${'9'.repeat(78)}`)
    expect(huge.status).toBe(400)
    expect(huge.body.error!.message).toMatch(/^tokenId: must be at most 2\^256 − 1/)

    // A proof for another token does not fill it: Seaport refuses, nothing moves.
    const proof4 = (
      (await m.api(`/v1/offers/${orderHash}/criteria?tokenId=4`)).body.data as unknown as { proof: Hex[] }
    ).proof
    await expect(
      m.chain.client.simulateContract({
        account: holder().address,
        address: m.chain.contracts.seaport,
        abi: seaportAbi,
        functionName: 'fulfillAdvancedOrder',
        args: criteriaFillArgs(await stored(orderHash), 6n, proof4),
      }),
    ).rejects.toThrow(/InvalidProof/)

    const before = { holder: await weth(holder().address), trader: await weth(trader.address) }
    const served = await stored(orderHash)
    const { executeAllActions } = await seaportOf(2).fulfillOrder({
      order: { parameters: served.components as never, signature: served.signature },
      considerationCriteria: [{ identifier: '4', proof: proof4 }],
      accountAddress: holder().address,
    })
    const receipt = await (await executeAllActions()).wait()
    expect(receipt?.status).toBe(1)
    expect(await m.ownerOf(4n)).toBe(trader.address)
    const fees = feeAmount(price, platformBps()) + feeAmount(price, CREATOR_FEE_BPS)
    expect((await weth(holder().address)) - before.holder).toBe(price - fees)
    expect(before.trader - (await weth(trader.address))).toBe(price)
    await m.index()
    expect((await stored(orderHash)).status).toBe('filled')
  }, 30_000)
})

describe('bad collection and trait offers', () => {
  it('are refused with the reason, and nothing is stored', async () => {
    await m.wrapAndApprove(trader, parseEther('10'))
    const before = await collectionOffers()
    const refused = async (response: Awaited<ReturnType<typeof post>>, message: RegExp) => {
      expect(response.status, JSON.stringify(response.body)).toBe(400)
      expect(response.body.error!.message).toMatch(message)
    }
    const price = parseEther('0.1')
    // More tokens than the collection holds.
    await refused(
      await post(await siteOffer(trader, { criteria: 0n, quantity: 100n, price })),
      /^order.consideration\[0\].startAmount: asks for 100 tokens, but Harbour Lights holds only 9/,
    )
    // More than carry the trait.
    const amber = (await m.api(`/v1/collections/${slug()}/criteria?trait=Glow:Amber`)).body.data as unknown as {
      root: Hex
      tokenIds: string[]
    }
    await refused(
      await post(await siteOffer(trader, { criteria: BigInt(amber.root), quantity: 9n, price }), 'Glow:Amber'),
      /asks for 9 tokens, but only \d carry Glow: Amber/,
    )
    // A trait no token has.
    const none = await m.api(`/v1/collections/${slug()}/criteria?trait=Glow:Violet`)
    expect(none.status).toBe(400)
    expect(none.body.error!.message).toBe('trait: no token of this collection carries Glow: Violet')
    await refused(
      await post(await siteOffer(trader, { criteria: BigInt(amber.root), quantity: 1n, price }), 'Glow:Violet'),
      /^trait: no token of Harbour Lights carries Glow: Violet/,
    )
    // A root that is not that of the trait's tokens (a criteria matching tokens of the maker's choosing).
    const chosen = new CriteriaTree([1n, 9n]).root
    await refused(
      await post(await siteOffer(trader, { criteria: BigInt(chosen), quantity: 1n, price }), 'Glow:Amber'),
      /^order.consideration\[0\].identifierOrCriteria: is not the Merkle root of the \d tokens carrying Glow: Amber now/,
    )
    await refused(
      await post(await siteOffer(trader, { criteria: BigInt(chosen), quantity: 1n, price })),
      /^order.consideration\[0\].identifierOrCriteria: a Merkle root needs `trait`/,
    )
    // A trait named on an offer for one token, and a badly written trait.
    const one = await m.signedOffer(trader, 8n, price)
    await refused(
      await m.api(
        '/v1/offers',
        {
          method: 'POST',
          body: JSON.stringify({
            chainId: 31337,
            order: orderToJson(one.order),
            signature: one.signature,
            trait: 'Glow:Blue',
          }),
        },
        trader,
      ),
      /^trait: only an offer for any token with a trait/,
    )
    await refused(
      await post(await siteOffer(trader, { criteria: BigInt(amber.root), quantity: 1n, price }), 'Glow'),
      /^trait: write it as Type:Value/,
    )
    // The wrong item type for the collection's standard.
    const wrongType = await siteOffer(trader, { criteria: 0n, quantity: 1n, price })
    wrongType.order.consideration[0]!.itemType = 5
    wrongType.signature = await trader.signTypedData(orderTypedData(31337, m.chain.contracts.seaport, wrongType.order))
    await refused(await post(wrongType), /^order.consideration\[0\].itemType: Harbour Lights is ERC-721/)
    // More WETH than the maker holds.
    await refused(
      await post(await siteOffer(trader, { criteria: 0n, quantity: 9n, price: parseEther('5') })),
      /^order.offerer: holds [\d.]+ WETH, less than the 45 offered/,
    )
    expect(await collectionOffers()).toEqual(before)
  }, 30_000)
})
