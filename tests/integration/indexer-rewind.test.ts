/**
 * The indexer under a chain that goes back: anvil restarted from an older saved state (as a
 * local chain does when it was stopped without saving, and as a deep reorg or a lagging node
 * looks to the indexer). Afterwards every owner, listing and sale in the database is the chain's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { and, eq, isNotNull } from 'drizzle-orm'
import {
  createPublicClient,
  erc20Abi,
  erc721Abi,
  http,
  parseAbiItem,
  parseEther,
  zeroAddress,
  zeroHash,
  type Hex,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indexChain } from '../../chain/indexer'
import { seaportAbi } from '../../chain/artifacts/Seaport'
import {
  listingOrder,
  orderHash as hashOf,
  orderParameters,
  orderTypedData,
  partOf,
  randomSalt,
  type Fee,
} from '../../chain/seaport'
import { activity, chainCursors, listings, nfts, offers, sales, tokenBalances } from '../../db/schema'
import { app } from '../../server/app'
import { startAnvil, type RunningProcess } from '../../scripts/processes'
import { testAccount } from '../support/chain'
import { deployForeignEditions1155 } from '../support/foreign'
import { startMarket } from '../support/market'

let m: Awaited<ReturnType<typeof startMarket>>
let node: RunningProcess | null = null
const stateDir = mkdtempSync(join(tmpdir(), 'vitrine-anvil-state-'))
const buyer = testAccount(3)
const rival = testAccount(4)

beforeAll(async () => {
  m = await startMarket()
  await m.approveSeaport(m.seller)
}, 60_000)
afterAll(async () => {
  await node?.stop()
  await m.stop()
  rmSync(stateDir, { recursive: true, force: true })
})

const db = () => m.runtime.db
const client = () => m.chain.client
const seaport = () => m.chain.contracts.seaport

/** The chain's state now, written as `anvil --load-state` reads it. */
async function saveState(name: string): Promise<{ file: string; block: bigint }> {
  const block = await client().getBlockNumber({ cacheTime: 0 })
  const file = join(stateDir, `${name}.json`)
  writeFileSync(file, gunzipSync(Buffer.from((await client().dumpState()).slice(2), 'hex')))
  return { file, block }
}

/** Stops the chain and starts it again, on the same URL, from a state saved earlier. */
async function restartFrom(state: { file: string }) {
  const port = Number(new URL(m.chain.url).port)
  await (node ?? m.chain).stop()
  node = await startAnvil(port, ['--load-state', state.file])
}

/** The indexer's loop, as `npm run dev` and the Cron Trigger run it: again and again, whatever the chain does. */
function runIndexer(maxBlocks?: number) {
  let running = true
  const indexer = createPublicClient({ transport: http(m.chain.url) })
  const loop = (async () => {
    while (running) {
      await indexChain({
        db: db(),
        client: indexer,
        chainId: 31337,
        seaport: seaport(),
        confirmations: 0,
        ...(maxBlocks ? { maxBlocks } : {}),
      }).catch(() => null) // the chain is down while it restarts
      await new Promise((r) => setTimeout(r, 50))
    }
  })()
  return () => {
    running = false
    return loop
  }
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const cursor = async () => (await db().select().from(chainCursors).where(eq(chainCursors.chainId, 31337)))[0]?.block
const indexedTo = async (block: bigint) => ((await cursor()) ?? -1) >= Number(block)
const head = () => client().getBlockNumber({ cacheTime: 0 })

async function health() {
  const response = await app.request('http://localhost/api/health', {}, m.runtime)
  return (await response.json()) as {
    status: string
    indexer: {
      status: string
      chains: { chainId: number; status: string; block: number; rewind?: { from: number; to: number; head: number } }[]
    }
  }
}

const orderFulfilled = parseAbiItem(
  'event OrderFulfilled(bytes32 orderHash, address indexed offerer, address indexed zone, address recipient, (uint8 itemType, address token, uint256 identifier, uint256 amount)[] offer, (uint8 itemType, address token, uint256 identifier, uint256 amount, address recipient)[] consideration)',
)

/** Owners, listing statuses, the items' prices, sales and the feed: all as the chain now says. */
async function expectDatabaseMatchesChain() {
  const items = await db().select().from(nfts).where(eq(nfts.contract, m.contract.toLowerCase()))
  for (const item of items) {
    const owner = await client().readContract({
      address: m.contract,
      abi: erc721Abi,
      functionName: 'ownerOf',
      args: [BigInt(item.tokenId)],
    })
    expect(item.owner, `owner of #${item.tokenId}`).toBe(owner.toLowerCase())
  }
  const orders = await db().select().from(listings).where(eq(listings.kind, 'fixed'))
  for (const order of orders) {
    const [, cancelled, filled] = await client().readContract({
      address: seaport(),
      abi: seaportAbi,
      functionName: 'getOrderStatus',
      args: [order.orderHash as Hex],
    })
    const item = items.find((i) => i.id === order.nftId)!
    const expected =
      filled > 0n ? 'filled' : cancelled ? 'cancelled' : item.owner === order.maker ? 'active' : 'inactive'
    expect(order.status, `listing ${order.orderHash}`).toBe(expected)
    if (expected === 'active') expect(item.priceWei, `price of #${item.tokenId}`).toBe(order.priceWei)
  }
  const fills = await client().getLogs({ address: seaport(), event: orderFulfilled, fromBlock: 0n })
  const sold = await db().select().from(sales)
  expect(sold.map((s) => s.txHash).sort()).toEqual(fills.map((f) => f.transactionHash).sort())
  const lines = await db().select().from(activity).where(isNotNull(activity.txHash))
  for (const line of lines) {
    const receipt = await client().getTransactionReceipt({ hash: line.txHash as Hex })
    expect(line.block, `${line.type} in ${line.txHash}`).toBe(Number(receipt.blockNumber))
  }
}

const listingOf = async (orderHash: string) =>
  (await db().select().from(listings).where(eq(listings.orderHash, orderHash)))[0]!

describe('a chain restarted from an older saved state', () => {
  it('is followed back: what the lost blocks wrote is undone, and what the chain does next is indexed', async () => {
    const price = parseEther('1')
    const first = await m.signedListing(m.seller, 1n, price)
    const second = await m.signedListing(m.seller, 2n, price)
    for (const signed of [first, second]) expect((await m.submit('listings', signed, m.seller)).status).toBe(201)
    await m.index()
    const saved = await saveState('before-the-sale')

    // After the save: the first listing is bought, token 3 given away, the second listing cancelled.
    await client().waitForTransactionReceipt({ hash: await m.fill(buyer, first, price) })
    await m.transfer(m.seller, rival, 3n)
    await m.send(m.seller, { address: seaport(), abi: seaportAbi, functionName: 'cancel', args: [[second.order]] })
    await client().mine({ blocks: 3 })
    const lost = await head()
    await m.index()
    expect(await cursor()).toBe(Number(lost))
    expect((await listingOf(hashOf(first.order))).status).toBe('filled')
    expect(await db().select().from(sales)).toHaveLength(1)

    // The chain comes back at the saved block, below the indexer's cursor, under a running indexer.
    const stop = runIndexer()
    try {
      await restartFrom(saved)
      expect(await head()).toBe(saved.block)
      await until(async () => (await cursor()) === Number(saved.block), 'the indexer to go back to the saved block')
      await until(async () => (await listingOf(hashOf(first.order))).status === 'active', 'the listing to reopen')
      expect(await db().select().from(sales)).toEqual([])
      await expectDatabaseMatchesChain()
      // Nothing waits to be caught up: the chain is at the block the indexer went back to.
      expect((await health()).indexer.status).toBe('ok')

      // What the chain does from here is indexed: the rival buys the reopened listing.
      await client().waitForTransactionReceipt({ hash: await m.fill(rival, first, price) })
      const now = await head()
      await until(() => indexedTo(now), 'the new sale to be indexed')
    } finally {
      await stop()
    }
    expect((await listingOf(hashOf(first.order))).status).toBe('filled')
    const [sale] = await db().select().from(sales)
    expect(sale).toMatchObject({ buyer: rival.address.toLowerCase(), priceWei: price.toString() })
    await expectDatabaseMatchesChain()
  }, 60_000)

  it('notices a block hash that changed although the head is past its cursor, and says so on /api/health while it catches up', async () => {
    const bid = parseEther('0.5')
    await m.wrapAndApprove(buyer, bid)
    const offer = await m.signedOffer(buyer, 7n, bid)
    expect((await m.submit('offers', offer, buyer)).status).toBe(201)
    // The seller pays the fees out of the WETH it receives.
    await m.send(m.seller, {
      address: m.chain.contracts.weth,
      abi: erc20Abi,
      functionName: 'approve',
      args: [seaport(), bid],
    })
    await m.index()
    const saved = await saveState('before-the-transfer')

    // After the save: token 5 given to the buyer, the offer on token 7 accepted.
    await m.transfer(m.seller, buyer, 5n)
    await client().waitForTransactionReceipt({ hash: await m.fill(m.seller, offer) })
    await m.index()
    const offerStatus = async () =>
      (
        await db()
          .select()
          .from(offers)
          .where(eq(offers.orderHash, hashOf(offer.order)))
      )[0]!.status
    expect(await offerStatus()).toBe('filled')
    expect(await db().select().from(sales)).toHaveLength(2)
    const indexed = await cursor()
    expect(
      (
        await db()
          .select()
          .from(nfts)
          .where(eq(nfts.id, m.nftId(5n)))
      )[0]!.owner,
    ).toBe(buyer.address.toLowerCase())

    // The chain restarts from the save and moves on past the cursor with other blocks.
    await restartFrom(saved)
    await m.transfer(m.seller, rival, 6n)
    await client().mine({ blocks: 8 })
    const target = await head()
    expect(target).toBeGreaterThan(BigInt(indexed!))

    // Two blocks per run: the catch-up takes several runs, and health says so meanwhile.
    const run = () =>
      indexChain({
        db: db(),
        client: createPublicClient({ transport: http(m.chain.url) }),
        chainId: 31337,
        seaport: seaport(),
        confirmations: 0,
        maxBlocks: 2,
      })
    const first = await run()
    expect(first?.rewoundTo).toBe(saved.block)
    const during = await health()
    expect(during.status).toBe('ok')
    expect(during.indexer.status).toBe('catching-up')
    expect(during.indexer.chains).toEqual([
      expect.objectContaining({
        chainId: 31337,
        status: 'catching-up',
        block: Number(saved.block) + 2,
        rewind: expect.objectContaining({ from: indexed, to: Number(saved.block), head: Number(target) }),
      }),
    ])
    while (!(await indexedTo(target))) await run()
    expect((await health()).indexer).toMatchObject({ status: 'ok', chains: [{ status: 'ok' }] })
    const owners = await db()
      .select({ id: nfts.id, owner: nfts.owner })
      .from(nfts)
      .where(and(eq(nfts.contract, m.contract.toLowerCase())))
    expect(owners.find((n) => n.id === m.nftId(5n))!.owner).toBe(m.seller.address.toLowerCase())
    expect(owners.find((n) => n.id === m.nftId(6n))!.owner).toBe(rival.address.toLowerCase())
    expect(owners.find((n) => n.id === m.nftId(7n))!.owner).toBe(m.seller.address.toLowerCase())
    // The accepted offer is open again (the chain no longer has its fill), and its sale is gone.
    expect(await offerStatus()).toBe('active')
    expect(
      (
        await db()
          .select()
          .from(nfts)
          .where(eq(nfts.id, m.nftId(7n)))
      )[0]!.bestOfferWei,
    ).toBe(bid.toString())
    await expectDatabaseMatchesChain()
  }, 60_000)
})

describe('an ERC-1155 listing of several on a chain that goes back', () => {
  it('gets back the part that the lost blocks bought, exactly, and sells it again to the last token', async () => {
    const editions = await deployForeignEditions1155(m.chain.url)
    await editions.mint(m.seller.address, 1n, 5n)
    await m.importCollection(editions.address, m.seller)
    await m.approveSeaport(m.seller, true, editions.address)
    await m.index()

    const unit = parseEther('0.1')
    const fees = ((await m.api(`/v1/nfts/31337/${editions.address}/1`)).body.data as unknown as { fees: Fee[] }).fees
    const now = BigInt(Math.floor(Date.now() / 1000))
    const order = listingOrder({
      maker: m.seller.address,
      token: { contract: editions.address, tokenId: 1n, quantity: 5n },
      price: unit,
      fees,
      startTime: now - 60n,
      endTime: now + 86_400n,
      salt: randomSalt(),
      counter: await m.counterOf(m.seller),
    })
    const signature = await m.seller.signTypedData(orderTypedData(31337, seaport(), order))
    expect((await m.submit('listings', { order, signature }, m.seller)).status).toBe(201)
    const hash = hashOf(order)
    /** `units` of the 5, as a buyer takes them: fulfillAdvancedOrder with that fraction. */
    const buy = async (taker: typeof buyer, units: bigint) => {
      const tx = await m.chain.walletOf(taker).writeContract({
        address: seaport(),
        abi: seaportAbi,
        functionName: 'fulfillAdvancedOrder',
        args: [
          { parameters: orderParameters(order), ...partOf(units, 5n), signature, extraData: '0x' },
          [],
          zeroHash,
          zeroAddress,
        ],
        value: unit * units,
      })
      expect((await client().waitForTransactionReceipt({ hash: tx })).status).toBe('success')
    }
    const parts = async () =>
      (await db().select().from(sales).where(eq(sales.orderHash, hash))).map((s) => s.quantity).toSorted()
    const balances = async () => {
      const { nftId } = await listingOf(hash)
      const rows = await db().select().from(tokenBalances).where(eq(tokenBalances.nftId, nftId))
      return Object.fromEntries(rows.map((r) => [r.owner, r.quantity]))
    }

    await buy(buyer, 2n)
    await m.index()
    expect(await listingOf(hash)).toMatchObject({ filledQuantity: '2', status: 'active' })
    const saved = await saveState('two-of-five-bought')

    // After the save: the rival buys the other 3, and the listing is all bought.
    await buy(rival, 3n)
    await m.index()
    expect(await listingOf(hash)).toMatchObject({ filledQuantity: '5', status: 'filled' })
    expect(await parts()).toEqual(['2', '3'])

    // The chain comes back without that sale: 3 are for sale again, as the chain says.
    await restartFrom(saved)
    await m.index()
    await m.index() // the backfill reads the collection's balances again from its deployment block
    expect(await listingOf(hash)).toMatchObject({ filledQuantity: '2', status: 'active' })
    expect(await parts()).toEqual(['2'])
    expect(await balances()).toEqual({
      [m.seller.address.toLowerCase()]: '3',
      [buyer.address.toLowerCase()]: '2',
    })
    const [, , filledOnChain, totalOnChain] = await client().readContract({
      address: seaport(),
      abi: seaportAbi,
      functionName: 'getOrderStatus',
      args: [hash as Hex],
    })
    expect(`${filledOnChain}/${totalOnChain}`).toBe('2/5')
    expect(
      ((await m.api(`/v1/orders/${hash}`)).body.data as unknown as { filledQuantity: string }).filledQuantity,
    ).toBe('2')

    // Bought again on this chain, to the last token, each part counted once.
    await buy(rival, 3n)
    await m.index()
    await m.index()
    expect(await listingOf(hash)).toMatchObject({ filledQuantity: '5', status: 'filled' })
    expect(await parts()).toEqual(['2', '3'])
    expect(await balances()).toEqual({
      [buyer.address.toLowerCase()]: '2',
      [rival.address.toLowerCase()]: '3',
    })
  }, 90_000)
})
