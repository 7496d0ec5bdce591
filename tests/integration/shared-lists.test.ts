/**
 * Shared lists (ADR 48) between two instances, each its own app server and database on
 * 127.0.0.1: instance A's operator signs A's stolen and scam decisions from the draft A hands out
 * (a real EIP-712 signature by dev account 0's key); instance B's operator follows A's list by URL
 * and gets suggestions in its queue, then trusts it and gets decisions, which follow A's list when
 * A reverses one. Every refusal (a forged, tampered, expired or replayed list, a wrong signer, a
 * private address, a stranger, a stale session) writes nothing.
 */
import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sharedListTypedData, type SharedList } from '../../chain/shared-list'
import type { Database } from '../../db/client'
import { recordDecision, reverseDecision } from '../../db/market'
import {
  auditLog,
  collections,
  decisions,
  nfts,
  reports,
  sharedListEntries,
  sharedListPublications,
  sharedListSubscriptions,
} from '../../db/schema'
import { app } from '../../server/app'
import { APPLY_BATCH, APPLY_PER_READ } from '../../server/shared-lists/apply'
import { MAX_LIST_ENTRIES } from '../../server/inputs/shared-lists'
import { pendingEntriesQuery } from '../../server/queries/shared-lists'
import { refreshDueLists, subscribe as subscribeTo } from '../../server/shared-lists/follow'
import { CLIENT_HEADER } from '../../server/http/request-guards'
import { createContext } from '../../server/trpc/init'
import { createCaller } from '../../server/trpc/root'
import { testAccount } from '../support/chain'
import { startHttpServer, type TestServer } from '../support/http-server'
import { atomsCollection } from '../support/market-rows'
import { createTestRuntime } from '../support/runtime'
import { sessionCookie } from '../support/session'

const operatorA = testAccount(0)
const operatorB = testAccount(1)
const stranger = testAccount(2)
const creator = testAccount(3).address.toLowerCase()
const SCAM_CONTRACT = '0x00000000000000000000000000000000000000dd'
const ATOMS_CONTRACT = '0x00000000000000000000000000000000000000cc'

type Instance = Awaited<ReturnType<typeof createTestRuntime>> & { origin: string; server: ServerType }
let a: Instance
let b: Instance
let forgeries: TestServer
/** Documents the forgeries server answers, by path. */
const served = new Map<string, string>()

async function startInstance(vars: Record<string, string>): Promise<Instance> {
  const runtime = await createTestRuntime(vars)
  const server = serve({ fetch: (request) => app.fetch(request, runtime), port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return { ...runtime, origin: `http://127.0.0.1:${port}`, server }
}

/** Atoms #1–#4 and a scam collection on A; B has Atoms #1–#3 (not #4) and the scam collection. */
async function market(db: Database, tokenIds: string[]) {
  const { collection, token } = await atomsCollection(db, creator, new Date())
  const items = await db
    .insert(nfts)
    .values(tokenIds.map((id) => token(id)))
    .returning({ id: nfts.id, tokenId: nfts.tokenId })
  const [scam] = await db
    .insert(collections)
    .values({ ...collection, id: undefined, slug: 'free-mint', name: 'Free Mint', contract: SCAM_CONTRACT })
    .returning({ id: collections.id })
  return { atoms: collection.id, scam: scam!.id, item: Object.fromEntries(items.map((i) => [i.tokenId, i.id])) }
}

let marketA: Awaited<ReturnType<typeof market>>
let marketB: Awaited<ReturnType<typeof market>>
beforeAll(async () => {
  forgeries = await startHttpServer((request, response) => {
    const body = served.get(request.url ?? '')
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' })
    response.end(body ?? '{}')
  })
  a = await startInstance({ OPERATORS: operatorA.address })
  const allow = `${a.origin.slice('http://'.length)},${forgeries.host}`
  b = await startInstance({ OPERATORS: operatorB.address, FETCH_ALLOW_HOSTS: allow })
  marketA = await market(a.db, ['1', '2', '3', '4'])
  marketB = await market(b.db, ['1', '2', '3'])
  const decide = (
    action: 'flag_stolen' | 'hide' | 'mark_spam',
    kind: 'item' | 'collection',
    id: number,
    category: string,
  ) =>
    recordDecision(a.db, {
      action,
      target: { kind, key: String(id) },
      category: category as 'stolen',
      reason: 'as reported',
      actor: operatorA.address,
    })
  await decide('flag_stolen', 'item', marketA.item['1']!, 'stolen')
  await decide('hide', 'item', marketA.item['2']!, 'stolen')
  // A legal takedown is this instance's own business: not on the list.
  await decide('hide', 'item', marketA.item['3']!, 'intellectual_property')
  await decide('flag_stolen', 'item', marketA.item['4']!, 'stolen')
  await decide('mark_spam', 'collection', marketA.scam, 'scam')
}, 60_000)
afterAll(async () => {
  for (const instance of [a, b]) {
    if (!instance) continue
    await new Promise((resolve) => instance.server.close(resolve))
    instance.close()
  }
  await forgeries?.stop()
})

type Init = { method?: string; json?: unknown; as?: string; signedInAt?: number }
/** A request to an instance's server over HTTP, signed in as `as`. */
async function call(
  instance: Instance,
  path: string,
  { method = 'GET', json, as, signedInAt = Date.now() }: Init = {},
) {
  const headers = new Headers()
  if (as) headers.set('cookie', await sessionCookie(as.toLowerCase(), { signedInAt }))
  if (json !== undefined) headers.set('content-type', 'application/json')
  // A write without a JSON body says it comes from a script, not a foreign page's form.
  else if (method !== 'GET') headers.set(CLIENT_HEADER, 'test')
  const response = await fetch(`${instance.origin}/api/v1${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, checked field by field
  return { status: response.status, body: (await response.json()) as any, headers: response.headers }
}

/** A's draft, signed by A's operator and published; the list as published. */
async function publishOnA(): Promise<SharedList> {
  const draft = await call(a, '/shared-list/draft', { as: operatorA.address })
  expect(draft.status).toBe(200)
  const list = draft.body.data.message as SharedList
  const signature = await operatorA.signTypedData(sharedListTypedData(list))
  const signed = await call(a, '/shared-list/sign', {
    method: 'POST',
    json: { list, signature },
    as: operatorA.address,
  })
  expect(signed.status, JSON.stringify(signed.body)).toBe(201)
  return list
}

const listUrl = () => `${a.origin}/api/v1/shared-list`
const subscribe = (json: unknown, as = operatorB.address, signedInAt?: number) =>
  call(b, '/shared-lists', { method: 'POST', json, as, signedInAt })

/** What B holds of shared lists, reports and decisions: a refusal leaves all of it as it was. */
async function stateOfB() {
  const [subscriptions, entries, filed, decided, audit] = await Promise.all([
    b.db.select().from(sharedListSubscriptions),
    b.db.select().from(sharedListEntries),
    b.db.select().from(reports),
    b.db.select().from(decisions),
    b.db.select().from(auditLog),
  ])
  return { subscriptions, entries, filed, decided, audit }
}

describe('publishing', () => {
  it('nothing is published until an operator signs: a 404', async () => {
    const none = await call(a, '/shared-list')
    expect(none.status).toBe(404)
    expect(none.body.error.message).toMatch(/not published one yet/)
  })

  it('the draft lists the stolen items and scam collections by chain and contract, for operators only', async () => {
    const draft = await call(a, '/shared-list/draft?days=7', { as: operatorA.address })
    expect(draft.status).toBe(200)
    expect(draft.headers.get('cache-control')).toBe('private, no-store')
    const { domain, primaryType, message } = draft.body.data
    expect(domain).toEqual({ name: 'Vitrine shared list', version: '1' })
    expect(primaryType).toBe('SharedList')
    const contract = getAddress(ATOMS_CONTRACT)
    expect(message).toMatchObject({
      issuer: operatorA.address,
      origin: 'http://localhost:3000',
      sequence: 1,
      items: [
        { chainId: 31337, contract, tokenId: '1', category: 'stolen' },
        { chainId: 31337, contract, tokenId: '2', category: 'stolen' },
        { chainId: 31337, contract, tokenId: '4', category: 'stolen' },
      ],
      collections: [{ chainId: 31337, contract: getAddress(SCAM_CONTRACT), category: 'scam' }],
    })
    expect(message.expiresAt - message.issuedAt).toBe(7 * 24 * 3600)
    expect((await call(a, '/shared-list/draft', { as: stranger.address })).status).toBe(403)
    expect((await call(a, '/shared-list/draft')).status).toBe(401)
  })

  it('refuses a signature by anyone but an operator, and a list changed after signing; nothing is published', async () => {
    const { message } = (await call(a, '/shared-list/draft', { as: operatorA.address })).body.data
    const byStranger = { ...message, issuer: stranger.address }
    const strangerSigned = await call(a, '/shared-list/sign', {
      method: 'POST',
      json: { list: byStranger, signature: await stranger.signTypedData(sharedListTypedData(byStranger)) },
      as: operatorA.address,
    })
    expect(strangerSigned.status).toBe(403)
    expect(strangerSigned.body.error.message).toMatch(`${stranger.address} is not an operator`)
    const signature = await operatorA.signTypedData(sharedListTypedData(message))
    const tampered = { ...message, items: message.items.slice(1) }
    const changed = await call(a, '/shared-list/sign', {
      method: 'POST',
      json: { list: tampered, signature },
      as: operatorA.address,
    })
    expect(changed.status).toBe(400)
    expect(changed.body.error.message).toMatch(/not signed by its issuer/)
    // Signed, but by a stranger's session, or a stale one.
    const json = { list: message, signature }
    expect((await call(a, '/shared-list/sign', { method: 'POST', json, as: stranger.address })).status).toBe(403)
    const stale = await call(a, '/shared-list/sign', {
      method: 'POST',
      json,
      as: operatorA.address,
      signedInAt: Date.now() - 20 * 60_000,
    })
    expect(stale.status).toBe(403)
    expect(await a.db.select().from(sharedListPublications)).toEqual([])
  })

  it('an operator signs the draft; the list is served as signed, public and cacheable', async () => {
    const list = await publishOnA()
    const served = await call(a, '/shared-list')
    expect(served.status).toBe(200)
    expect(served.headers.get('cache-control')).toBe('public, max-age=300')
    expect(served.body.list).toEqual(list)
    expect(served.body.signature).toMatch(/^0x[0-9a-f]{130}$/)
    // The same draft cannot be published twice.
    const again = await call(a, '/shared-list/sign', { method: 'POST', json: served.body, as: operatorA.address })
    expect(again.status).toBe(409)
    const [audited] = await a.db.select().from(auditLog).where(eq(auditLog.event, 'list_published'))
    expect(audited).toMatchObject({ actor: operatorA.address.toLowerCase(), subject: 'shared-list:1' })
  })
})

describe('following a list', () => {
  it('refuses a stranger (403), a stale session (403) and signed-out (401); nothing is written', async () => {
    const before = await stateOfB()
    const byStranger = await subscribe({ url: listUrl() }, stranger.address)
    expect(byStranger.status).toBe(403)
    expect(byStranger.body.error.message).toMatch(/Only an operator/)
    expect((await subscribe({ url: listUrl() }, operatorB.address, Date.now() - 16 * 60_000)).status).toBe(403)
    expect((await call(b, '/shared-lists', { method: 'POST', json: { url: listUrl() } })).status).toBe(401)
    const trpc = createCaller(
      createContext({
        request: new Request('http://localhost:3000/api/trpc', {
          headers: { cookie: await sessionCookie(stranger.address.toLowerCase()) },
        }),
        runtime: b,
      }),
    )
    await expect(trpc.sharedList.subscribe({ url: listUrl(), trusted: false })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    })
    const byOperator = createCaller(
      createContext({
        request: new Request('http://localhost:3000/api/trpc', {
          headers: { cookie: await sessionCookie(operatorB.address.toLowerCase()) },
        }),
        runtime: b,
      }),
    )
    expect(await byOperator.sharedList.subscriptions()).toEqual({ data: [] })
    expect(await stateOfB()).toEqual(before)
  })

  it('refuses a list at a private address unless FETCH_ALLOW_HOSTS names it, naming the address', async () => {
    const c = await createTestRuntime({ OPERATORS: operatorB.address })
    try {
      const headers = new Headers({
        cookie: await sessionCookie(operatorB.address.toLowerCase()),
        'content-type': 'application/json',
      })
      const response = await app.request(
        'http://localhost:3000/api/v1/shared-lists',
        { method: 'POST', headers, body: JSON.stringify({ url: listUrl() }) },
        c,
      )
      expect(response.status).toBe(400)
      const { error } = (await response.json()) as { error: { message: string } }
      expect(error.message).toBe('url: the list was not read (private address 127.0.0.1 refused)')
      expect(await c.db.select().from(sharedListSubscriptions)).toEqual([])
      expect(await c.db.select().from(auditLog)).toEqual([])
    } finally {
      c.close()
    }
  })

  it('a list read becomes suggestions in the queue, reported by its signer, once each', async () => {
    const followed = await subscribe({ url: listUrl() })
    expect(followed.status, JSON.stringify(followed.body)).toBe(200)
    expect(followed.body.data).toMatchObject({
      url: listUrl(),
      signer: operatorA.address,
      trusted: false,
      subscribedBy: operatorB.address,
      sequence: 1,
      entries: 4,
      // Atoms #4 is not on B: kept, and looked for again at each read.
      notHere: 1,
      lastError: null,
      read: { suggested: 3, applied: 0, already: 0, reversed: 0, more: false },
    })
    const filed = await b.db.select().from(reports)
    expect(filed).toHaveLength(3)
    expect(new Set(filed.map((r) => r.reporter))).toEqual(new Set([operatorA.address.toLowerCase()]))
    expect(filed.map((r) => r.reason).sort()).toEqual(['scam_or_spam', 'stolen', 'stolen'])
    for (const report of filed) expect(report.note).toContain(`shared list ${listUrl()}`)
    const queue = await call(b, '/reports', { as: operatorB.address })
    expect(queue.body.data.map((t: { target: unknown }) => t.target)).toEqual(
      expect.arrayContaining([
        { kind: 'item', id: marketB.item['1'] },
        { kind: 'item', id: marketB.item['2'] },
        { kind: 'collection', id: marketB.scam },
      ]),
    )
    // Nothing is decided on a suggestion.
    expect(await b.db.select().from(decisions)).toEqual([])

    const { id } = followed.body.data
    const again = await call(b, `/shared-lists/${id}/refresh`, { method: 'POST', as: operatorB.address })
    expect(again.body.data.read).toEqual({ suggested: 0, applied: 0, already: 0, reversed: 0, more: false })
    expect(await b.db.select().from(reports)).toHaveLength(3)
    const listed = await call(b, '/shared-lists', { as: operatorB.address })
    expect(listed.body.data).toHaveLength(1)
    expect(listed.headers.get('cache-control')).toBe('private, no-store')
  })

  it('a trusted list needs its signer named; trusted, its entries are decided at once by its signer, from its URL', async () => {
    const unnamed = await subscribe({ url: listUrl(), trusted: true })
    expect(unnamed.status).toBe(400)
    expect(unnamed.body.error.message).toMatch(/^signer: a trusted list needs/)
    const wrong = await subscribe({ url: listUrl(), trusted: true, signer: stranger.address })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error.message).toBe(
      `signature: the list is signed by ${operatorA.address}, not by ${stranger.address} as this subscription expects`,
    )
    expect((await b.db.select().from(sharedListSubscriptions))[0]!.trusted).toBe(false)

    const trusted = await subscribe({ url: listUrl(), trusted: true, signer: operatorA.address })
    expect(trusted.status).toBe(200)
    expect(trusted.body.data.read).toMatchObject({ applied: 3, suggested: 0 })
    const taken = await b.db.select().from(decisions)
    expect(taken).toHaveLength(3)
    for (const decision of taken) {
      expect(decision).toMatchObject({
        decidedBy: operatorA.address.toLowerCase(),
        source: listUrl(),
        reversedAt: null,
      })
    }
    const [one] = await b.db.select().from(nfts).where(eq(nfts.id, marketB.item['1']!))
    expect(one!.flaggedBy).not.toBeNull()
    const [scam] = await b.db.select().from(collections).where(eq(collections.id, marketB.scam))
    expect(scam!.spamBy).not.toBeNull()
    // The suggestions were acted on: closed by the decisions.
    expect((await b.db.select().from(reports)).map((r) => r.status)).toEqual(['actioned', 'actioned', 'actioned'])
  })

  it('follows the list: a token imported later is decided at the next read; one A reverses is reversed here', async () => {
    const [subscription] = await b.db.select().from(sharedListSubscriptions)
    // B imports Atoms #4.
    const [four] = await b.db
      .insert(nfts)
      .values({
        collectionId: marketB.atoms,
        chainId: 31337,
        contract: ATOMS_CONTRACT,
        tokenId: '4',
        name: 'Atom 4',
        image: '/a.svg',
        owner: creator,
        creator,
        category: 'art',
        addDate: new Date(),
      })
      .returning({ id: nfts.id })
    // A reverses its flag on #1 and publishes again.
    const [flag] = await a.db
      .select({ id: decisions.id })
      .from(decisions)
      .where(and(eq(decisions.targetKey, String(marketA.item['1'])), isNull(decisions.reversedAt)))
    await reverseDecision(a.db, flag!.id, { actor: operatorA.address, reason: 'returned to its owner' })
    const list = await publishOnA()
    expect(list.sequence).toBe(2)

    const read = await call(b, `/shared-lists/${subscription!.id}/refresh`, { method: 'POST', as: operatorB.address })
    expect(read.status).toBe(200)
    expect(read.body.data).toMatchObject({ sequence: 2, entries: 3, notHere: 0, read: { applied: 1, reversed: 1 } })
    const [flagOne] = await b.db.select().from(nfts).where(eq(nfts.id, marketB.item['1']!))
    expect(flagOne!.flaggedBy).toBeNull()
    const [flagFour] = await b.db.select().from(nfts).where(eq(nfts.id, four!.id))
    expect(flagFour!.flaggedBy).not.toBeNull()
  })
})

describe('lists not to be believed', () => {
  /** A list signed by `signer` (A's operator unless said), served by the forgeries server at `path`. */
  async function serveList(path: string, change: Partial<SharedList> = {}, signer = operatorA) {
    const now = Math.floor(Date.now() / 1000)
    const list: SharedList = {
      issuer: signer.address,
      origin: 'https://elsewhere.example',
      sequence: 1,
      issuedAt: now,
      expiresAt: now + 3600,
      items: [{ chainId: 31337, contract: getAddress(ATOMS_CONTRACT), tokenId: '3', category: 'stolen' }],
      collections: [],
      ...change,
    }
    const signature = await signer.signTypedData(sharedListTypedData(list))
    served.set(path, JSON.stringify({ list, signature }))
    return { list, signature }
  }

  const cases: [string, string, () => Promise<void>, RegExp][] = [
    [
      'forged: signed by another key in its issuer’s name',
      '/forged',
      async () => {
        const list = (await serveList('/forged')).list
        served.set(
          '/forged',
          JSON.stringify({ list, signature: await stranger.signTypedData(sharedListTypedData(list)) }),
        )
      },
      /^signature: the list is not signed by its issuer/,
    ],
    [
      'tampered: an entry changed after signing',
      '/tampered',
      async () => {
        const { list, signature } = await serveList('/tampered')
        const changed = { ...list, items: [{ ...list.items[0]!, tokenId: '2' }] }
        served.set('/tampered', JSON.stringify({ list: changed, signature }))
      },
      /^signature: the list is not signed by its issuer/,
    ],
    [
      'expired',
      '/expired',
      async () => {
        const past = Math.floor(Date.now() / 1000) - 7200
        await serveList('/expired', { issuedAt: past, expiresAt: past + 3600 })
      },
      /^list: it expired on \d{4}-/,
    ],
    [
      'a signature that is none',
      '/garbled',
      async () => {
        const { list } = await serveList('/garbled')
        served.set('/garbled', JSON.stringify({ list, signature: `0x${'00'.repeat(65)}` }))
      },
      /^signature: not a valid EIP-712 signature$/,
    ],
    [
      'issued in the future',
      '/future',
      async () => {
        const later = Math.floor(Date.now() / 1000) + 3600
        await serveList('/future', { issuedAt: later, expiresAt: later + 3600 })
      },
      /^list: it says it was issued on \d{4}-.*, in the future$/,
    ],
    [
      'larger than the bound',
      '/huge',
      async () => {
        const { list, signature } = await serveList('/huge')
        served.set('/huge', JSON.stringify({ list: { ...list, origin: 'x'.repeat(5 * 1024 * 1024) }, signature }))
      },
      /^url: the list was not read \(larger than 4 MB\)$/,
    ],
    [
      'too many entries',
      '/many',
      async () => {
        const { list, signature } = await serveList('/many')
        const items = Array.from({ length: MAX_LIST_ENTRIES + 1 }, () => list.items[0]!)
        served.set('/many', JSON.stringify({ list: { ...list, items }, signature }))
      },
      /^list: not a shared list \(list\.items: must have at most 10000 entries\)$/,
    ],
    [
      'not a shared list',
      '/other',
      async () => void served.set('/other', JSON.stringify({ name: 'a token', image: 'x' })),
      /^list: not a shared list \(/,
    ],
  ]

  it.each(cases)('%s: refused with a message naming it, nothing written', async (_, path, prepare, message) => {
    await prepare()
    const before = await stateOfB()
    const refused = await subscribe({ url: `${forgeries.origin}${path}` })
    expect(refused.status).toBe(400)
    expect(refused.body.error.message).toMatch(message)
    expect(await stateOfB()).toEqual(before)
  })

  it('a replayed older list is refused on the next read, kept on the subscription for the console', async () => {
    // A list at sequence 5, then the same URL answering sequence 4.
    await serveList('/replay', { sequence: 5 })
    const followed = await subscribe({ url: `${forgeries.origin}/replay` })
    expect(followed.status).toBe(200)
    await serveList('/replay', { sequence: 4 })
    const stale = await call(b, `/shared-lists/${followed.body.data.id}/refresh`, {
      method: 'POST',
      as: operatorB.address,
    })
    expect(stale.status).toBe(400)
    expect(stale.body.error.message).toMatch(/sequence 4 is older than sequence 5 read before/)
    const [row] = await b.db
      .select()
      .from(sharedListSubscriptions)
      .where(eq(sharedListSubscriptions.id, followed.body.data.id))
    expect(row).toMatchObject({ sequence: 5, lastError: expect.stringMatching(/a replay/) })
    const removed = await call(b, `/shared-lists/${followed.body.data.id}`, { method: 'DELETE', as: operatorB.address })
    expect(removed.body.data).toEqual({ id: followed.body.data.id, subscribed: false })
    expect(
      (await call(b, `/shared-lists/${followed.body.data.id}`, { method: 'DELETE', as: operatorB.address })).status,
    ).toBe(404)
  })
})

describe('a long list, and the scheduled reads', () => {
  it('a read acts on APPLY_PER_READ entries at most; the rest at the next scheduled run, within the minute', async () => {
    const c = await createTestRuntime({ OPERATORS: operatorB.address, FETCH_ALLOW_HOSTS: forgeries.host })
    try {
      const { token } = await atomsCollection(c.db, creator, new Date())
      const count = APPLY_PER_READ + 1
      const ids = Array.from({ length: count }, (_, i) => String(i + 1))
      for (let i = 0; i < count; i += 500) await c.db.insert(nfts).values(ids.slice(i, i + 500).map((id) => token(id)))
      const now = Math.floor(Date.now() / 1000)
      const list: SharedList = {
        issuer: operatorA.address,
        origin: 'https://a.example',
        sequence: 1,
        issuedAt: now,
        expiresAt: now + 3600,
        items: ids.map((tokenId) => ({
          chainId: 31337,
          contract: getAddress(ATOMS_CONTRACT),
          tokenId,
          category: 'stolen',
        })),
        collections: [],
      }
      served.set('/long', JSON.stringify({ list, signature: await operatorA.signTypedData(sharedListTypedData(list)) }))
      const first = await subscribeTo(c, operatorB.address, { url: `${forgeries.origin}/long`, trusted: false })
      expect(first).toMatchObject({ suggested: APPLY_PER_READ, more: true })
      const [row] = await c.db.select().from(sharedListSubscriptions)
      expect(row!.nextFetchAt.getTime()).toBeLessThanOrEqual(Date.now())

      // The Cron Trigger (Workers) or the Node timer: due lists are read, once each.
      expect(await refreshDueLists(c)).toBe(1)
      expect(await c.db.select({ id: reports.id }).from(reports)).toHaveLength(count)
      const [after] = await c.db.select().from(sharedListSubscriptions)
      expect(after!.nextFetchAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000)
      // Not due: nothing is read.
      expect(await refreshDueLists(c)).toBe(0)
    } finally {
      c.close()
    }
  }, 60_000)
})

describe('query plans', () => {
  it('a read finds pending entries and their tokens and collections by index, never scanning the market', async () => {
    const plan = await b.db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${pendingEntriesQuery(1, APPLY_BATCH)}`)
    const details = plan.map((row) => row.detail)
    expect(details.filter((d) => d.startsWith('SCAN'))).toEqual([])
    expect(details).toEqual(
      expect.arrayContaining([
        expect.stringContaining('USING INDEX shared_list_entries_pending_idx'),
        expect.stringContaining('nfts_token_idx'),
        expect.stringContaining('collections_contract_idx'),
        expect.stringContaining('decisions_in_force_idx'),
      ]),
    )
  })
})
