/**
 * Roles and reports (ADR 44) over HTTP, as clients meet them: operators grant and revoke the
 * moderator role with a recent sign-in, anyone else or a stale session is refused with nothing
 * written; any signed-in wallet reports an item, a collection or a profile once, reads its own
 * reports back; operators and moderators read the queue grouped by target, most reported and
 * oldest first, a page at a time. Each answer is checked against the database.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moderators, nfts, reports, reportTargets, users } from '../../db/schema'
import { app } from '../../server/app'
import { createContext } from '../../server/trpc/init'
import { createCaller } from '../../server/trpc/root'
import { testAccount } from '../support/chain'
import { atomsCollection } from '../support/market-rows'
import { createTestRuntime } from '../support/runtime'
import { sessionCookie } from '../support/session'
import { cookiesOf, signIn } from '../support/sign-in'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

const operator = testAccount(0).address
const moderator = testAccount(1).address
const stranger = testAccount(2).address
const reporters = [3, 4, 5, 6, 7].map((i) => testAccount(i).address)

let runtime: Awaited<ReturnType<typeof createTestRuntime>>
let itemIds: number[]
let collectionSlug: string
let collectionId: number
beforeAll(async () => {
  runtime = await createTestRuntime({ OPERATORS: operator, RATE_LIMITS: 'report=5/1h' })
  const now = new Date()
  const { collection, token } = await atomsCollection(runtime.db, stranger.toLowerCase(), now)
  collectionSlug = collection.slug
  collectionId = collection.id
  const rows = await runtime.db
    .insert(nfts)
    .values(['1', '2', '3'].map((id) => token(id)))
    .returning({ id: nfts.id })
  itemIds = rows.map((row) => row.id)
  await runtime.db.insert(users).values({ address: stranger.toLowerCase(), username: 'stranger' })
})
afterAll(() => runtime.close())

type Init = { method?: string; json?: unknown; as?: string; signedInAt?: number | null }
async function call(path: string, { method = 'GET', json, as, signedInAt = Date.now() }: Init = {}) {
  const headers = new Headers()
  if (as) {
    headers.set('cookie', await sessionCookie(as.toLowerCase(), { signedInAt }))
  }
  if (json !== undefined) headers.set('content-type', 'application/json')
  const response = await app.request(
    `http://localhost:3000/api/v1${path}`,
    { method, headers, body: json === undefined ? undefined : JSON.stringify(json) },
    runtime,
  )
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, checked field by field
  return { status: response.status, body: (await response.json()) as any, headers: response.headers }
}

const moderatorRows = () => runtime.db.select().from(moderators)

describe('the moderator role', () => {
  it('an operator grants and revokes it; granting twice changes nothing', async () => {
    const granted = await call('/moderators', { method: 'POST', json: { address: moderator }, as: operator })
    expect(granted.status).toBe(200)
    expect(granted.body.data).toEqual({ address: moderator, moderator: true, changed: true })
    expect(await moderatorRows()).toMatchObject([
      { address: moderator.toLowerCase(), grantedBy: operator.toLowerCase() },
    ])
    const again = await call('/moderators', { method: 'POST', json: { address: moderator }, as: operator })
    expect(again.body.data.changed).toBe(false)

    const revoked = await call(`/moderators/${moderator}`, { method: 'DELETE', as: operator })
    expect(revoked.status).toBe(200)
    expect(revoked.body.data).toEqual({ address: moderator, moderator: false, changed: true })
    expect(await moderatorRows()).toEqual([])
    expect((await call(`/moderators/${moderator}`, { method: 'DELETE', as: operator })).body.data.changed).toBe(false)
  })

  it('a session signed in over 15 minutes ago (or without a sign-in time) is asked to sign in again; nothing is written', async () => {
    for (const signedInAt of [Date.now() - 16 * 60_000, null]) {
      const stale = await call('/moderators', {
        method: 'POST',
        json: { address: moderator },
        as: operator,
        signedInAt,
      })
      expect(stale.status).toBe(403)
      expect(stale.body.error.message).toMatch(/sign in again/)
    }
    expect(await moderatorRows()).toEqual([])
    // 14 minutes is recent enough.
    const recent = await call('/moderators', {
      method: 'POST',
      json: { address: moderator },
      as: operator,
      signedInAt: Date.now() - 14 * 60_000,
    })
    expect(recent.status).toBe(200)
    const staleRevoke = await call(`/moderators/${moderator}`, {
      method: 'DELETE',
      as: operator,
      signedInAt: Date.now() - 60 * 60_000,
    })
    expect(staleRevoke.status).toBe(403)
    expect(await moderatorRows()).toHaveLength(1)
  })

  it('a stranger, and a moderator, are refused (403) with nothing written; signed out is a 401', async () => {
    for (const as of [stranger, moderator]) {
      const grant = await call('/moderators', { method: 'POST', json: { address: reporters[0] }, as })
      expect(grant.status).toBe(403)
      expect(grant.body.error.message).toMatch(/Only an operator/)
      expect((await call(`/moderators/${moderator}`, { method: 'DELETE', as })).status).toBe(403)
    }
    expect((await call('/moderators', { method: 'POST', json: { address: reporters[0] } })).status).toBe(401)
    expect((await moderatorRows()).map((row) => row.address)).toEqual([moderator.toLowerCase()])
  })

  it('over tRPC too: FORBIDDEN for a stale session and for a stranger, nothing written', async () => {
    const caller = async (as: string, signedInAt: number) =>
      createCaller(
        createContext({
          request: new Request('http://localhost:3000/api/trpc', {
            headers: { cookie: await sessionCookie(as.toLowerCase(), { signedInAt }) },
          }),
          runtime,
        }),
      )
    const before = await moderatorRows()
    const stale = await caller(operator, Date.now() - 20 * 60_000)
    await expect(stale.moderation.grantModerator({ address: reporters[1]! })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/sign in again/),
    })
    const strange = await caller(stranger, Date.now())
    await expect(strange.moderation.revokeModerator({ address: moderator })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    })
    expect(await moderatorRows()).toEqual(before)
  })

  it('a bad address is a 400 naming the field', async () => {
    const bad = await call('/moderators', { method: 'POST', json: { address: '0x1234' }, as: operator })
    expect(bad.status).toBe(400)
    expect(bad.body.error.message).toMatch(/^address: /)
  })
})

describe('the sign-in time', () => {
  it('a real SIWE sign-in records it in the session, kept when the session is read and renewed', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey())
    const own: typeof runtime = {
      ...runtime,
      env: { ...runtime.env, operators: [wallet.address.toLowerCase() as `0x${string}`] },
    }
    const request = (path: string, init?: RequestInit) => app.request(`http://localhost:3000${path}`, init, own)
    const before = Math.floor(Date.now() / 1000)
    const cookie = await signIn(request, wallet)
    const read = await request('/api/auth/session', { headers: { cookie } })
    const session = (await read.json()) as { signedInAt: number }
    expect(session.signedInAt).toBeGreaterThanOrEqual(before)
    expect(session.signedInAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000))
    // The renewed cookie carries the same sign-in time, not the time of the read.
    const renewed = cookiesOf(read).find((c) => c.includes('session-token='))!
    const again = await request('/api/auth/session', { headers: { cookie: renewed } })
    expect(((await again.json()) as { signedInAt: number }).signedInAt).toBe(session.signedInAt)
    // And it is recent enough for a moderation write.
    const granted = await request('/api/v1/moderators', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ address: reporters[4] }),
    })
    expect(granted.status).toBe(200)
    expect(
      await request(`/api/v1/moderators/${reporters[4]}`, { method: 'DELETE', headers: { cookie } }),
    ).toHaveProperty('status', 200)
  })
})

describe('reports', () => {
  const report = (as: string, json: unknown) => call('/reports', { method: 'POST', json, as })

  it('a signed-in wallet reports an item, a collection and a profile; the rows and the counts are stored', async () => {
    const [a] = reporters
    const item = await report(a!, {
      target: { kind: 'item', id: itemIds[0] },
      reason: 'stolen',
      note: 'Taken\u202e from me',
    })
    expect(item.status).toBe(201)
    expect(item.body.data).toEqual({ id: expect.any(Number), status: 'open' })
    const collection = await report(a!, {
      target: { kind: 'collection', idOrSlug: collectionSlug },
      reason: 'scam_or_spam',
    })
    expect(collection.status).toBe(201)
    const profile = await report(a!, { target: { kind: 'profile', address: stranger }, reason: 'impersonation' })
    expect(profile.status).toBe(201)
    const [row] = await runtime.db.select().from(reports).where(eq(reports.id, item.body.data.id))
    // The note is cleaned: no bidi override.
    expect(row).toMatchObject({ reporter: a!.toLowerCase(), reason: 'stolen', note: 'Taken from me', status: 'open' })
    const targets = await runtime.db.select().from(reportTargets)
    expect(targets.map(({ kind, key, openReports }) => ({ kind, key, openReports }))).toEqual([
      { kind: 'item', key: String(itemIds[0]), openReports: 1 },
      { kind: 'collection', key: String(collectionId), openReports: 1 },
      { kind: 'profile', key: stranger.toLowerCase(), openReports: 1 },
    ])
  })

  it('a second open report of the same target by the same wallet is a 409 naming it; nothing is written', async () => {
    const before = await runtime.db.select().from(reports)
    const again = await report(reporters[0]!, { target: { kind: 'item', id: itemIds[0] }, reason: 'other' })
    expect(again.status).toBe(409)
    expect(again.body.error.message).toMatch(/already have an open report/)
    // The same item by slug-free id in text form is the same target.
    const byText = await report(reporters[0]!, { target: { kind: 'item', id: String(itemIds[0]) }, reason: 'other' })
    expect(byText.status).toBe(409)
    expect(await runtime.db.select().from(reports)).toEqual(before)
  })

  it('a bad reason, target or note is a 400 naming the field; an unknown target a 404 naming it; signed out a 401', async () => {
    const [, b] = reporters
    const reason = await report(b!, { target: { kind: 'item', id: itemIds[1] }, reason: 'rude' })
    expect(reason.status).toBe(400)
    expect(reason.body.error.message).toMatch(/^reason: must be one of stolen, scam_or_spam/)
    const kind = await report(b!, { target: { kind: 'order', id: 1 }, reason: 'other' })
    expect(kind.status).toBe(400)
    expect(kind.body.error.message).toMatch(/^target\.kind: must be \{ kind: "item", id \}/)
    const long = await report(b!, { target: { kind: 'item', id: itemIds[1] }, reason: 'other', note: 'x'.repeat(1001) })
    expect(long.status).toBe(400)
    expect(long.body.error.message).toMatch(/^note: must be at most 1,000 characters/)
    const extra = await report(b!, { target: { kind: 'item', id: itemIds[1] }, reason: 'other', severity: 9 })
    expect(extra.status).toBe(400)
    expect(extra.body.error.message).toMatch(/severity/)
    const item = await report(b!, { target: { kind: 'item', id: 999_999 }, reason: 'other' })
    expect(item.status).toBe(404)
    expect(item.body.error.message).toBe('target: there is no item 999999 on this marketplace')
    const collection = await report(b!, { target: { kind: 'collection', idOrSlug: 'nope' }, reason: 'other' })
    expect(collection.status).toBe(404)
    expect(collection.body.error.message).toMatch(/no collection "nope"/)
    const profile = await report(b!, { target: { kind: 'profile', address: moderator }, reason: 'other' })
    expect(profile.status).toBe(404)
    expect(profile.body.error.message).toContain(moderator)
    expect(
      (await call('/reports', { method: 'POST', json: { target: { kind: 'item', id: itemIds[1] }, reason: 'other' } }))
        .status,
    ).toBe(401)
    expect(await runtime.db.select().from(reports).where(eq(reports.reporter, b!.toLowerCase()))).toEqual([])
  })

  it('a flood is a 429 past the limit, per wallet; nothing more is written', async () => {
    // RATE_LIMITS report=5/1h: the second reporter's three 404s above counted (input a 400 refuses is not).
    const [, b, c] = reporters
    expect((await report(b!, { target: { kind: 'item', id: itemIds[1] }, reason: 'other' })).status).toBe(201)
    expect(
      (await report(b!, { target: { kind: 'collection', idOrSlug: collectionSlug }, reason: 'other' })).status,
    ).toBe(201)
    const over = await report(b!, { target: { kind: 'profile', address: stranger }, reason: 'other' })
    expect(over.status).toBe(429)
    expect(over.body.error.message).toMatch(/reports/)
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await runtime.db.select().from(reports).where(eq(reports.reporter, b!.toLowerCase()))).toHaveLength(2)
    // Another wallet is counted on its own.
    expect((await report(c!, { target: { kind: 'item', id: itemIds[1] }, reason: 'other' })).status).toBe(201)
  })

  it("GET /reports/mine: the wallet's own reports, newest first, with their status, a page at a time", async () => {
    const first = await call('/reports/mine?limit=2', { as: reporters[0] })
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('private, no-store')
    expect(first.body.data).toEqual([
      expect.objectContaining({
        target: { kind: 'profile', address: stranger },
        reason: 'impersonation',
        status: 'open',
      }),
      expect.objectContaining({ target: { kind: 'collection', id: collectionId }, reason: 'scam_or_spam' }),
    ])
    const second = await call(`/reports/mine?limit=2&cursor=${first.body.nextCursor}`, { as: reporters[0] })
    expect(second.body).toEqual({
      data: [
        {
          id: expect.any(Number),
          target: { kind: 'item', id: itemIds[0] },
          reason: 'stolen',
          note: 'Taken from me',
          status: 'open',
          decisionId: null,
          createdAt: expect.any(String),
        },
      ],
      nextCursor: null,
    })
    expect((await call('/reports/mine', { as: stranger })).body).toEqual({ data: [], nextCursor: null })
    expect((await call('/reports/mine')).status).toBe(401)
    expect((await call('/reports/mine?cursor=bogus', { as: reporters[0] })).status).toBe(400)
  })
})

describe('the queue', () => {
  it('is for operators and moderators: grouped by target, most reported then oldest first, a page at a time', async () => {
    // Now: item 0 ← a; collection ← a, b; profile ← a; item 1 ← b, c. Two more on item 1, one more on the collection.
    const [, , c, d, e] = reporters
    expect(
      (
        await call('/reports', {
          method: 'POST',
          as: d,
          json: { target: { kind: 'item', id: itemIds[1] }, reason: 'stolen' },
        })
      ).status,
    ).toBe(201)
    expect(
      (
        await call('/reports', {
          method: 'POST',
          as: e,
          json: { target: { kind: 'item', id: itemIds[1] }, reason: 'stolen' },
        })
      ).status,
    ).toBe(201)
    expect(
      (
        await call('/reports', {
          method: 'POST',
          as: c,
          json: { target: { kind: 'collection', idOrSlug: String(collectionId) }, reason: 'scam_or_spam' },
        })
      ).status,
    ).toBe(201)

    const whole = await call('/reports?limit=10', { as: moderator, signedInAt: Date.now() - 60 * 60_000 })
    expect(whole.status).toBe(200)
    expect(whole.headers.get('cache-control')).toBe('private, no-store')
    expect(whole.body.data.map((t: { target: unknown; openReports: number }) => [t.target, t.openReports])).toEqual([
      [{ kind: 'item', id: itemIds[1] }, 4],
      [{ kind: 'collection', id: collectionId }, 3],
      [{ kind: 'item', id: itemIds[0] }, 1],
      [{ kind: 'profile', address: stranger }, 1],
    ])
    expect(whole.body.data[0].reasons).toEqual({ other: 2, stolen: 2 })
    expect(whole.body.data[1].reasons).toEqual({ other: 1, scam_or_spam: 2 })
    expect(whole.body.nextCursor).toBeNull()
    const firsts = whole.body.data.map((t: { firstReportedAt: string }) => t.firstReportedAt)
    expect(firsts[2] <= firsts[3]).toBe(true)

    // Pages of one: the same order, each once.
    const walked: unknown[] = []
    let cursor: string | null = ''
    while (cursor !== null) {
      const page = await call(`/reports?limit=1${cursor ? `&cursor=${cursor}` : ''}`, { as: operator })
      expect(page.status).toBe(200)
      walked.push(...page.body.data)
      cursor = page.body.nextCursor
    }
    expect(walked).toEqual(whole.body.data)

    for (const as of [stranger, reporters[0]!]) {
      const refused = await call('/reports', { as })
      expect(refused.status).toBe(403)
      expect(refused.body.error.message).toMatch(/Only an operator or a moderator/)
    }
    expect((await call('/reports')).status).toBe(401)
    expect((await call('/reports?cursor=bogus', { as: operator })).status).toBe(400)
    // A revoked moderator reads it no more.
    expect((await call(`/moderators/${moderator}`, { method: 'DELETE', as: operator })).status).toBe(200)
    expect((await call('/reports', { as: moderator })).status).toBe(403)
  })
})
