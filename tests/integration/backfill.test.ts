/**
 * The backfill of imported collections against anvil: ERC-721 owners and ERC-1155 balances
 * exactly as the chain has them, through an RPC that refuses wide log ranges or never answers
 * them, across a crash in the middle of a range, next to a collection that cannot be followed,
 * and ERC-4906 metadata updates.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { and, asc, eq, inArray } from 'drizzle-orm'
import {
  concat,
  createPublicClient,
  encodeAbiParameters,
  erc721Abi,
  getAddress,
  getContractAddress,
  http,
  keccak256,
  pad,
  toHex,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { indexChain } from '../../chain/indexer'
import { backfillChain, IMPORT_RETRY, MAX_BLOCK_EVENTS } from '../../chain/indexer/backfill'
import { foreignArt721Abi } from '../../chain/artifacts/ForeignArt721'
import { foreignEditions1155Abi } from '../../chain/artifacts/ForeignEditions1155'
import type { Database } from '../../db/client'
import { retryFailedImport } from '../../db/market'
import { activity, collections, nfts, tokenBalances } from '../../db/schema'
import { app } from '../../server/app'
import { chainClient } from '../../server/platform/clients'
import { indexConfiguredChains } from '../../server/trading/indexing'
import { startAnvil, type RunningProcess } from '../../scripts/processes'
import { startTestChain, testAccount } from '../support/chain'
import { countingRpc } from '../support/counting'
import { deployForeignArt721, deployForeignEditions1155 } from '../support/foreign'
import { createTestRuntime } from '../support/runtime'
import { sessionCookie } from '../support/session'

const ZERO = '0x0000000000000000000000000000000000000000'
// Each test sends a few dozen transactions to anvil; on a busy machine that is seconds.
vi.setConfig({ testTimeout: 30_000 })
const alice = testAccount(2)
const bob = testAccount(3)
const carol = testAccount(4)
const lower = (a: string) => a.toLowerCase()

let chain: Awaited<ReturnType<typeof startTestChain>>
const runtimes: Awaited<ReturnType<typeof createTestRuntime>>[] = []
const servers: Server[] = []

beforeAll(async () => {
  chain = await startTestChain()
}, 60_000)
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections()
    server.close()
  }
  for (const runtime of runtimes) runtime.close()
  await chain.stop()
})

/** A fresh database, with anvil as the only chain. */
async function freshRuntime() {
  const base = await createTestRuntime()
  runtimes.push(base)
  return { ...base, env: { ...base.env, chains: [{ id: 31337, rpcUrl: chain.url, publicRpcUrl: chain.url }] } }
}

let slugs = 0
/** An imported collection's row, as the import creates it: pending from its deployment block. */
async function imported(
  db: Database,
  contract: { address: Address; deployBlock: bigint; standard: 'erc721' | 'erc1155' },
  extra: Partial<typeof collections.$inferInsert> = {},
) {
  const [row] = await db
    .insert(collections)
    .values({
      slug: `imported-${++slugs}`,
      chainId: 31337,
      contract: lower(contract.address),
      name: `Imported ${slugs}`,
      logoUrl: '',
      bannerUrl: '',
      category: 'art',
      creator: lower(testAccount(7).address),
      contractOwner: lower(testAccount(7).address),
      standard: contract.standard,
      source: 'imported',
      indexStatus: 'pending',
      deployBlock: Number(contract.deployBlock),
      ...extra,
    })
    .returning()
  return row!
}

const direct = () => createPublicClient({ chain: anvil, transport: http(chain.url, { retryCount: 0 }) }) as PublicClient
const head = () => chain.client.getBlockNumber({ cacheTime: 0 })

/** The main round, which reads the collections that have caught up. */
const follow = (db: Database) =>
  indexChain({ db, client: direct(), chainId: 31337, seaport: chain.contracts.seaport, confirmations: 0 })

/** Runs the backfill again and again (as the indexer's rounds do) until no collection is still backfilling. */
async function backfillUntilDone(db: Database, client: PublicClient = direct(), rounds = 40) {
  for (let i = 0; i < rounds; i++) {
    await backfillChain({ db, client, chainId: 31337, confirmations: 0, seaport: chain.contracts.seaport }).catch(
      () => null,
    )
    const open = await db
      .select({ id: collections.id })
      .from(collections)
      .where(inArray(collections.indexStatus, ['pending', 'backfilling']))
    if (!open.length) return
  }
  throw new Error('the backfill did not reach the head')
}

async function tokensOf(db: Database, collectionId: number) {
  return db.select().from(nfts).where(eq(nfts.collectionId, collectionId)).orderBy(asc(nfts.tokenId))
}

/** Every holder's balance as the database has it: `tokenId holder` → quantity. */
async function balancesOf(db: Database, collectionId: number) {
  const rows = await db
    .select({ tokenId: nfts.tokenId, owner: tokenBalances.owner, quantity: tokenBalances.quantity })
    .from(tokenBalances)
    .innerJoin(nfts, eq(nfts.id, tokenBalances.nftId))
    .where(eq(nfts.collectionId, collectionId))
  return Object.fromEntries(rows.map((r) => [`${r.tokenId} ${r.owner}`, r.quantity]))
}

/** The same, read from the contract for every id and holder named. */
async function chainBalances(contract: Address, ids: bigint[], holders: Address[]) {
  const out: Record<string, string> = {}
  for (const id of ids)
    for (const holder of holders) {
      const quantity = await chain.client.readContract({
        address: contract,
        abi: foreignEditions1155Abi,
        functionName: 'balanceOf',
        args: [holder, id],
      })
      if (quantity > 0n) out[`${id} ${lower(holder)}`] = quantity.toString()
    }
  return out
}

async function send(account: typeof alice, request: Record<string, unknown>) {
  const hash = await chain.walletOf(account).writeContract(request as never)
  const receipt = await chain.client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`)
}

/**
 * A contract that emits whatever log it is sent (four topics, then the data): an ERC-1155 as a
 * hostile or non-standard contract may behave, e.g. burning what it never minted.
 */
async function logEmitter() {
  const runtime = '365f5f376060516040516020515f51608036036080a400'
  const init = `0x6017600a5f3960175ff3${runtime}` as Hex
  const hash = await chain.walletOf(testAccount(7)).sendTransaction({ data: init })
  const receipt = await chain.client.waitForTransactionReceipt({ hash })
  const address = receipt.contractAddress!
  const single = keccak256(toHex('TransferSingle(address,address,address,uint256,uint256)'))
  const emit = async (from: Address, to: Address, id: bigint, value: bigint) => {
    const topics = [single, pad(testAccount(7).address), pad(from), pad(to)]
    const data = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [id, value])
    const sent = await chain.walletOf(testAccount(7)).sendTransaction({ to: address, data: concat([...topics, data]) })
    await chain.client.waitForTransactionReceipt({ hash: sent })
  }
  const batch = keccak256(toHex('TransferBatch(address,address,address,uint256[],uint256[])'))
  /** One TransferBatch log moving one of each of `ids`. */
  const emitBatch = async (from: Address, to: Address, ids: bigint[]) => {
    const topics = [batch, pad(testAccount(7).address), pad(from), pad(to)]
    const data = encodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], [ids, ids.map(() => 1n)])
    const sent = await chain
      .walletOf(testAccount(7))
      .sendTransaction({ to: address, data: concat([...topics, data]), gas: 29_000_000n })
    await chain.client.waitForTransactionReceipt({ hash: sent })
  }
  return { address, deployBlock: receipt.blockNumber, standard: 'erc1155' as const, emit, emitBatch }
}

/**
 * An RPC in front of anvil that answers eth_getLogs over more than `maxBlocks` blocks as `mode`
 * says: refused with the error public RPCs give, or never.
 */
async function limitingRpc(maxBlocks: number, mode: 'refuse' | 'hang') {
  const seen = { refused: 0, widest: 0 }
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString()
    const call = JSON.parse(body) as { id: number; method: string; params: { fromBlock: Hex; toBlock: Hex }[] }
    if (call.method === 'eth_getLogs') {
      const width = Number(BigInt(call.params[0]!.toBlock) - BigInt(call.params[0]!.fromBlock)) + 1
      if (width > maxBlocks) {
        seen.refused++
        if (mode === 'hang') return // never answers
        res.setHeader('content-type', 'application/json')
        res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: call.id,
            error: { code: -32005, message: 'query returned more than 10000 results' },
          }),
        )
        return
      }
      seen.widest = Math.max(seen.widest, width)
    }
    const answer = await fetch(chain.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    res.setHeader('content-type', 'application/json')
    res.end(await answer.text())
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const client = createPublicClient({
    chain: anvil,
    transport: http(url, { retryCount: 0, timeout: 300 }),
  }) as PublicClient
  return { client, url, seen }
}

describe('an imported ERC-721', () => {
  it('gets a row per token with the owner the chain says, and mint and transfer lines', async () => {
    const { db } = await freshRuntime()
    const art = await deployForeignArt721(chain.url)
    await art.mint(alice.address, 1n, 5n)
    await art.transfer(alice, bob.address, 2n)
    await art.transfer(bob, carol.address, 2n)
    await art.transfer(alice, carol.address, 5n)
    const row = await imported(db, art)

    await backfillUntilDone(db)

    const tokens = await tokensOf(db, row.id)
    expect(tokens.map((t) => t.tokenId)).toEqual(['1', '2', '3', '4', '5'])
    for (const token of tokens) {
      const owner = await chain.client.readContract({
        address: art.address,
        abi: erc721Abi,
        functionName: 'ownerOf',
        args: [BigInt(token.tokenId)],
      })
      expect(token.owner).toBe(lower(owner))
      expect(token).toMatchObject({
        name: `#${token.tokenId}`,
        description: '',
        creator: lower(testAccount(7).address),
        category: 'art',
        metadataStatus: 'pending',
      })
    }
    const lines = await db.select().from(activity).where(eq(activity.collectionId, row.id))
    expect(lines.filter((l) => l.type === 'mint')).toHaveLength(5)
    expect(lines.filter((l) => l.type === 'transfer').map((l) => [l.fromAddress, l.toAddress])).toEqual(
      expect.arrayContaining([
        [lower(alice.address), lower(bob.address)],
        [lower(bob.address), lower(carol.address)],
        [lower(alice.address), lower(carol.address)],
      ]),
    )
    expect(lines.every((l) => l.txHash && l.block !== null && l.logIndex !== null)).toBe(true)
    const [after] = await db.select().from(collections).where(eq(collections.id, row.id))
    expect(after).toMatchObject({ indexStatus: 'following', indexedBlock: Number(await head()), itemCount: 5 })
    expect(after!.headBlock).toBe(Number(await head()))

    // Following: a later transfer is read by the main round, once.
    await art.transfer(carol, alice.address, 2n)
    await follow(db)
    await follow(db)
    const [token2] = (await tokensOf(db, row.id)).filter((t) => t.tokenId === '2')
    expect(token2!.owner).toBe(lower(alice.address))
    expect(await db.select().from(activity).where(eq(activity.collectionId, row.id))).toHaveLength(lines.length + 1)
    const [counted] = await db.select().from(collections).where(eq(collections.id, row.id))
    expect({ items: counted!.itemCount, owners: counted!.ownerCount }).toEqual({ items: 5, owners: 2 })
  })

  it('ERC-4906: MetadataUpdate and BatchMetadataUpdate put tokens back in the metadata queue', async () => {
    const { db } = await freshRuntime()
    const art = await deployForeignArt721(chain.url)
    await art.mint(alice.address, 1n, 3n)
    const row = await imported(db, art)
    await backfillUntilDone(db)
    const read = new Date('2030-01-01T00:00:00Z')
    // As if the metadata had been read (the metadata queue's write, done here directly).
    await db
      .update(nfts)
      .set({ metadataStatus: 'ok', metadataNextAttemptAt: null, metadataAttempts: 2 })
      .where(eq(nfts.collectionId, row.id))

    await art.touch(2n)
    await follow(db)
    const statuses = async () =>
      Object.fromEntries((await tokensOf(db, row.id)).map((t) => [t.tokenId, t.metadataStatus]))
    expect(await statuses()).toEqual({ '1': 'ok', '2': 'pending', '3': 'ok' })
    const [two] = (await tokensOf(db, row.id)).filter((t) => t.tokenId === '2')
    expect(two!.metadataNextAttemptAt!.getTime()).toBeLessThan(read.getTime())
    expect(two!.metadataAttempts).toBe(0)

    await art.setBaseURI('ipfs://bafybeib2v4wi7bm2jbm4tggxhzazjg6hvf6dumslosalyq5ylhzt6ho2oy/')
    await follow(db)
    expect(await statuses()).toEqual({ '1': 'pending', '2': 'pending', '3': 'pending' })
  })
})

describe('block times', () => {
  it("come from the logs' blockTimestamp, else from one JSON-RPC batch for all the range's blocks", async () => {
    const art = await deployForeignArt721(chain.url)
    for (let id = 1n; id <= 5n; id++) await art.mint(alice.address, id, 1n) // five blocks
    const stamps = new Map<bigint, Date>()
    for (let id = 1n; id <= 5n; id++) {
      const [log] = await chain.client.getContractEvents({
        address: art.address,
        abi: foreignArt721Abi,
        eventName: 'Transfer',
        args: { tokenId: id },
        fromBlock: art.deployBlock,
      })
      stamps.set(
        id,
        new Date(Number((await chain.client.getBlock({ blockNumber: log!.blockNumber })).timestamp) * 1000),
      )
    }
    for (const withTimestamps of [true, false]) {
      const { db } = await freshRuntime()
      const row = await imported(db, art)
      // Some RPCs leave blockTimestamp out of their logs.
      const rpc = await countingRpc(chain.url, (answer, methods) =>
        withTimestamps || !methods.includes('eth_getLogs')
          ? answer
          : answer.replace(/"blockTimestamp":"0x[0-9a-f]+",?/g, ''),
      )
      await backfillUntilDone(
        db,
        createPublicClient({ chain: anvil, transport: http(rpc.url) }) as PublicClient,
      ).finally(() => rpc.close())
      const blockReads = rpc.counts.sent.filter((methods) => methods.includes('eth_getBlockByNumber'))
      expect(blockReads).toEqual(withTimestamps ? [] : [Array(5).fill('eth_getBlockByNumber')])
      const mints = await db.select().from(activity).where(eq(activity.collectionId, row.id))
      const byToken = new Map((await tokensOf(db, row.id)).map((t) => [t.id, BigInt(t.tokenId)]))
      expect(mints).toHaveLength(5)
      for (const line of mints) expect(line.createdAt).toEqual(stamps.get(byToken.get(line.nftId)!))
    }
  })
})

describe('an imported ERC-1155', () => {
  it('keeps every holder’s balance exact through single and batch mints and transfers, and burns', async () => {
    const { db } = await freshRuntime()
    const editions = await deployForeignEditions1155(chain.url)
    await editions.mint(alice.address, 1n, 10n)
    await editions.mintBatch(alice.address, [2n, 3n], [5n, 7n])
    await editions.transfer(alice, bob.address, 1n, 4n)
    await send(alice, {
      address: editions.address,
      abi: foreignEditions1155Abi,
      functionName: 'safeBatchTransferFrom',
      args: [alice.address, bob.address, [2n, 3n], [5n, 1n], '0x'],
    })
    await editions.transfer(bob, carol.address, 1n, 4n)
    const row = await imported(db, editions)

    await backfillUntilDone(db)

    const holders = [alice.address, bob.address, carol.address]
    expect(await balancesOf(db, row.id)).toEqual(await chainBalances(editions.address, [1n, 2n, 3n], holders))
    expect(await balancesOf(db, row.id)).toEqual({
      [`1 ${lower(alice.address)}`]: '6',
      [`1 ${lower(carol.address)}`]: '4',
      [`2 ${lower(bob.address)}`]: '5',
      [`3 ${lower(alice.address)}`]: '6',
      [`3 ${lower(bob.address)}`]: '1',
    })
    // The largest holder is the token's owner.
    const owners = Object.fromEntries((await tokensOf(db, row.id)).map((t) => [t.tokenId, t.owner]))
    expect(owners).toEqual({ '1': lower(alice.address), '2': lower(bob.address), '3': lower(alice.address) })
    const [counted] = await db.select().from(collections).where(eq(collections.id, row.id))
    expect({ items: counted!.itemCount, owners: counted!.ownerCount }).toEqual({ items: 3, owners: 3 })
    // One feed line per token a batch moved: the batch transfer shows under tokens 2 and 3 alike.
    const lines = await db
      .select({ tokenId: nfts.tokenId, type: activity.type, to: activity.toAddress })
      .from(activity)
      .innerJoin(nfts, eq(nfts.id, activity.nftId))
      .where(
        and(eq(nfts.collectionId, row.id), eq(activity.type, 'transfer'), eq(activity.toAddress, lower(bob.address))),
      )
    expect(lines.map((l) => l.tokenId).toSorted()).toEqual(['1', '2', '3'])
  })

  it('burns (to the zero address) lower balances, and a token burnt out is owned by no one', async () => {
    const { db } = await freshRuntime()
    const emitter = await logEmitter()
    await emitter.emit(ZERO, alice.address, 9n, 3n)
    await emitter.emit(alice.address, bob.address, 9n, 1n)
    await emitter.emit(ZERO, bob.address, 8n, 2n)
    await emitter.emit(alice.address, ZERO, 9n, 2n)
    await emitter.emit(bob.address, ZERO, 8n, 2n)
    const row = await imported(db, emitter)

    await backfillUntilDone(db)

    expect(await balancesOf(db, row.id)).toEqual({ [`9 ${lower(bob.address)}`]: '1' })
    const owners = Object.fromEntries((await tokensOf(db, row.id)).map((t) => [t.tokenId, t.owner]))
    expect(owners).toEqual({ '8': ZERO, '9': lower(bob.address) })
  })
})

describe('the block range adapts to the RPC', () => {
  async function history() {
    const editions = await deployForeignEditions1155(chain.url)
    for (let id = 1n; id <= 6n; id++) {
      await editions.mint(alice.address, id, id)
      await chain.client.mine({ blocks: 5 })
    }
    await editions.transfer(alice, bob.address, 6n, 2n)
    return editions
  }

  it('shrinks when the RPC says a query returned too many results, and still reads everything', async () => {
    const { db, env } = await freshRuntime()
    const editions = await history()
    const row = await imported(db, editions, { indexRange: 64 })
    const rpc = await limitingRpc(8, 'refuse')

    // Through the server's own client (its retry and its errors), as the indexer runs it.
    await backfillUntilDone(db, chainClient({ ...env, chains: [{ ...env.chains[0]!, rpcUrl: rpc.url }] }, 31337)!)

    expect(rpc.seen.refused).toBeGreaterThan(0)
    expect(rpc.seen.widest).toBeLessThanOrEqual(8)
    const [after] = await db.select().from(collections).where(eq(collections.id, row.id))
    expect(after!.indexRange).toBeLessThanOrEqual(16)
    expect(after!.indexedBlock).toBe(Number(await head()))
    expect(await balancesOf(db, row.id)).toEqual(
      await chainBalances(editions.address, [1n, 2n, 3n, 4n, 5n, 6n], [alice.address, bob.address]),
    )
  })

  it('shrinks when the RPC does not answer a range in time', async () => {
    const { db } = await freshRuntime()
    const editions = await history()
    const row = await imported(db, editions, { indexRange: 64 })
    const rpc = await limitingRpc(8, 'hang')

    await backfillUntilDone(db, rpc.client)

    expect(rpc.seen.refused).toBeGreaterThan(0)
    const [after] = await db.select().from(collections).where(eq(collections.id, row.id))
    expect(after!.indexedBlock).toBe(Number(await head()))
    expect(await balancesOf(db, row.id)).toEqual(
      await chainBalances(editions.address, [1n, 2n, 3n, 4n, 5n, 6n], [alice.address, bob.address]),
    )
  }, 30_000)

  it('grows again while ranges come back quiet', async () => {
    const { db } = await freshRuntime()
    const art = await deployForeignArt721(chain.url)
    await art.mint(alice.address, 1n, 1n)
    await chain.client.mine({ blocks: 200 })
    const row = await imported(db, art, { indexRange: 4 })
    await backfillUntilDone(db)
    const [after] = await db.select().from(collections).where(eq(collections.id, row.id))
    expect(after!.indexRange).toBeGreaterThanOrEqual(64)
    expect(after!.indexedBlock).toBe(Number(await head()))
  })
})

describe('a crash in the middle of a range', () => {
  /** The database, but the transaction after the first `ok` ones throws once its writes are done. */
  function crashingAfter(db: Database, ok: number): Database {
    let count = 0
    return new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'transaction') return Reflect.get(target, key, receiver) as unknown
        return (run: (tx: unknown) => Promise<unknown>) =>
          target.transaction(async (tx) => {
            const out = await run(tx)
            if (++count > ok) throw new Error('the process died')
            return out
          })
      },
    })
  }

  it('leaves nothing of that range, and the next run reads it again: no duplicate, no gap', async () => {
    const { db } = await freshRuntime()
    const editions = await deployForeignEditions1155(chain.url)
    await editions.mint(alice.address, 1n, 5n)
    await editions.mint(bob.address, 2n, 3n)
    await editions.transfer(alice, bob.address, 1n, 2n)
    await editions.transfer(bob, carol.address, 2n, 1n)
    await editions.transfer(alice, carol.address, 1n, 1n)
    const row = await imported(db, editions, { indexRange: 2 })

    await expect(
      backfillChain({
        db: crashingAfter(db, 1),
        client: direct(),
        chainId: 31337,
        confirmations: 0,
        seaport: chain.contracts.seaport,
      }),
    ).rejects.toThrow('the process died')
    const [midway] = await db.select().from(collections).where(eq(collections.id, row.id))
    // The first range (the deployment block and the next) is in, nothing after it.
    expect(midway!.indexedBlock).toBe(Number(editions.deployBlock) + 1)
    const early = await db.select().from(activity).where(eq(activity.collectionId, row.id))
    expect(early.every((l) => l.block! <= midway!.indexedBlock!)).toBe(true)

    // Two runs at once (a lease that expired mid-run) read the same ranges: each is applied once.
    await Promise.all([backfillUntilDone(db), backfillUntilDone(db)])

    const lines = await db.select().from(activity).where(eq(activity.collectionId, row.id))
    expect(lines.map((l) => l.type).toSorted()).toEqual(['mint', 'mint', 'transfer', 'transfer', 'transfer'])
    expect(await balancesOf(db, row.id)).toEqual(
      await chainBalances(editions.address, [1n, 2n], [alice.address, bob.address, carol.address]),
    )
  })
})

describe('a collection that cannot be followed', () => {
  it('is failed or paused with its reason while the others are read', async () => {
    const { db } = await freshRuntime()
    const art = await deployForeignArt721(chain.url)
    await art.mint(alice.address, 1n, 2n)
    const good = await imported(db, art)
    // An address with no contract (an account).
    const account = await imported(db, { address: carol.address, deployBlock: 0n, standard: 'erc721' })
    // A contract whose logs burn what they never minted: its history contradicts itself, and
    // reading it again changes nothing (paused, not failed: no retries).
    const emitter = await logEmitter()
    await emitter.emit(ZERO, alice.address, 1n, 1n)
    await emitter.emit(alice.address, bob.address, 1n, 2n)
    const hostile = await imported(db, emitter)

    await backfillUntilDone(db)

    const rows = Object.fromEntries(
      (await db.select().from(collections)).map((c) => [c.id, { status: c.indexStatus, error: c.indexError }]),
    )
    expect(rows[good.id]).toEqual({ status: 'following', error: null })
    expect(rows[account.id]!.status).toBe('failed')
    expect(rows[account.id]!.error).toMatch(/no contract/i)
    expect(rows[hostile.id]!.status).toBe('paused')
    expect(rows[hostile.id]!.error).toMatch(/contradict themselves: they say .* sent 2 of token 1 while holding 1/)
    // The contradicting range wrote nothing.
    expect(await tokensOf(db, hostile.id)).toEqual([])
    expect((await tokensOf(db, good.id)).map((t) => t.owner)).toEqual([lower(alice.address), lower(alice.address)])
  })
})

describe('a collection that moves more tokens in one block than any real one', () => {
  it('is paused with its reason, counting the tokens a TransferBatch moves, and writes none of them', async () => {
    const { db } = await freshRuntime()
    const flood = await logEmitter()
    await flood.emit(ZERO, alice.address, 1n, 1n)
    const ids = Array.from({ length: MAX_BLOCK_EVENTS + 1 }, (_, i) => 1_000n + BigInt(i))
    await flood.emitBatch(ZERO, alice.address, ids) // one log, 10,001 tokens
    const row = await imported(db, flood)

    await backfillUntilDone(db)

    const [after] = await db.select().from(collections).where(eq(collections.id, row.id))
    expect(after!.indexStatus).toBe('paused')
    expect(after!.indexError).toMatch(/holds 10,001 of this contract's events, more than the 10,000/)
    // The mint before the flood is in, nothing of the flood.
    expect((await tokensOf(db, row.id)).map((t) => t.tokenId)).toEqual(['1'])
    // Paused is not tried again by itself.
    const again = await backfillChain({
      db,
      client: direct(),
      chainId: 31337,
      confirmations: 0,
      seaport: chain.contracts.seaport,
    })
    expect(again.map((r) => r.collectionId)).not.toContain(row.id)
    // Added again by address: tried at the next round (and paused again, the flood being still there).
    expect(await retryFailedImport(db, row.id)).toBe(true)
    const retried = await backfillChain({
      db,
      client: direct(),
      chainId: 31337,
      confirmations: 0,
      seaport: chain.contracts.seaport,
    })
    expect(retried.find((r) => r.collectionId === row.id)).toMatchObject({ status: 'paused' })
  })
})

describe('a failed collection', () => {
  it('is read again after a wait that doubles, and follows the chain once it can', async () => {
    const { db } = await freshRuntime()
    // The contract a fresh account will deploy: imported before its code is there (as after a
    // local chain restarted without its state), so the backfill finds no contract.
    const deployer = testAccount(12)
    await chain.client.setBalance({ address: deployer.address, value: 10n ** 19n })
    const nonce = await chain.client.getTransactionCount({ address: deployer.address })
    const address = getContractAddress({ from: deployer.address, nonce: BigInt(nonce) })
    const row = await imported(db, { address, deployBlock: await head(), standard: 'erc721' })
    let clock = new Date()
    const run = () =>
      backfillChain({
        db,
        client: direct(),
        chainId: 31337,
        confirmations: 0,
        seaport: chain.contracts.seaport,
        now: () => clock,
      })
    const state = async () => (await db.select().from(collections).where(eq(collections.id, row.id)))[0]!
    const later = (ms: number) => (clock = new Date(clock.getTime() + ms))

    await run()
    expect(await state()).toMatchObject({
      indexStatus: 'failed',
      indexAttempts: 1,
      indexRetryAt: new Date(clock.getTime() + IMPORT_RETRY.baseMs),
    })
    expect((await state()).indexError).toMatch(/no contract/i)
    later(IMPORT_RETRY.baseMs - 1_000)
    expect((await run()).map((r) => r.collectionId)).not.toContain(row.id) // not due yet
    later(1_000)
    expect((await run()).map((r) => r.collectionId)).toContain(row.id)
    expect(await state()).toMatchObject({
      indexStatus: 'failed',
      indexAttempts: 2,
      indexRetryAt: new Date(clock.getTime() + 2 * IMPORT_RETRY.baseMs),
    })

    // The contract is there by the next try: it is read and followed, the failures forgotten.
    const art = await deployForeignArt721(chain.url, { owner: deployer })
    expect(art.address).toBe(getAddress(address))
    await art.mint(alice.address, 1n, 2n)
    later(2 * IMPORT_RETRY.baseMs)
    for (let i = 0; i < 5 && (await state()).indexStatus !== 'following'; i++) await run()
    expect(await state()).toMatchObject({
      indexStatus: 'following',
      indexAttempts: 0,
      indexRetryAt: null,
      indexError: null,
    })
    expect((await tokensOf(db, row.id)).map((t) => t.owner)).toEqual([lower(alice.address), lower(alice.address)])
  })

  it('stops after its last try until someone adds it again', async () => {
    const { db } = await freshRuntime()
    const row = await imported(
      db,
      { address: carol.address, deployBlock: 0n, standard: 'erc721' },
      {
        indexStatus: 'failed',
        indexAttempts: IMPORT_RETRY.maxAttempts - 1,
        indexRetryAt: new Date(Date.now() - 1_000),
      },
    )
    await backfillChain({ db, client: direct(), chainId: 31337, confirmations: 0, seaport: chain.contracts.seaport })
    const [failed] = await db.select().from(collections).where(eq(collections.id, row.id))
    expect(failed).toMatchObject({ indexStatus: 'failed', indexAttempts: IMPORT_RETRY.maxAttempts, indexRetryAt: null })
    const far = new Date(Date.now() + 30 * 86_400_000)
    const results = await backfillChain({
      db,
      client: direct(),
      chainId: 31337,
      confirmations: 0,
      seaport: chain.contracts.seaport,
      now: () => far,
    })
    expect(results.map((r) => r.collectionId)).not.toContain(row.id)
  })
})

describe('the indexer', () => {
  it('backfills imported collections after the main indexer, within its lease', async () => {
    const runtime = await freshRuntime()
    const art = await deployForeignArt721(chain.url)
    await art.mint(bob.address, 7n, 2n)
    const row = await imported(runtime.db, art)

    await indexConfiguredChains(runtime)

    const tokens = await tokensOf(runtime.db, row.id)
    expect(tokens.map((t) => [t.tokenId, t.owner])).toEqual([
      ['7', lower(bob.address)],
      ['8', lower(bob.address)],
    ])
    const [after] = await runtime.db.select().from(collections).where(eq(collections.id, row.id))
    expect(after!.indexStatus).toBe('following')
    // The main indexer leaves imported collections' transfers to the backfill: one line each.
    const mints = await runtime.db
      .select()
      .from(activity)
      .where(and(eq(activity.collectionId, row.id), eq(activity.type, 'mint')))
    expect(mints).toHaveLength(2)
  })
})

describe('a collection imported over the API', () => {
  it('is indexed by the next round, and its answer says so: following, blocks and tokens', async () => {
    const runtime = await freshRuntime()
    const editions = await deployForeignEditions1155(chain.url, { name: 'Backfilled Editions' })
    await editions.mintBatch(alice.address, [1n, 2n, 3n], [4n, 5n, 6n])
    const request = async (path: string, init: RequestInit = {}) => {
      const headers = new Headers({ 'content-type': 'application/json' })
      headers.set('cookie', await sessionCookie(lower(bob.address)))
      const response = await app.request(`http://localhost:3000/api/v1${path}`, { ...init, headers }, runtime)
      return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } }
    }
    const posted = await request('/collections/import', {
      method: 'POST',
      body: JSON.stringify({ chainId: 31337, contract: lower(editions.address) }),
    })
    expect(posted.status, JSON.stringify(posted.body)).toBe(202)
    expect(posted.body.data.indexing).toMatchObject({ status: 'pending', tokens: 0 })

    await indexConfiguredChains(runtime)

    const answer = await request(`/collections/${String(posted.body.data.slug)}`)
    const at = Number(await head())
    expect(answer.body.data.indexing).toEqual({
      status: 'following',
      fromBlock: Number(editions.deployBlock),
      indexedBlock: at,
      headBlock: at,
      tokens: 3,
      error: null,
      retryAt: null,
    })
  })
})

describe('a chain that loses blocks the backfill read', () => {
  it('takes imported collections back with it: owners and balances are the new chain’s', async () => {
    const local = await startTestChain()
    let node: RunningProcess | null = null
    const stateDir = mkdtempSync(join(tmpdir(), 'vitrine-backfill-state-'))
    try {
      const base = await createTestRuntime()
      runtimes.push(base)
      const runtime = {
        ...base,
        env: { ...base.env, chains: [{ id: 31337, rpcUrl: local.url, publicRpcUrl: local.url }] },
      }
      const { db } = runtime
      const art = await deployForeignArt721(local.url)
      const editions = await deployForeignEditions1155(local.url)
      await art.mint(alice.address, 1n, 3n)
      await editions.mint(alice.address, 1n, 10n)
      const artRow = await imported(db, art)
      const editionsRow = await imported(db, editions)
      await indexConfiguredChains(runtime)

      // The state the chain will go back to.
      const file = join(stateDir, 'state.json')
      writeFileSync(file, gunzipSync(Buffer.from((await local.client.dumpState()).slice(2), 'hex')))

      // Read by the backfill, then lost.
      await art.transfer(alice, bob.address, 1n)
      await art.mint(carol.address, 4n, 1n)
      await editions.transfer(alice, bob.address, 1n, 3n)
      await editions.mintBatch(bob.address, [2n], [5n])
      await indexConfiguredChains(runtime)
      expect((await tokensOf(db, artRow.id)).map((t) => t.tokenId)).toContain('4')

      const port = Number(new URL(local.url).port)
      await local.stop()
      node = await startAnvil(port, ['--load-state', file])
      // What the chain did instead.
      await art.transfer(alice, carol.address, 2n)
      await editions.transfer(alice, carol.address, 1n, 1n)
      await local.client.mine({ blocks: 5 })

      for (let i = 0; i < 5; i++) await indexConfiguredChains(runtime)

      const owners = Object.fromEntries((await tokensOf(db, artRow.id)).map((t) => [t.tokenId, t.owner]))
      expect(owners).toEqual({
        '1': lower(alice.address),
        '2': lower(carol.address),
        '3': lower(alice.address),
        '4': ZERO, // minted only in the lost blocks
      })
      const balances: Record<string, string> = {}
      for (const holder of [alice, bob, carol])
        for (const id of [1n, 2n]) {
          const quantity = await local.client.readContract({
            address: editions.address,
            abi: foreignEditions1155Abi,
            functionName: 'balanceOf',
            args: [holder.address, id],
          })
          if (quantity > 0n) balances[`${id} ${lower(holder.address)}`] = quantity.toString()
        }
      expect(await balancesOf(db, editionsRow.id)).toEqual(balances)
      expect(balances).toEqual({ [`1 ${lower(alice.address)}`]: '9', [`1 ${lower(carol.address)}`]: '1' })
      const lines = await db
        .select({ type: activity.type, from: activity.fromAddress, to: activity.toAddress })
        .from(activity)
        .where(inArray(activity.collectionId, [artRow.id, editionsRow.id]))
      expect(lines.filter((l) => l.to === lower(bob.address))).toEqual([])
      const statuses = await db
        .select({ status: collections.indexStatus })
        .from(collections)
        .where(inArray(collections.id, [artRow.id, editionsRow.id]))
      expect(statuses.map((s) => s.status)).toEqual(['following', 'following'])
    } finally {
      await (node ?? local).stop()
      rmSync(stateDir, { recursive: true, force: true })
    }
  }, 60_000)
})
