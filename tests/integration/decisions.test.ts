/**
 * Moderators' decisions (ADR 45) over HTTP, checked against the database: each sets its state on
 * its target (and a collection's on its items), closes the target's open reports, purges the pages
 * it changes, is reversible and appealable, and lands in an audit log the database itself keeps
 * append-only. Every refusal writes nothing.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, blockedContracts, collections, decisions, nfts, reports } from '../../db/schema'
import { app } from '../../server/app'
import { testAccount } from '../support/chain'
import { atomsCollection } from '../support/market-rows'
import { createTestRuntime } from '../support/runtime'
import { sessionCookie } from '../support/session'

const operator = testAccount(0).address
const moderator = testAccount(1).address
const creator = testAccount(2).address.toLowerCase()
const reporter = testAccount(3).address
const stranger = testAccount(4).address

let runtime: Awaited<ReturnType<typeof createTestRuntime>>
let collectionId: number
let items: number[]
let tokenRow: Awaited<ReturnType<typeof atomsCollection>>['token']
beforeAll(async () => {
  runtime = await createTestRuntime({ OPERATORS: operator })
  const { collection, token } = await atomsCollection(runtime.db, creator, new Date())
  tokenRow = token
  collectionId = collection.id
  const rows = await runtime.db
    .insert(nfts)
    .values(['1', '2', '3'].map((id) => token(id)))
    .returning({ id: nfts.id })
  items = rows.map((r) => r.id)
})
afterAll(() => runtime.close())

type Init = { method?: string; json?: unknown; as?: string; signedInAt?: number | null }
async function call(path: string, { method = 'GET', json, as, signedInAt = Date.now() }: Init = {}) {
  const headers = new Headers()
  if (as) headers.set('cookie', await sessionCookie(as.toLowerCase(), { signedInAt }))
  if (json !== undefined) headers.set('content-type', 'application/json')
  const response = await app.request(
    `http://localhost:3000/api/v1${path}`,
    { method, headers, body: json === undefined ? undefined : JSON.stringify(json) },
    runtime,
  )
  const text = await response.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, checked field by field
  const body: any = response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text
  return { status: response.status, body, headers: response.headers }
}

const decide = (json: unknown, as = operator, signedInAt?: number | null) =>
  call('/decisions', { method: 'POST', json, as, ...(signedInAt !== undefined ? { signedInAt } : {}) })
const reverse = (id: number, reason: string, as = operator) =>
  call(`/decisions/${id}/reverse`, { method: 'POST', json: { reason }, as })
const item = (id: number) => runtime.db.select().from(nfts).where(eq(nfts.id, id)).get()
const collection = () => runtime.db.select().from(collections).where(eq(collections.id, collectionId)).get()
const decisionCount = async () => (await runtime.db.select().from(decisions)).length
const auditCount = async () => (await runtime.db.select().from(auditLog)).length

describe('a decision', () => {
  it('hides an item, closes its open reports, purges its pages and is in the audit log with before and after', async () => {
    const report = await call('/reports', {
      method: 'POST',
      json: { target: { kind: 'item', id: items[0] }, reason: 'stolen' },
      as: reporter,
    })
    expect(report.status).toBe(201)
    const taken = await decide({
      action: 'hide',
      target: { kind: 'item', id: items[0] },
      category: 'intellectual_property',
      reason: 'The artist asked for it.',
    })
    expect(taken.status).toBe(201)
    expect(taken.body.data).toMatchObject({ reportsClosed: 1, concerned: [testAccount(2).address] })
    expect(await item(items[0]!)).toMatchObject({ hiddenBy: taken.body.data.id, hidden: true })
    expect(await item(items[1]!)).toMatchObject({ hiddenBy: null, hidden: false })
    const [closed] = await runtime.db.select().from(reports).where(eq(reports.id, report.body.data.id))
    expect(closed).toMatchObject({ status: 'actioned', decisionId: taken.body.data.id })
    expect((await call('/reports/mine', { as: reporter })).body.data[0].status).toBe('actioned')
    expect((await call('/reports', { as: operator })).body.data).toEqual([])
    const [entry] = await runtime.db
      .select()
      .from(auditLog)
      .orderBy(sql`id DESC`)
      .limit(1)
    expect(entry).toMatchObject({
      actor: operator.toLowerCase(),
      event: 'decided',
      subject: `item:${items[0]}`,
      before: { hiddenBy: null, hidden: false },
      after: { hiddenBy: taken.body.data.id, hidden: true },
    })
    expect(entry!.reason).toContain('The artist asked for it.')
  })

  it("hides a collection's items with it, and its reversal keeps an item hidden on its own", async () => {
    const hide = await decide({
      action: 'hide',
      target: { kind: 'collection', idOrSlug: 'atoms' },
      category: 'scam',
      reason: 'A copy of a known collection.',
    })
    expect(hide.status).toBe(201)
    expect((await collection())!.hiddenBy).toBe(hide.body.data.id)
    for (const id of items) expect((await item(id))!.hidden).toBe(true)
    // A token minted or imported into it afterwards is left out with the rest.
    const [late] = await runtime.db.insert(nfts).values(tokenRow('4')).returning({ id: nfts.id })
    expect((await item(late!.id))!.hidden).toBe(true)
    const reversed = await reverse(hide.body.data.id, 'The creator proved it is theirs.')
    expect(reversed.body.data).toMatchObject({ inForce: false, reversalReason: 'The creator proved it is theirs.' })
    expect((await collection())!.hiddenBy).toBeNull()
    expect((await item(items[0]!))!.hidden).toBe(true)
    expect((await item(items[1]!))!.hidden).toBe(false)
    expect((await item(late!.id))!.hidden).toBe(false)
  })

  it('marks a collection spam (its items leave the lists), verifies and features it; each reversal undoes only its own', async () => {
    const spam = await decide({
      action: 'mark_spam',
      target: { kind: 'collection', idOrSlug: String(collectionId) },
      category: 'spam',
      reason: 'Airdropped to thousands of wallets.',
    })
    expect((await item(items[2]!))!.hidden).toBe(true)
    const verify = await decide({
      action: 'verify',
      target: { kind: 'collection', idOrSlug: 'atoms' },
      category: 'authentic',
      reason: 'Confirmed with the artist.',
    })
    const feature = await decide({
      action: 'feature',
      target: { kind: 'collection', idOrSlug: 'atoms' },
      category: 'editorial',
      reason: 'This week.',
    })
    expect(await collection()).toMatchObject({
      spamBy: spam.body.data.id,
      verified: true,
      featuredAt: expect.any(Date),
    })
    const again = await decide({
      action: 'verify',
      target: { kind: 'collection', idOrSlug: 'atoms' },
      category: 'authentic',
      reason: 'Twice.',
    })
    expect(again.status).toBe(409)
    await reverse(spam.body.data.id, 'A mistake.')
    expect((await item(items[2]!))!.hidden).toBe(false)
    expect(await collection()).toMatchObject({ spamBy: null, verified: true })
    await reverse(verify.body.data.id, 'Badge withdrawn.')
    await reverse(feature.body.data.id, 'Week over.')
    expect(await collection()).toMatchObject({ verified: false, featuredAt: null })
  })

  it('flags an item stolen until reversed, and an operator blocks a contract', async () => {
    const flag = await decide({
      action: 'flag_stolen',
      target: { kind: 'item', id: items[1] },
      category: 'stolen',
      reason: 'Taken in a phishing attack.',
    })
    expect((await item(items[1]!))!.flaggedBy).toBe(flag.body.data.id)
    const contract = { kind: 'contract', chainId: 31337, address: '0x00000000000000000000000000000000000000DD' }
    const block = await decide({ action: 'block_contract', target: contract, category: 'scam', reason: 'Drainer.' })
    expect(block.status).toBe(201)
    expect(await runtime.db.select().from(blockedContracts)).toEqual([
      { chainId: 31337, contract: '0x00000000000000000000000000000000000000dd', decisionId: block.body.data.id },
    ])
    await reverse(block.body.data.id, 'Unblocked.')
    expect(await runtime.db.select().from(blockedContracts)).toEqual([])
  })
})

describe('everywhere at once', () => {
  it('an open page of the item hears the decision as it is taken, not at the next indexer round', async () => {
    const controller = new AbortController()
    const stream = await app.request(
      `/api/live?tags=nft-${items[1]}`,
      { signal: controller.signal, headers: { 'x-vitrine-peer-address': '203.0.113.9' } },
      runtime,
    )
    const reader = stream.body!.getReader()
    const heard: string[] = []
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }))
        if (done) return
        heard.push(new TextDecoder().decode(value))
      }
    })()
    const taken = await decide({
      action: 'hide',
      target: { kind: 'item', id: items[1] },
      category: 'spam',
      reason: 'Spam.',
    })
    await expect
      .poll(() => heard.filter((e) => e.startsWith('event: change')))
      .toEqual([`event: change\ndata: {"tags":["nft-${items[1]}"]}\n\n`])
    await reverse(taken.body.data.id, 'Not spam after all.')
    await expect.poll(() => heard.filter((e) => e.startsWith('event: change')).length).toBe(2)
    await reader.cancel()
    controller.abort()
  })
})

describe('refusals write nothing', () => {
  const hide = (id: number) => ({
    action: 'hide',
    target: { kind: 'item', id },
    category: 'spam',
    reason: 'Spam.',
  })

  it('a stranger, a stale session, a revoked moderator, and a moderator blocking a contract: 403', async () => {
    const [decided, audited] = [await decisionCount(), await auditCount()]
    expect((await decide(hide(items[2]!), stranger)).status).toBe(403)
    const stale = await decide(hide(items[2]!), operator, Date.now() - 16 * 60_000)
    expect(stale.status).toBe(403)
    expect(stale.body.error.message).toMatch(/sign in again/)

    expect((await call('/moderators', { method: 'POST', json: { address: moderator }, as: operator })).status).toBe(200)
    const contract = { kind: 'contract', chainId: 31337, address: '0x00000000000000000000000000000000000000ee' }
    const blocked = await decide(
      { action: 'block_contract', target: contract, category: 'scam', reason: 'x' },
      moderator,
    )
    expect(blocked.status).toBe(403)
    expect(blocked.body.error.message).toMatch(/operator/)
    expect((await call(`/moderators/${moderator}`, { method: 'DELETE', as: operator })).status).toBe(200)
    expect((await decide(hide(items[2]!), moderator)).status).toBe(403)
    expect(await decisionCount()).toBe(decided)
    // The grant and the revoke are in the log; nothing else is.
    expect(await auditCount()).toBe(audited + 2)
  })

  it('an action on the wrong kind of target (400), an unknown target (404), an empty reason (400)', async () => {
    const decided = await decisionCount()
    const wrong = await decide({ ...hide(items[2]!), action: 'verify' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error.message).toBe('target: verify applies to collection, not item')
    expect((await decide(hide(99_999_999))).body.error.message).toMatch(/no item 99999999/)
    expect((await decide({ ...hide(items[2]!), reason: '  ' })).status).toBe(400)
    expect((await decide({ ...hide(items[2]!), category: 'boring' })).status).toBe(400)
    expect(await decisionCount()).toBe(decided)
  })

  it("an operator's role cannot be revoked, so the last operator stays (409)", async () => {
    const refused = await call(`/moderators/${operator}`, { method: 'DELETE', as: operator })
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toMatch(/OPERATORS/)
  })
})

describe('appeals', () => {
  it('whom a decision concerns appeals it once at a time; a reversal on appeal restores the item', async () => {
    const taken = await decide({
      action: 'hide',
      target: { kind: 'item', id: items[2] },
      category: 'sexual_content',
      reason: 'Not marked NSFW.',
    })
    const id = taken.body.data.id as number
    const appeal = (as: string) =>
      call('/appeals', { method: 'POST', json: { decisionId: id, statement: 'It is a statue.' }, as })
    expect((await appeal(stranger)).status).toBe(403)
    const filed = await appeal(creator)
    expect(filed.status).toBe(201)
    expect((await appeal(creator)).status).toBe(409)
    const outcome = await call(`/appeals/${filed.body.data.id}/decision`, {
      method: 'POST',
      json: { outcome: 'reversed', reason: 'A classical statue, not sexual content.' },
      as: operator,
    })
    expect(outcome.body.data).toMatchObject({ status: 'reversed', decision: { inForce: false } })
    expect(await item(items[2]!)).toMatchObject({ hiddenBy: null, hidden: false })
    expect((await call('/appeals/mine', { as: creator })).body.data[0]).toMatchObject({
      status: 'reversed',
      outcome: 'A classical statue, not sexual content.',
    })
  })

  it('a decision reversed without deciding its open appeal answers the appeal with the reversal', async () => {
    const taken = await decide({
      action: 'flag_stolen',
      target: { kind: 'item', id: items[2] },
      category: 'stolen',
      reason: 'Reported by its former owner.',
    })
    const id = taken.body.data.id as number
    const filed = await call('/appeals', {
      method: 'POST',
      json: { decisionId: id, statement: 'I bought it.' },
      as: creator,
    })
    expect(filed.status).toBe(201)
    await reverse(id, 'The sale was genuine.')
    expect((await call('/appeals', { as: operator })).body.data).toEqual([])
    expect((await call('/appeals/mine', { as: creator })).body.data[0]).toMatchObject({
      id: filed.body.data.id,
      status: 'reversed',
      outcome: 'The sale was genuine.',
    })
  })
})

describe('the audit log', () => {
  it('the database refuses to change or delete an entry', async () => {
    const refusal = async (statement: Promise<unknown>) => {
      const error = await statement.then(
        () => null,
        (e: unknown) => e,
      )
      return error instanceof Error ? String((error.cause as Error | undefined)?.message ?? error.message) : null
    }
    expect(await refusal(runtime.db.run(sql`UPDATE audit_log SET reason = 'nothing happened'`))).toMatch(
      /audit_log is append-only: an entry is never changed/,
    )
    expect(await refusal(runtime.db.run(sql`DELETE FROM audit_log`))).toMatch(/never deleted/)
    expect(await auditCount()).toBeGreaterThan(10)
  })

  it('exports as CSV (formulas defused) and JSON, the same entries oldest first, to operators only', async () => {
    const json = await call('/audit/export?format=json', { as: operator })
    expect(json.headers.get('content-disposition')).toBe('attachment; filename="vitrine-audit.json"')
    const entries = json.body as { id: number; event: string; reason: string }[]
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => a - b))
    expect(entries.map((e) => e.event)).toContain('moderator_revoked')
    const csv = await call('/audit/export?format=csv', { as: operator })
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    const lines = (csv.body as string).trimEnd().split('\r\n')
    expect(lines[0]).toBe('id,at,actor,event,subject,reason,before,after')
    expect(lines).toHaveLength(entries.length + 1)
    expect((await call('/audit/export?format=csv', { as: testAccount(1).address })).status).toBe(403)
  })

  it('a reason that looks like a spreadsheet formula is written as text', async () => {
    const [flag] = await runtime.db.select().from(decisions).where(eq(decisions.action, 'flag_stolen'))
    await reverse(flag!.id, '=HYPERLINK("http://evil.example","click")')
    const csv = (await call('/audit/export?format=csv', { as: operator })).body as string
    const last = csv.trimEnd().split('\r\n').at(-1)!
    expect(last).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",`)
  })
})
