/**
 * One hostile contract cannot stall a chain: an imported ERC-721 logs 140,000 Transfer events in
 * 10 transactions, read through an RPC that refuses answers of more than 10,000 logs (as public
 * providers do). The main round reads it with the other caught-up imported collections in one
 * request; refused, that request is split until the flooder stands alone, the flooder goes back
 * to its own reading and is paused with its reason, and a plain transfer elsewhere (Vitrine's own
 * collection, another imported one) is indexed in that very round. Anvil, Seaport 1.6, the
 * server's own chain client.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostile721Abi } from '../../chain/artifacts/Hostile721'
import { seaportAbi } from '../../chain/artifacts/Seaport'
import { listingOrder, orderTypedData, randomSalt } from '../../chain/seaport'
import { wrappedEtherAbi } from '../../chain/artifacts/WrappedEther'
import { chainCursors, collections, listings, nfts, offers } from '../../db/schema'
import { app } from '../../server/app'
import type { HealthReport } from '../../server/health/check'
import { testAccount } from '../support/chain'
import { deployForeignArt721 } from '../support/foreign'
import { deployHostile721 } from '../support/hostile'
import { startMarket } from '../support/market'

/** What public providers answer at most (Alchemy, Infura: 10,000 logs); lowered by one test. */
let logLimit = 10_000
const holder = testAccount(5)
const friend = testAccount(6)

let m: Awaited<ReturnType<typeof startMarket>>
let rpc: Server
const seen = { getLogs: 0, refused: 0, bodies: [] as string[] }
/** Some providers cap the block range instead: wider ranges are refused while this is set. */
let maxWidth = Infinity
/** Log requests for this address are never answered (a provider choking on its logs). */
let unanswered: string | null = null

/** anvil behind a provider's log limit: an eth_getLogs answer with more logs is refused. */
async function limitingRpc(upstream: string) {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString()
    if (unanswered && body.includes('eth_getLogs') && body.toLowerCase().includes(unanswered)) return
    const answer = await (
      await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    ).text()
    res.setHeader('content-type', 'application/json')
    const call = JSON.parse(body) as { id: number; method: string; params: { fromBlock: string; toBlock: string }[] }
    if (call.method === 'eth_getLogs') {
      seen.getLogs++
      seen.bodies.push(body.toLowerCase())
      const { fromBlock, toBlock } = call.params[0]!
      const width = Number(BigInt(toBlock) - BigInt(fromBlock)) + 1
      if (width > maxWidth || answer.split('"logIndex"').length - 1 > logLimit) {
        seen.refused++
        res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: call.id,
            error: { code: -32005, message: `query returned more than ${logLimit} results` },
          }),
        )
        return
      }
    }
    res.end(answer)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

beforeAll(async () => {
  m = await startMarket([1n])
  rpc = await limitingRpc(m.chain.url)
  const url = `http://127.0.0.1:${(rpc.address() as AddressInfo).port}`
  m.runtime.env = { ...m.runtime.env, chains: [{ id: 31337, rpcUrl: url, publicRpcUrl: url }] }
}, 60_000)
afterAll(async () => {
  rpc.closeAllConnections()
  rpc.close()
  await m.stop()
})

const collectionOf = async (contract: string) =>
  (await m.runtime.db.select().from(collections).where(eq(collections.contract, contract.toLowerCase())))[0]!
const ownerOf = async (contract: string, tokenId: bigint) =>
  (
    await m.runtime.db
      .select({ owner: nfts.owner })
      .from(nfts)
      .where(and(eq(nfts.contract, contract.toLowerCase()), eq(nfts.tokenId, tokenId.toString())))
  )[0]?.owner

describe('an imported contract that floods the chain with logs', () => {
  it('is paused with its reason while a plain transfer elsewhere is indexed in the next round', async () => {
    const art = await deployForeignArt721(m.chain.url)
    await art.mint(holder.address, 1n, 1n)
    const hostile = await deployHostile721(m.chain.url)
    await hostile.mint(holder.address, 1n)
    await m.importCollection(art.address, holder)
    await m.importCollection(hostile.address, holder)
    await m.index()
    expect((await collectionOf(hostile.address)).indexStatus).toBe('following')
    expect((await collectionOf(art.address)).indexStatus).toBe('following')
    // Caught up, both are read in one request of the main round.
    await m.chain.client.mine({ blocks: 1 })
    const shared = seen.bodies.length
    await m.index()
    const both = (body: string) => [art.address, hostile.address].every((a) => body.includes(a.toLowerCase().slice(2)))
    expect(seen.bodies.slice(shared).filter(both)).toHaveLength(1)

    for (let i = 0n; i < 10n; i++) await hostile.flood(1_000_000n + i * 14_000n, 14_000n)
    await m.transfer(m.seller, friend, 1n)
    await art.transfer(holder, friend.address, 1n)
    const head = await m.chain.client.getBlockNumber({ cacheTime: 0 })

    await m.index()

    // The main round read past the flood, and the plain moves are in.
    const [cursor] = await m.runtime.db.select().from(chainCursors).where(eq(chainCursors.chainId, 31337))
    expect(BigInt(cursor!.block)).toBe(head)
    expect(await ownerOf(m.contract, 1n)).toBe(friend.address.toLowerCase())
    expect(await ownerOf(art.address, 1n)).toBe(friend.address.toLowerCase())
    // The flood is paused, says why, and wrote no token.
    const flooded = await collectionOf(hostile.address)
    expect(flooded.indexStatus).toBe('paused')
    expect(flooded.indexError).toMatch(/refuses this contract's logs of block \d+ even alone/)
    expect(await m.runtime.db.select().from(nfts).where(eq(nfts.collectionId, flooded.id))).toHaveLength(1)
    expect(seen.refused).toBeGreaterThan(0)

    // Its page says so.
    const page = (await m.api(`/v1/collections/${flooded.slug}`)).body.data as unknown as {
      indexing: { status: string; error: string }
    }
    expect(page.indexing).toMatchObject({ status: 'paused', error: flooded.indexError })

    // It takes no orders: its owners here are no longer followed.
    await m.approveSeaport(holder, true, hostile.address)
    const now = BigInt(Math.floor(Date.now() / 1000))
    const order = listingOrder({
      maker: holder.address,
      token: { contract: hostile.address, tokenId: 1n },
      price: 10n ** 18n,
      fees: [{ recipient: m.feeRecipient, bps: m.runtime.env.platformFee.bps }],
      startTime: now - 60n,
      endTime: now + 86_400n,
      salt: randomSalt(),
      counter: await m.counterOf(holder),
    })
    const signature = await holder.signTypedData(orderTypedData(31337, m.chain.contracts.seaport, order))
    const refused = await m.submit('listings', { order, signature }, holder)
    expect(refused.status).toBe(400)
    expect(refused.body.error?.message).toMatch(/indexing of 0x[0-9a-fA-F]{40} is paused; it takes no orders/)

    // Later rounds leave it be: no more requests for its logs.
    const before = seen.bodies.length
    await m.index()
    const asked = seen.bodies.slice(before)
    expect(asked.length).toBeGreaterThan(0) // the main round and the other collection are read
    expect(asked.filter((body) => body.includes(hostile.address.toLowerCase().slice(2)))).toEqual([])
  }, 180_000)
})

describe('a caught-up imported collection with more events in a round than one write takes', () => {
  it('goes back to its own reading, and the collections that shared its request are read in the same round', async () => {
    const busy = await deployHostile721(m.chain.url)
    await busy.mint(holder.address, 1n)
    const quiet = await deployForeignArt721(m.chain.url)
    await quiet.mint(holder.address, 1n, 1n)
    await m.importCollection(busy.address, holder)
    await m.importCollection(quiet.address, holder)
    await m.index()
    expect((await collectionOf(busy.address)).indexStatus).toBe('following')

    await busy.flood(2_000_000n, 3_000n) // under the RPC's limit, over MAX_RANGE_EVENTS
    await quiet.transfer(holder, friend.address, 1n)
    const before = seen.bodies.length
    await m.index()

    expect(await ownerOf(quiet.address, 1n)).toBe(friend.address.toLowerCase())
    const asked = seen.bodies.slice(before)
    const has = (body: string, address: string) => body.includes(address.toLowerCase().slice(2))
    expect(asked.filter((body) => has(body, busy.address) && has(body, quiet.address))).toHaveLength(1) // shared
    const alone = asked
      .filter((body) => body.includes(busy.address.toLowerCase().slice(2)))
      .filter((body) => !body.includes(quiet.address.toLowerCase().slice(2)))
    expect(alone.length).toBeGreaterThan(0) // its own ranges
    // Read apart in halves down to its block, within the bound of a block: its tokens are in.
    const row = await collectionOf(busy.address)
    expect(row.indexStatus).toBe('following')
    expect(await m.runtime.db.select().from(nfts).where(eq(nfts.collectionId, row.id))).toHaveLength(3_001)
  }, 120_000)
})

describe("the main round's block range", () => {
  it('shrinks while the RPC refuses it, is kept for the next rounds, and still reads every block', async () => {
    maxWidth = 16
    try {
      await m.chain.client.mine({ blocks: 100 })
      await m.transfer(friend, m.seller, 1n)
      const head = await m.chain.client.getBlockNumber({ cacheTime: 0 })
      const refusedBefore = seen.refused
      const cursor = async () =>
        (await m.runtime.db.select().from(chainCursors).where(eq(chainCursors.chainId, 31337)))[0]!

      for (let round = 0; round < 20 && BigInt((await cursor()).block) < head; round++) await m.index()

      expect(BigInt((await cursor()).block)).toBe(head)
      expect((await cursor()).range).toBeLessThanOrEqual(16)
      expect(seen.refused).toBeGreaterThan(refusedBefore)
      expect(await ownerOf(m.contract, 1n)).toBe(m.seller.address.toLowerCase())
    } finally {
      maxWidth = Infinity
    }
  }, 60_000)
})

describe('/api/health', () => {
  it('reports the indexer behind, and the service degraded, when its cursor stops short of the chain', async () => {
    const health = async () => {
      const response = await app.request('http://localhost/api/health', {}, m.runtime)
      return { status: response.status, body: (await response.json()) as HealthReport }
    }
    await m.index()
    expect((await health()).body.indexer.status).toBe('ok')

    maxWidth = 0 // the RPC now refuses every log request
    try {
      await m.transfer(m.seller, friend, 1n)
      await expect(m.index()).rejects.toThrow(/refuses the logs of block/)
      // A failed round right away is no outage yet; a cursor standing still for minutes is.
      expect((await health()).body.indexer.status).toBe('ok')
      await m.runtime.db
        .update(chainCursors)
        .set({ updatedAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(chainCursors.chainId, 31337))
      const { status, body } = await health()
      expect(status).toBe(503)
      expect(body.status).toBe('degraded')
      const [chain] = body.indexer.chains
      expect(body.indexer.status).toBe('behind')
      expect(chain!.safeHead).toBeGreaterThan(chain!.block)
    } finally {
      maxWidth = Infinity
    }
    await m.index()
    expect((await health()).body.indexer.status).toBe('ok')
  })
})

describe('an imported contract whose logs the RPC does not answer in time', () => {
  it('ends its own turn, and the collections after it are read in the same round', async () => {
    const slow = await deployForeignArt721(m.chain.url)
    await slow.mint(holder.address, 1n, 1n)
    const others = [await deployForeignArt721(m.chain.url), await deployForeignArt721(m.chain.url)]
    for (const other of others) await other.mint(holder.address, 1n, 1n)
    for (const contract of [slow, ...others]) await m.importCollection(contract.address, holder)
    await m.index()
    // The slow one comes first in the round: same range as the others, and the lowest id.
    unanswered = slow.address.toLowerCase().slice(2)
    try {
      await slow.transfer(holder, friend.address, 1n)
      for (const other of others) await other.transfer(holder, friend.address, 1n)

      await m.index()

      for (const other of others) expect(await ownerOf(other.address, 1n)).toBe(friend.address.toLowerCase())
      const stuck = await collectionOf(slow.address)
      expect(stuck.indexError).toMatch(/did not answer/)
      expect(await ownerOf(slow.address, 1n)).toBe(holder.address.toLowerCase())
    } finally {
      unanswered = null
    }
    await m.index()
    expect(await ownerOf(slow.address, 1n)).toBe(friend.address.toLowerCase())
    expect((await collectionOf(slow.address)).indexError).toBeNull()
  }, 120_000)
})

describe("a block that anyone fills with Seaport's logs", () => {
  it('is read apart, by kind and by the makers of our open orders, and the round goes on past it', async () => {
    const hostile = await deployHostile721(m.chain.url)
    if ((await m.ownerOf(1n)) !== m.seller.address) await m.transfer(friend, m.seller, 1n)
    await m.approveSeaport(m.seller)
    await m.index()
    const listed = await m.submit('listings', await m.signedListing(m.seller, 1n, 10n ** 18n), m.seller)
    expect(listed.body.error?.message).toBeUndefined()

    logLimit = 1_000 // as a 10,000-log limit is to a block of 11,000 counters (about 2,700 gas each)
    await m.chain.client.setAutomine(false)
    try {
      // One block: 1,500 counters of a stranger, and the counter of a maker that voids their listing.
      const sent = [
        await m.chain.walletOf(hostile.owner).writeContract({
          address: hostile.address,
          abi: hostile721Abi,
          functionName: 'floodCounters',
          args: [m.chain.contracts.seaport, 1_500n],
          gas: 29_000_000n,
        }),
        await m.chain.walletOf(m.seller).writeContract({
          address: m.chain.contracts.seaport,
          abi: seaportAbi,
          functionName: 'incrementCounter',
          gas: 200_000n,
        }),
      ]
      await m.chain.client.mine({ blocks: 1 })
      const receipts = await Promise.all(sent.map((hash) => m.chain.client.waitForTransactionReceipt({ hash })))
      expect(receipts.map((r) => r.status)).toEqual(['success', 'success'])
      expect(receipts[0]!.blockNumber).toBe(receipts[1]!.blockNumber)
      expect(receipts[0]!.logs.length).toBeGreaterThan(logLimit)
      await m.chain.client.setAutomine(true)
      await m.transfer(m.seller, friend, 1n) // and a plain transfer after it
      const head = await m.chain.client.getBlockNumber({ cacheTime: 0 })

      for (let round = 0; round < 5; round++) await m.index()

      const [cursor] = await m.runtime.db.select().from(chainCursors).where(eq(chainCursors.chainId, 31337))
      expect(BigInt(cursor!.block)).toBe(head)
      const [listing] = await m.runtime.db
        .select({ status: listings.status })
        .from(listings)
        .where(eq(listings.orderHash, (listed.body.data as unknown as { orderHash: string }).orderHash))
      expect(listing!.status).toBe('cancelled')
      expect(await ownerOf(m.contract, 1n)).toBe(friend.address.toLowerCase())
    } finally {
      await m.chain.client.setAutomine(true)
      logLimit = 10_000
    }
  }, 60_000)
})

describe('a maker of an open offer flooded with dust WETH', () => {
  it('has their WETH read again instead of its logs, and the round goes on', async () => {
    const bidder = testAccount(8)
    const price = 10n ** 17n
    await m.wrapAndApprove(bidder, price)
    const offer = await m.signedOffer(bidder, 1n, price)
    const submitted = await m.submit('offers', offer, bidder)
    expect(submitted.body.error?.message).toBeUndefined()
    await m.index()

    // One wide range over all the dust, as after a quiet spell (the tests above shrank it).
    await m.runtime.db.update(chainCursors).set({ range: null })
    logLimit = 5 // as 10,000 is to a maker sent dust in thousands of transactions
    try {
      const stranger = testAccount(9)
      await m.wrapAndApprove(stranger, 10n)
      for (let i = 0; i < 8; i++) {
        await m.send(stranger, {
          address: m.chain.contracts.weth,
          abi: wrappedEtherAbi,
          functionName: 'transfer',
          args: [bidder.address, 1n],
        })
      }
      // … while the bidder takes their WETH back: the offer can no longer be filled.
      await m.send(bidder, {
        address: m.chain.contracts.weth,
        abi: wrappedEtherAbi,
        functionName: 'approve',
        args: [m.chain.contracts.seaport, 0n],
      })
      const head = await m.chain.client.getBlockNumber({ cacheTime: 0 })
      const cursor = async () =>
        BigInt((await m.runtime.db.select().from(chainCursors).where(eq(chainCursors.chainId, 31337)))[0]!.block)

      await m.index()

      expect(await cursor()).toBe(head)
      const [row] = await m.runtime.db
        .select({ status: offers.status })
        .from(offers)
        .where(eq(offers.orderHash, (submitted.body.data as unknown as { orderHash: string }).orderHash))
      expect(row!.status).toBe('inactive')
    } finally {
      logLimit = 10_000
    }
  }, 60_000)
})
