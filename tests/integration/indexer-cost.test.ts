/**
 * A round of the indexer costs the same at 1 and at 50 imported collections that follow the
 * chain: RPC calls counted at an HTTP proxy in front of anvil (by method), database statements
 * counted at Drizzle's session. A round with no new block writes nothing; one with a new block
 * and no log of interest moves only the chain's cursor; one transfer in one imported collection
 * writes that collection alone. The 49 other collections are the same ERC-721's code put at
 * other addresses (anvil_setCode), each imported as its own collection.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collections, nfts } from '../../db/schema'
import { testAccount } from '../support/chain'
import { countingDatabase, countingRpc } from '../support/counting'
import { deployForeignArt721 } from '../support/foreign'
import { startMarket } from '../support/market'

const holder = testAccount(5)
const friend = testAccount(6)

let m: Awaited<ReturnType<typeof startMarket>>
let rpc: Awaited<ReturnType<typeof countingRpc>>
let sql: ReturnType<typeof countingDatabase>
let art: Awaited<ReturnType<typeof deployForeignArt721>>

beforeAll(async () => {
  m = await startMarket([1n])
  rpc = await countingRpc(m.chain.url)
  m.runtime.env = { ...m.runtime.env, chains: [{ id: 31337, rpcUrl: rpc.url, publicRpcUrl: rpc.url }] }
  sql = countingDatabase(m.runtime.db)
  art = await deployForeignArt721(m.chain.url)
  await art.mint(holder.address, 1n, 1n)
  await m.importCollection(art.address, holder)
}, 60_000)
afterAll(async () => {
  rpc.close()
  await m.stop()
})

let copies = 0
/** `count` more imported collections: the same runtime code at fresh addresses. */
async function importCopies(count: number) {
  const code = (await m.chain.client.getCode({ address: art.address })) as Hex
  const [row] = await m.runtime.db.select().from(collections).where(eq(collections.contract, art.address.toLowerCase()))
  for (let i = 0; i < count; i++) {
    const address = `0x${(0xc0de_0000 + ++copies).toString(16).padStart(40, '0')}` as Address
    await m.chain.client.setCode({ address, bytecode: code })
    const { id: _, slug: __, contract: ___, ...rest } = row!
    await m.runtime.db.insert(collections).values({
      ...rest,
      slug: `copy-${copies}`,
      contract: address,
      indexStatus: 'pending',
      indexedBlock: null,
      deployBlock: Number(await m.chain.client.getBlockNumber({ cacheTime: 0 })),
    })
  }
}

/** Rounds until every imported collection follows the chain and nothing is left to do. */
async function settle() {
  for (let i = 0; i < 10; i++) {
    await m.index()
    const behind = await m.runtime.db
      .select({ id: collections.id })
      .from(collections)
      .where(inArray(collections.indexStatus, ['pending', 'backfilling']))
    if (!behind.length) break
  }
  // Their tokens' metadata was tried (an unreachable gateway): next due in a minute or more.
  await m.index()
}

async function measure(round: () => Promise<unknown>) {
  rpc.reset()
  sql.reset()
  await round()
  return {
    rpc: { requests: rpc.counts.requests, methods: { ...rpc.counts.methods } },
    db: {
      requests: sql.counts.requests,
      transactions: sql.counts.transactions,
      // The tables its statements wrote (a batch's are not seen: only advanceCursor sends one).
      wrote: [
        ...new Set(
          sql.counts.statements
            .filter((s) => /^\s*(insert|update|delete)/i.test(s))
            .map((s) => /^\s*(?:insert into|update|delete from)\s+"(\w+)"/i.exec(s)?.[1] ?? s),
        ),
      ].sort(),
    },
  }
}

async function rounds() {
  await settle()
  const idle = await measure(() => m.index())

  const newBlock = await measure(async () => {
    await m.chain.client.mine({ blocks: 1 })
    rpc.reset()
    sql.reset()
    await m.index()
  })
  const owner = holder.address === (await ownerOfArt()) ? holder : friend
  const other = owner === holder ? friend : holder
  const transfer = await measure(async () => {
    await art.transfer(owner, other.address, 1n)
    rpc.reset()
    sql.reset()
    await m.index()
  })
  expect(await ownerOfArtHere()).toBe(other.address.toLowerCase())
  return { idle, newBlock, transfer }
}

const ownerOfArt = async () =>
  (await m.chain.client.readContract({
    address: art.address,
    abi: [
      {
        type: 'function',
        name: 'ownerOf',
        stateMutability: 'view',
        inputs: [{ type: 'uint256' }],
        outputs: [{ type: 'address' }],
      },
    ],
    functionName: 'ownerOf',
    args: [1n],
  })) as Address
const ownerOfArtHere = async () =>
  (
    await m.runtime.db
      .select({ owner: nfts.owner })
      .from(nfts)
      .where(and(eq(nfts.contract, art.address.toLowerCase()), eq(nfts.tokenId, '1')))
  )[0]?.owner

describe('a round of the indexer', () => {
  it('costs the same RPC calls and database requests at 1 and at 50 imported collections', async () => {
    const one = await rounds()
    await importCopies(49)
    const fifty = await rounds()
    expect((await m.runtime.db.select().from(collections).where(eq(collections.indexStatus, 'following'))).length).toBe(
      50,
    )
    expect(fifty).toEqual(one)
    // No new block: one read of the database, nothing written, not even the lease.
    expect(one.idle.db).toEqual({ requests: 1, transactions: 0, wrote: [] })
    expect(one.idle.rpc.requests).toBeLessThanOrEqual(2)
    // A new block with no log of interest: the lease, and the cursor moved in one batch.
    expect(one.newBlock.db.wrote).toEqual(['leases'])
    expect(one.newBlock.db.requests).toBeLessThanOrEqual(10)
    expect(one.newBlock.rpc.requests).toBeLessThanOrEqual(10)
    // One transfer: that collection's rows, in the same number of calls.
    expect(one.transfer.rpc.requests).toBeLessThanOrEqual(10)
    expect(one.transfer.db.wrote).toEqual(expect.arrayContaining(['activity', 'nfts']))
  }, 180_000)
})
