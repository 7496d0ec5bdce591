/**
 * Statements of reasons and appeals over HTTP, as the people they concern meet them: a decision
 * on an item is told to its owner and its creator in the bell, by email (a real SMTP server) and
 * by webhook (a real HTTP endpoint), with the action, category, reason and the link to appeal;
 * its reporter is told in the bell. The statement's page reads the same for anyone, and tells whom
 * it concerns that they may appeal. A stranger's appeal is refused (403), the owner's is filed and
 * queued beside the decision, a second open one is a 409; the outcome, and a reversal, are told
 * by the same channels.
 */
import type { IncomingMessage } from 'node:http'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setNotificationWebhook } from '../../db/market'
import { appeals, notifications, notificationSettings, nfts } from '../../db/schema'
import { app } from '../../server/app'
import { emailChannelOf } from '../../server/notify/email'
import { EMAIL_GAP_MS, sendNotifications } from '../../server/notify/send'
import { stopSender } from '../../server/notify/wake'
import { webhookChannel } from '../../server/notify/webhook'
import { startHttpServer, type TestServer } from '../support/http-server'
import { atomsCollection } from '../support/market-rows'
import { createTestRuntime } from '../support/runtime'
import { sessionCookie } from '../support/session'
import { startSmtpServer, type TestSmtp } from '../support/smtp'
import { testAccount } from '../support/chain'

const ORIGIN = 'http://localhost:3000'
const operator = testAccount(0).address.toLowerCase()
const OWNER = '0x00000000000000000000000000000000000000a1'
const CREATOR = '0x00000000000000000000000000000000000000c1'
const REPORTER = '0x00000000000000000000000000000000000000e1'
const STRANGER = '0x00000000000000000000000000000000000000f1'

let smtp: TestSmtp
let hooks: TestServer
const hooked: { path: string; body: { type: string; data: Record<string, unknown> } }[] = []
let runtime: Awaited<ReturnType<typeof createTestRuntime>>
let itemId: number
let otherItemId: number

beforeAll(async () => {
  smtp = await startSmtpServer()
  hooks = await startHttpServer((request: IncomingMessage, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      hooked.push({ path: request.url ?? '/', body: JSON.parse(body) })
      response.writeHead(204).end()
    })
  })
  runtime = await createTestRuntime({
    OPERATORS: operator,
    MAIL_URL: smtp.url,
    MAIL_FROM: 'Vitrine <no-reply@vitrine.test>',
    FETCH_ALLOW_HOSTS: hooks.host,
  })
  const { db } = runtime
  const { token } = await atomsCollection(db, CREATOR, new Date())
  const [item, other] = await db
    .insert(nfts)
    .values([
      { ...token('1'), owner: OWNER },
      { ...token('2'), owner: OWNER },
    ])
    .returning({ id: nfts.id })
  itemId = item!.id
  otherItemId = other!.id
  for (const [wallet, email] of [
    [OWNER, 'owner@example.test'],
    [CREATOR, 'creator@example.test'],
  ] as const) {
    await db
      .insert(notificationSettings)
      .values({ address: wallet, email, emailConfirmedAt: new Date(), updatedAt: new Date() })
    await setNotificationWebhook(db, wallet, `${hooks.origin}/hooks/${wallet}`, `whsec_${btoa('k'.repeat(32))}`)
  }
})
afterAll(async () => {
  stopSender()
  runtime.close()
  await smtp.stop()
  await hooks.stop()
})

/** A tRPC call over HTTP as `as` (signed in now), or signed out. */
async function trpc(path: string, input: object, as?: string, method: 'GET' | 'POST' = 'POST') {
  const headers = new Headers({ 'content-type': 'application/json' })
  if (as) headers.set('cookie', await sessionCookie(as))
  const url = `${ORIGIN}/api/trpc/${path}${method === 'GET' ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`
  const response = await app.request(
    url,
    { method, headers, ...(method === 'POST' ? { body: JSON.stringify(input) } : {}) },
    runtime,
  )
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, checked field by field
  const body = (await response.json()) as { result?: { data: any }; error?: { message: string } }
  return { status: response.status, data: body.result?.data, error: body.error?.message }
}

async function rest(path: string, as?: string, init: { method?: string; json?: unknown } = {}) {
  const headers = new Headers({ 'content-type': 'application/json' })
  if (as) headers.set('cookie', await sessionCookie(as))
  const response = await app.request(
    `${ORIGIN}/api/v1${path}`,
    { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) },
    runtime,
  )
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, checked field by field
  return { status: response.status, body: (await response.json()) as any }
}

/** Runs the sender (as the woken loop would) at `now`, until every due delivery has gone. */
async function deliver(now = new Date()) {
  await sendNotifications(
    runtime,
    {
      email: emailChannelOf(runtime.env),
      webhook: webhookChannel({ allowHosts: runtime.env.metadataFetch.allowHosts }),
    },
    now,
  )
}

const bell = async (wallet: string) => (await rest('/notifications', wallet)).body.data as Record<string, unknown>[]
const hooksOf = (type: string) => hooked.filter((h) => h.body.type === type)
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email))

let decisionId: number

describe('a decision', () => {
  it('is told to the owner and the creator in the bell, by email and by webhook, and to its reporter in the bell', async () => {
    expect(
      (
        await rest('/reports', REPORTER, {
          method: 'POST',
          json: { target: { kind: 'item', id: itemId }, reason: 'stolen' },
        })
      ).status,
    ).toBe(201)
    const decided = await trpc(
      'moderation.decide',
      {
        action: 'hide',
        target: { kind: 'item', id: itemId },
        category: 'intellectual_property',
        reason: 'The artwork is copied from another artist.',
      },
      operator,
    )
    expect(decided.status, decided.error).toBe(200)
    decisionId = decided.data.id
    expect(decided.data.reportsClosed).toBe(1)

    for (const wallet of [OWNER, CREATOR]) {
      const [told] = await bell(wallet)
      expect(told).toMatchObject({
        kind: 'decision_taken',
        title: 'Hidden by this marketplace: Atom 1',
        body: 'Hidden (Intellectual property): The artwork is copied from another artist. You can appeal this decision.',
        url: `${ORIGIN}/decisions/${decisionId}`,
        path: `/decisions/${decisionId}`,
        read: false,
      })
    }
    const [reporterTold] = await bell(REPORTER)
    expect(reporterTold).toMatchObject({
      kind: 'report_decided',
      title: 'Your report of Atom 1 was decided',
      path: `/decisions/${decisionId}`,
    })
    // Nobody else hears of it; the moderator who decided is not concerned.
    expect(await bell(STRANGER)).toEqual([])
    expect(await bell(operator)).toEqual([])

    await deliver()
    await smtp.waitFor(2)
    for (const email of ['owner@example.test', 'creator@example.test']) {
      const [mail] = mailsTo(email)
      expect(mail!.parsed.subject).toBe('Hidden by this marketplace: Atom 1')
      expect(mail!.parsed.text).toContain('Intellectual property')
      expect(mail!.parsed.text).toContain('The artwork is copied from another artist.')
      expect(mail!.parsed.text).toContain(`${ORIGIN}/decisions/${decisionId}`)
    }
    const told = hooksOf('notification.decision_taken')
    expect(told.map((h) => h.path).sort()).toEqual([`/hooks/${OWNER}`, `/hooks/${CREATOR}`])
    for (const h of told) {
      expect(h.body.data).toMatchObject({
        kind: 'decision_taken',
        decision: decisionId,
        action: 'hide',
        category: 'intellectual_property',
        reason: 'The artwork is copied from another artist.',
        url: `${ORIGIN}/decisions/${decisionId}`,
        nft: { id: itemId, name: 'Atom 1' },
      })
    }
    // The reporter set up no email nor webhook: nothing left for it.
    expect(mailsTo('reporter@example.test')).toEqual([])
  })

  it("is in the reporter's own reports with the decision that closed it", async () => {
    const mine = await rest('/reports/mine', REPORTER)
    expect(mine.body.data).toMatchObject([{ target: { kind: 'item', id: itemId }, status: 'actioned', decisionId }])
  })

  it('reads the same for anyone on its page; whom it concerns is told it may appeal', async () => {
    const anonymous = await trpc('statements.byDecision', { id: decisionId }, undefined, 'GET')
    expect(anonymous.data).toMatchObject({
      decision: { id: decisionId, action: 'hide', categoryLabel: 'Intellectual property', inForce: true },
      subject: { name: 'Atom 1', path: `/item/${itemId}` },
      viewer: null,
    })
    const owner = await trpc('statements.byDecision', { id: decisionId }, OWNER, 'GET')
    expect(owner.data.viewer).toEqual({ concerned: true, mayAppeal: true, appeals: [] })
    const stranger = await trpc('statements.byDecision', { id: decisionId }, STRANGER, 'GET')
    expect(stranger.data.viewer).toMatchObject({ concerned: false, mayAppeal: false })
    expect((await trpc('statements.byDecision', { id: 999_999 }, undefined, 'GET')).status).toBe(404)
  })
})

describe('an appeal', () => {
  let appealId: number

  it('by a stranger is refused (403), nothing written', async () => {
    const refused = await trpc('moderation.appeal', { decisionId, statement: 'Not mine, but unfair.' }, STRANGER)
    expect(refused.status).toBe(403)
    expect(refused.error).toMatch(/Only whom decision/)
    expect(await runtime.db.select().from(appeals)).toEqual([])
  })

  it("by the owner is filed and queued beside the decision; a second open one (the creator's) is a 409", async () => {
    const filed = await trpc(
      'moderation.appeal',
      { decisionId, statement: 'I drew it myself; here are my sketches.' },
      OWNER,
    )
    expect(filed.status, filed.error).toBe(200)
    appealId = filed.data.id
    const again = await trpc('moderation.appeal', { decisionId, statement: 'Me too.' }, CREATOR)
    expect(again.status).toBe(409)
    const queue = await trpc('moderation.appeals', {}, operator, 'GET')
    expect(queue.data.data).toMatchObject([
      {
        id: appealId,
        status: 'open',
        decision: { id: decisionId, action: 'hide', reason: 'The artwork is copied from another artist.' },
      },
    ])
    const page = await trpc('statements.byDecision', { id: decisionId }, OWNER, 'GET')
    expect(page.data.viewer).toMatchObject({ mayAppeal: false, appeals: [{ id: appealId, status: 'open' }] })
  })

  it('its outcome is told to the appellant and whom the decision concerns, by every channel', async () => {
    const decided = await trpc(
      'moderation.decideAppeal',
      { id: appealId, outcome: 'reversed', reason: 'The sketches show it is original.' },
      operator,
    )
    expect(decided.status, decided.error).toBe(200)
    for (const wallet of [OWNER, CREATOR]) {
      const [told] = await bell(wallet)
      expect(told).toMatchObject({
        kind: 'appeal_decided',
        title: 'Your appeal on Atom 1 was granted',
        body: 'The decision (Hidden) is reversed: The sketches show it is original.',
        path: `/decisions/${decisionId}`,
      })
    }
    // One mail a wallet per EMAIL_GAP_MS: the outcome's goes after the gap.
    await deliver(new Date(Date.now() + EMAIL_GAP_MS + 1_000))
    await smtp.waitFor(4)
    expect(mailsTo('owner@example.test').at(-1)!.parsed.subject).toBe('Your appeal on Atom 1 was granted')
    expect(hooksOf('notification.appeal_decided').map((h) => h.body.data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ appeal: appealId, outcome: 'reversed', decision: decisionId }),
      ]),
    )
    expect(hooksOf('notification.appeal_decided')).toHaveLength(2)
    const page = await trpc('statements.byDecision', { id: decisionId }, OWNER, 'GET')
    expect(page.data.decision.inForce).toBe(false)
    expect(page.data.viewer.appeals).toMatchObject([
      { id: appealId, status: 'reversed', outcome: 'The sketches show it is original.' },
    ])
    expect(page.data.viewer.mayAppeal).toBe(false)
  })
})

describe('a reversal', () => {
  it('is told to whom the decision concerns, once', async () => {
    const flagged = await trpc(
      'moderation.decide',
      {
        action: 'flag_stolen',
        target: { kind: 'item', id: otherItemId },
        category: 'stolen',
        reason: 'Reported by its previous owner.',
      },
      operator,
    )
    expect(flagged.status, flagged.error).toBe(200)
    const reversed = await trpc('moderation.reverse', { id: flagged.data.id, reason: 'The sale was proven.' }, operator)
    expect(reversed.status, reversed.error).toBe(200)
    const [told] = await bell(OWNER)
    expect(told).toMatchObject({
      kind: 'decision_reversed',
      title: 'Decision on Atom 2 reversed',
      body: 'This marketplace reversed its decision (Flagged stolen, Reported stolen): The sale was proven.',
      path: `/decisions/${flagged.data.id}`,
    })
    const rows = await runtime.db
      .select()
      .from(notifications)
      .where(eq(notifications.eventKey, `decision_reversed:${flagged.data.id}`))
    expect(rows.map((r) => r.recipient).sort()).toEqual([OWNER, CREATOR])
  })
})

describe('a blocked contract', () => {
  it("is told to its collection's creator, naming the collection", async () => {
    const blocked = await trpc(
      'moderation.decide',
      {
        action: 'block_contract',
        target: { kind: 'contract', chainId: 31337, address: '0x00000000000000000000000000000000000000cc' },
        category: 'scam',
        reason: 'It drains approvals.',
      },
      operator,
    )
    expect(blocked.status, blocked.error).toBe(200)
    const [told] = await bell(CREATOR)
    expect(told).toMatchObject({
      kind: 'decision_taken',
      title: 'Contract blocked by this marketplace: Atoms',
      body: 'Contract blocked (Scam): It drains approvals. You can appeal this decision.',
      path: `/decisions/${blocked.data.id}`,
    })
  })
})
