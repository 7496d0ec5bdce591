/**
 * The operator's console reads and its one write of its own (ADR 50): the report queue's rows
 * with their context (subject, owner, creator, trades, reports' notes, earlier decisions) in a
 * fixed number of statements however many rows; operations at a glance (the chain's indexer
 * behind a local anvil, stuck imports, outboxes, fees) for operators only; resuming an import needs
 * an operator with a recent sign-in. Each refusal writes nothing.
 */
import { createClient, type Client } from '@libsql/client'
import { eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/libsql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client'
import * as schema from '../../db/schema'
import { cachePurges, chainCursors, collections, moderators, nfts, sales, users } from '../../db/schema'
import { startAnvil, type RunningProcess } from '../../scripts/processes'
import { operatorQueue } from '../../server/queries/operator'
import { createContext } from '../../server/trpc/init'
import { createCaller } from '../../server/trpc/root'
import { testAccount } from '../support/chain'
import { atomsCollection } from '../support/market-rows'
import { createTestRuntime } from '../support/runtime'
import { sessionCookie } from '../support/session'

const operator = testAccount(0).address
const moderator = testAccount(1).address
const owner = testAccount(2).address
const reporters = [3, 4, 5].map((i) => testAccount(i).address)

let runtime: Awaited<ReturnType<typeof createTestRuntime>>
let anvil: RunningProcess
let itemIds: number[]
let collectionId: number
let failedId: number

const as = async (address: string, signedInAt = Date.now()) =>
  createCaller(
    createContext({
      request: new Request('http://localhost:3000/api/trpc', {
        headers: { cookie: await sessionCookie(address.toLowerCase(), { signedInAt }) },
      }),
      runtime,
    }),
  )

beforeAll(async () => {
  anvil = await startAnvil()
  runtime = await createTestRuntime({ OPERATORS: operator, CHAINS: '31337', CHAIN_RPC_URL: anvil.url })
  const { collection, token } = await atomsCollection(runtime.db, owner.toLowerCase(), new Date())
  collectionId = collection.id
  const rows = await runtime.db
    .insert(nfts)
    .values(['1', '2', '3'].map((id) => token(id)))
    .returning({ id: nfts.id })
  itemIds = rows.map((row) => row.id)
  await runtime.db.insert(users).values({ address: owner.toLowerCase(), username: 'owner' })
  await runtime.db.insert(moderators).values({ address: moderator.toLowerCase(), grantedBy: operator.toLowerCase() })
  await runtime.db.insert(sales).values(
    ['10', '20'].map((wei, i) => ({
      nftId: itemIds[0]!,
      collectionId,
      seller: owner.toLowerCase(),
      buyer: reporters[0]!.toLowerCase(),
      priceWei: wei,
      priceSort: Number(wei),
      soldAt: new Date(Date.UTC(2026, 0, 1 + i)),
    })),
  )
  // Item 1 reported by three wallets, item 2 by one, the collection and the profile by one each.
  for (const [i, reporter] of reporters.entries()) {
    await (
      await as(reporter)
    ).moderation.report({ target: { kind: 'item', id: itemIds[0]! }, reason: 'stolen', note: `note ${i}` })
  }
  const first = await as(reporters[0]!)
  await first.moderation.report({ target: { kind: 'item', id: itemIds[1]! }, reason: 'scam_or_spam', note: '' })
  await first.moderation.report({
    target: { kind: 'collection', idOrSlug: collection.slug },
    reason: 'scam_or_spam',
    note: '',
  })
  await first.moderation.report({ target: { kind: 'profile', address: owner }, reason: 'impersonation', note: '' })
  // An earlier decision on item 1, reversed: the queue shows it beside the reports.
  const staff = await as(moderator)
  const hidden = await staff.moderation.decide({
    action: 'flag_stolen',
    target: { kind: 'item', id: itemIds[0]! },
    category: 'stolen',
    reason: 'First look',
  })
  await staff.moderation.reverse({ id: hidden.id, reason: 'Mistaken' })
  for (const [i, n] of [1, 2].entries()) {
    await (
      await as(reporters[n]!)
    ).moderation.report({ target: { kind: 'item', id: itemIds[0]! }, reason: 'stolen', note: `again ${i}` })
  }

  const [failed] = await runtime.db
    .insert(collections)
    .values({
      slug: 'broken',
      chainId: 31337,
      contract: '0x00000000000000000000000000000000000000dd',
      name: 'Broken',
      logoUrl: '/l.svg',
      bannerUrl: '/b.svg',
      category: 'art',
      creator: owner.toLowerCase(),
      source: 'imported',
      indexStatus: 'failed',
      indexError: 'the RPC refused eth_getLogs over 10000 blocks',
      indexAttempts: 3,
    })
    .returning()
  failedId = failed!.id
  await runtime.db.insert(cachePurges).values({ tag: 'home', dueAt: Date.UTC(2026, 0, 1) })
}, 60_000)

afterAll(async () => {
  runtime.close()
  await anvil.stop()
})

describe('the console’s queue', () => {
  it('most reported first, each target with its subject, owner, creator, trades, reports and earlier decisions', async () => {
    const { data } = await (await as(moderator)).operator.queue({ limit: 10 })
    expect(data.map((row) => row.key)).toEqual([
      `item:${itemIds[0]}`,
      `item:${itemIds[1]}`,
      `collection:${collectionId}`,
      `profile:${owner.toLowerCase()}`,
    ])
    const [top] = data
    expect(top!.openReports).toBe(2)
    expect(top!.subject).toMatchObject({
      kind: 'item',
      name: 'Atom 1',
      owner,
      creator: owner,
      collection: { id: collectionId, name: 'Atoms' },
      sales: 2,
      lastSale: { priceWei: '20', currency: 'ETH', at: '2026-01-02T00:00:00.000Z' },
    })
    expect(top!.reasons).toEqual({ stolen: 2 })
    expect(top!.reports.map((r) => [r.reporter, r.note])).toEqual([
      [reporters[1], 'again 0'],
      [reporters[2], 'again 1'],
    ])
    expect(top!.decisions).toMatchObject([{ action: 'flag_stolen', reason: 'First look', inForce: false }])
    expect(data[2]!.subject).toMatchObject({ kind: 'collection', creator: owner, verified: false })
    expect(data[3]!.subject).toMatchObject({ kind: 'profile', address: owner, username: 'owner' })
  })

  it('costs the same statements for one row as for four (none per row)', async () => {
    const counted = async (limit: number) => {
      let calls = 0
      const raw: Client = createClient({ url: runtime.url })
      const counting = new Proxy(raw, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property, target)
          if ((property === 'execute' || property === 'batch') && typeof value === 'function') {
            return (...args: unknown[]) => (calls++, value.apply(target, args))
          }
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
      const db = drizzle(counting, { schema }) as unknown as Database
      const page = await operatorQueue(db, undefined, limit)
      raw.close()
      return { rows: page.data.length, calls }
    }
    const one = await counted(1)
    const four = await counted(4)
    expect([one.rows, four.rows]).toEqual([1, 4])
    // The page, its reports, the items, the collections, the profiles and the decisions: 6 at most.
    expect(four.calls).toBeLessThanOrEqual(6)
    expect(four.calls - one.calls).toBeLessThanOrEqual(2)
  })

  it('is refused to a stranger and to the signed-out', async () => {
    await expect((await as(owner)).operator.queue({})).rejects.toMatchObject({ code: 'FORBIDDEN' })
    const anonymous = createCaller(createContext({ request: new Request('http://localhost:3000/'), runtime }))
    await expect(anonymous.operator.queue({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })
})

describe('operations at a glance', () => {
  it('shows the indexer’s lag behind the chain in blocks and chain seconds, stuck imports, outboxes and fees', async () => {
    // Five blocks 12 s apart past the indexed one.
    const rpc = (method: string, params: unknown[]) =>
      fetch(anvil.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      }).then((r) => r.json() as Promise<{ result: string }>)
    const indexed = Number((await rpc('eth_blockNumber', [])).result)
    await rpc('anvil_mine', ['0x5', '0xc'])
    await runtime.db
      .insert(chainCursors)
      .values({ chainId: 31337, block: indexed, updatedAt: new Date(), safeHead: indexed })

    const ops = await (await as(operator)).operator.operations()
    expect(ops.chains).toHaveLength(1)
    expect(ops.chains[0]).toMatchObject({
      chainId: 31337,
      indexedBlock: indexed,
      head: indexed + 5,
      lagBlocks: 5,
      error: null,
    })
    expect(ops.chains[0]!.lagSeconds).toBeGreaterThanOrEqual(60)
    expect(ops.imports).toMatchObject({ failed: 1, paused: 0 })
    expect(ops.imports.stuck).toMatchObject([
      {
        id: failedId,
        name: 'Broken',
        status: 'failed',
        error: 'the RPC refused eth_getLogs over 10000 blocks',
        attempts: 3,
      },
    ])
    // The decisions above filed purges too; the oldest waiting is the one from New Year.
    expect(ops.purges.oldestDueAt).toBe('2026-01-01T00:00:00.000Z')
    expect(ops.purges.waiting).toBe(await runtime.db.$count(cachePurges))
    expect(ops.notifications).toMatchObject({ deliveries: 0, oldestDeliveryDueAt: null })
    expect(ops.fees.platformFeeBps).toBe(runtime.env.platformFee.bps)
  })

  it('is for operators: a moderator is refused', async () => {
    await expect((await as(moderator)).operator.operations()).rejects.toMatchObject({ code: 'FORBIDDEN' })
  })
})

describe('resuming or retrying an import', () => {
  const retryAt = async () =>
    (
      await runtime.db.select({ at: collections.indexRetryAt }).from(collections).where(eq(collections.id, failedId))
    )[0]!.at

  it('is refused to a moderator and to a stale operator session, with nothing written', async () => {
    await expect((await as(moderator)).operator.retryImport({ collectionId: failedId })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    })
    const stale = await as(operator, Date.now() - 20 * 60_000)
    await expect(stale.operator.retryImport({ collectionId: failedId })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/sign in again/),
    })
    expect(await retryAt()).toBeNull()
  })

  it('an operator signed in recently has it tried at the next round; a collection that is not stuck is a conflict', async () => {
    const caller = await as(operator)
    expect(await caller.operator.retryImport({ collectionId: failedId })).toEqual({
      collectionId: failedId,
      retrying: true,
    })
    expect(await retryAt()).not.toBeNull()
    await expect(caller.operator.retryImport({ collectionId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/not an import that failed or is paused/),
    })
    await expect(caller.operator.retryImport({ collectionId: -1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
  })
})
