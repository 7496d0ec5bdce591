/**
 * Legal notices over REST, sent without a wallet: stored unconfirmed and mailed a link (a real SMTP
 * server); not in the queue until the link is opened; then in the queue as a report with the chosen
 * reason, whose reporter is never a wallet. A link opened again, too late or made up changes nothing.
 * Bad input is named and writes nothing: a missing statement of good faith, a header in the email,
 * a huge text, another site's page, content that does not exist (404). A name carrying CR/LF reaches
 * the mail as one line; floods are refused per client and per inbox (429). The decision on a
 * confirmed notice is mailed to its sender.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { legalNotices, nfts, reports } from '../../db/schema'
import { app } from '../../server/app'
import { stopSender } from '../../server/notify/wake'
import { testAccount } from '../support/chain'
import { atomsCollection } from '../support/market-rows'
import { createTestRuntime } from '../support/runtime'
import { sessionCookie } from '../support/session'
import { startSmtpServer, type CaughtMail, type TestSmtp } from '../support/smtp'

const ORIGIN = 'http://localhost:3000'
const operator = testAccount(0).address.toLowerCase()
const CREATOR = '0x00000000000000000000000000000000000000c1'

let smtp: TestSmtp
let runtime: Awaited<ReturnType<typeof createTestRuntime>>
let itemId: number

beforeAll(async () => {
  smtp = await startSmtpServer()
  runtime = await createTestRuntime({
    OPERATORS: operator,
    MAIL_URL: smtp.url,
    MAIL_FROM: 'Vitrine <no-reply@vitrine.test>',
    RATE_LIMITS: 'legal-notice=20/1h,legal-notice-to=3/1h',
  })
  const { token } = await atomsCollection(runtime.db, CREATOR, new Date())
  const [item] = await runtime.db.insert(nfts).values(token('1')).returning({ id: nfts.id })
  itemId = item!.id
})
afterAll(async () => {
  stopSender()
  runtime.close()
  await smtp.stop()
})

async function request(path: string, init: { method?: string; json?: unknown; as?: string } = {}, on = runtime) {
  const headers = new Headers({ 'content-type': 'application/json' })
  if (init.as) headers.set('cookie', await sessionCookie(init.as))
  return app.request(
    `${ORIGIN}${path}`,
    { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) },
    on,
  )
}

const notice = (over: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  content: `${ORIGIN}/item/${itemId}`,
  reason: 'intellectual_property',
  infringed: 'My copyright in the drawing "Engine", registered 2019.',
  statement: 'The image of this token is my drawing, used without my permission.',
  goodFaith: true,
  ...over,
})

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, checked field by field
type Json = any
async function send(body: unknown, on = runtime) {
  const response = await request('/api/v1/legal-notices', { method: 'POST', json: body }, on)
  return { status: response.status, body: (await response.json()) as Json }
}

const queue = async () => {
  const response = await request(`/api/trpc/moderation.queue?input=${encodeURIComponent('{}')}`, { as: operator })
  return ((await response.json()) as Json).result.data.data as Json[]
}
const linkOf = (mail: CaughtMail) => {
  const link = /https?:\/\/\S+\/api\/v1\/legal-notices\/confirm\?token=[\w%-]+/.exec(mail.parsed.text ?? '')?.[0]
  expect(link).toBeDefined()
  return new URL(link!)
}
const open = async (link: URL) => {
  const response = await request(link.pathname + link.search)
  return { status: response.status, location: response.headers.get('location') }
}
const noticeRows = () => runtime.db.select().from(legalNotices)

describe('a legal notice', () => {
  let link: URL
  let noticeId: number

  it('is stored unconfirmed, mailed a link, and is not in the queue', async () => {
    const sent = await send(notice())
    expect(sent.status, JSON.stringify(sent.body)).toBe(202)
    expect(sent.body.data).toEqual({ id: expect.any(Number), status: 'unconfirmed' })
    noticeId = sent.body.data.id
    const [mail] = await smtp.waitFor(1)
    expect(mail!.to).toEqual(['ada@example.test'])
    expect(mail!.parsed.subject).toBe('Confirm your legal notice to Vitrine')
    expect(mail!.parsed.text).toContain('Ada Lovelace')
    link = linkOf(mail!)
    expect(await queue()).toEqual([])
    expect(await runtime.db.select().from(reports)).toEqual([])
    expect(await noticeRows()).toMatchObject([{ id: noticeId, status: 'unconfirmed', reportId: null, goodFaith: true }])
    // Only the hash of the token is stored.
    expect(JSON.stringify(await noticeRows())).not.toContain(link.searchParams.get('token'))
  })

  it('enters the queue when its link is opened, as a report whose reporter is no wallet', async () => {
    expect(await open(link)).toEqual({ status: 303, location: '/legal-notice?notice=confirmed' })
    expect(await queue()).toMatchObject([
      { target: { kind: 'item', id: itemId }, openReports: 1, reasons: { intellectual_property: 1 } },
    ])
    const [report] = await runtime.db.select().from(reports)
    expect(report).toMatchObject({ reporter: `notice:${noticeId}`, reason: 'intellectual_property', status: 'open' })
    expect(report!.note).toContain('Ada Lovelace <ada@example.test>')
    expect(report!.note).toContain('My copyright in the drawing')
    expect(await noticeRows()).toMatchObject([{ status: 'confirmed', reportId: report!.id }])
  })

  it('a link opened again changes nothing, and says it was used; a made-up one is invalid', async () => {
    expect(await open(link)).toEqual({ status: 303, location: '/legal-notice?notice=used' })
    expect(await open(new URL(`${ORIGIN}/api/v1/legal-notices/confirm?token=forged`))).toEqual({
      status: 303,
      location: '/legal-notice?notice=invalid',
    })
    expect(await runtime.db.select().from(reports)).toHaveLength(1)
    expect((await request('/api/v1/legal-notices/confirm')).status).toBe(400)
  })

  it('a link opened too late is refused: the notice never enters the queue', async () => {
    const sent = await send(notice({ email: 'late@example.test', reason: 'illegal_content' }))
    expect(sent.status).toBe(202)
    const mails = await smtp.waitFor(2)
    await runtime.db
      .update(legalNotices)
      .set({ tokenExpiresAt: new Date(Date.now() - 1) })
      .where(eq(legalNotices.id, sent.body.data.id))
    expect(await open(linkOf(mails[1]!))).toEqual({ status: 303, location: '/legal-notice?notice=expired' })
    expect(await runtime.db.select().from(reports)).toHaveLength(1)
    expect((await queue())[0].reasons).toEqual({ intellectual_property: 1 })
  })

  it('a decision on its target closes its report and is mailed to the sender (who has no bell)', async () => {
    const response = await request('/api/trpc/moderation.decide', {
      method: 'POST',
      as: operator,
      json: {
        action: 'hide',
        target: { kind: 'item', id: itemId },
        category: 'legal_notice',
        reason: 'Infringes the sender’s copyright.',
      },
    })
    expect(response.status).toBe(200)
    const decision = ((await response.json()) as Json).result.data
    expect(decision.reportsClosed).toBe(1)
    expect(await queue()).toEqual([])
    const mails = await smtp.waitFor(3)
    const told = mails.filter((m) => m.to.includes('ada@example.test')).at(-1)!
    expect(told.parsed.subject).toBe(`The decision on your legal notice ${noticeId} to Vitrine`)
    expect(told.parsed.text).toContain('Hidden (A legal notice): Infringes the sender’s copyright.')
    expect(told.parsed.text).toContain(`${ORIGIN}/decisions/${decision.id}`)
    // The expired notice never reached the queue: its sender is not told.
    expect(mails.filter((m) => m.to.includes('late@example.test'))).toHaveLength(1)
  })
})

describe('bad input is named and writes nothing', () => {
  it('each field, another site, a page that does not exist', async () => {
    const before = { notices: (await noticeRows()).length, mails: smtp.mails.length }
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ goodFaith: false }, 400, /goodFaith: must be true/],
      [{ goodFaith: undefined }, 400, /goodFaith/],
      [{ email: 'ada@example.test\r\nBcc: victim@attacker.test' }, 400, /email: must be a valid email address/],
      [{ statement: 'x'.repeat(5001) }, 400, /statement: must be at most 5,000 characters/],
      [{ name: '' }, 400, /name: must be at least 2 characters/],
      [{ reason: 'stolen' }, 400, /reason: must be one of illegal_content, intellectual_property/],
      [{ content: 'https://elsewhere.test/item/1' }, 400, /content: https:\/\/elsewhere.test is not this site/],
      [{ content: '//elsewhere.test/item/1' }, 400, /content: http:\/\/elsewhere.test is not this site/],
      [{ content: 'the blue one' }, 400, /content: must be a page of this site/],
      [{ content: `/item/999999` }, 404, /content: there is no item 999999/],
      [{ content: '/collection/no-such-thing' }, 404, /content: there is no collection "no-such-thing"/],
      [{ content: '0x00000000000000000000000000000000000000d1' }, 404, /content: there is no profile/],
    ]
    for (const [i, [over, status, message]] of cases.entries()) {
      const sent = await send(notice({ ...over, email: over.email ?? `bad${i}@example.test` }))
      expect(sent.status, JSON.stringify(over)).toBe(status)
      expect(sent.body.error.message).toMatch(message)
    }
    const huge = await send({ ...notice(), statement: 'x'.repeat(2_000_000) })
    expect([400, 413]).toContain(huge.status)
    expect((await noticeRows()).length).toBe(before.notices)
    expect(smtp.mails.length).toBe(before.mails)
  })

  it('a name with CR/LF reaches the mail as one line: no header of its own, nobody else mailed', async () => {
    const sent = await send(notice({ name: 'Eve\r\nBcc: victim@attacker.test', email: 'eve@example.test' }))
    expect(sent.status).toBe(202)
    const mails = await smtp.waitFor(4)
    const mail = mails.at(-1)!
    expect(mail.to).toEqual(['eve@example.test'])
    expect(mail.parsed.headers.has('bcc')).toBe(false)
    expect(mail.raw).not.toMatch(/^Bcc:/im)
    const [row] = await runtime.db.select().from(legalNotices).where(eq(legalNotices.id, sent.body.data.id))
    expect(row!.name).toBe('Eve Bcc: victim@attacker.test')
  })
})

describe('floods', () => {
  it('are refused per inbox (429), however the address is spelt', async () => {
    expect((await send(notice({ email: 'flood@example.test' }))).status).toBe(202)
    expect((await send(notice({ email: 'flood+2@example.test' }))).status).toBe(202)
    expect((await send(notice({ email: 'FLOOD+3@example.test' }))).status).toBe(202)
    const refused = await send(notice({ email: 'flood+4@example.test' }))
    expect(refused.status).toBe(429)
    expect(refused.body.error.message).toMatch(/legal notices from this address/)
  })

  it('and per client (429)', async () => {
    const limited = await createTestRuntime({
      MAIL_URL: smtp.url,
      MAIL_FROM: 'Vitrine <no-reply@vitrine.test>',
      RATE_LIMITS: 'legal-notice=2/1h',
    })
    try {
      const { token } = await atomsCollection(limited.db, CREATOR, new Date())
      const [item] = await limited.db.insert(nfts).values(token('1')).returning({ id: nfts.id })
      const mine = (n: number) => notice({ email: `client${n}@example.test`, content: String(item!.id) })
      expect((await send(mine(1), limited)).status).toBe(202)
      expect((await send(mine(2), limited)).status).toBe(202)
      const refused = await send(mine(3), limited)
      expect(refused.status).toBe(429)
      expect(refused.body.error.message).toMatch(/legal notices/)
      expect(await limited.db.select().from(legalNotices)).toHaveLength(2)
    } finally {
      limited.close()
    }
  })
})
