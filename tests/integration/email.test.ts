/**
 * The email channel end to end, against a real SMTP server: an address is set (the confirmation
 * mail goes at once), confirmed by the mailed link, and only then told of notifications, one mail
 * per wallet grouping what came together, at most one per EMAIL_GAP_MS. A 550 is a bounce: the
 * delivery fails for good and the address stops being mailed; a 451 is tried again. Hostile token
 * names reach neither a header of their own nor the HTML as markup.
 */
import { eq } from 'drizzle-orm'
import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { confirmNotificationEmail, EMAIL_TOKEN_TTL_MS } from '../../db/market'
import { tell } from '../../db/market/notifications'
import { seedDatabase } from '../../db/seed'
import { notificationDeliveries, notificationSettings, nfts } from '../../db/schema'
import { app } from '../../server/app'
import { emailChannelOf } from '../../server/notify/email'
import { EMAIL_GAP_MS, RETRY_DELAYS_MS, sendNotifications } from '../../server/notify/send'
import { createTestRuntime } from '../support/runtime'
import { sessionCookie } from '../support/session'
import { startSmtpServer, type CaughtMail, type TestSmtp } from '../support/smtp'

let smtp: TestSmtp
let runtime: Awaited<ReturnType<typeof createTestRuntime>>
let nftId: number
const ORIGIN = 'http://localhost:3000'
const wallet = (n: number) => `0x${n.toString(16).padStart(40, 'e')}`
const HOSTILE = 'Evil\r\nBcc: victim@attacker.test\r\n\r\n<script>alert(1)</script>'

beforeAll(async () => {
  smtp = await startSmtpServer()
  runtime = await createTestRuntime({ MAIL_URL: smtp.url, MAIL_FROM: 'Vitrine <no-reply@vitrine.test>' })
  await seedDatabase(runtime.db, { nfts: 4, now: new Date() })
  const [nft] = await runtime.db.select({ id: nfts.id }).from(nfts).limit(1)
  nftId = nft!.id
  await runtime.db.update(nfts).set({ name: HOSTILE }).where(eq(nfts.id, nftId))
})
afterAll(async () => {
  runtime.close()
  await smtp.stop()
})

const request = (path: string, init?: RequestInit) => app.request(`${ORIGIN}${path}`, init, runtime)
async function trpc(address: string, path: string, input?: object) {
  const response = await request(`/api/trpc/notifications.email.${path}`, {
    method: path === 'get' ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', cookie: await sessionCookie(address) },
    ...(path === 'get' ? {} : { body: JSON.stringify(input ?? {}) }),
  })
  const body = (await response.json()) as { result?: { data: Record<string, unknown> }; error?: { message: string } }
  return { status: response.status, data: body.result?.data, error: body.error }
}
const channels = () => ({ email: emailChannelOf(runtime.env) })
const send = (now: Date) => sendNotifications(runtime, channels(), now)

/** The link in a confirmation mail, and its token. */
function linkOf(mail: CaughtMail) {
  const link = /https?:\/\/\S+\/api\/v1\/notifications\/email\/confirm\?token=[\w%-]+/.exec(mail.parsed.text ?? '')?.[0]
  expect(link).toBeDefined()
  return { link: link!, token: decodeURIComponent(new URL(link!).searchParams.get('token')!) }
}

/** Sets `email` for `address` through the API and answers the mail that asks to confirm it. */
async function setAddress(address: string, email: string) {
  const before = smtp.mails.length
  const set = await trpc(address, 'set', { email })
  expect(set.status, JSON.stringify(set.error)).toBe(200)
  expect(set.data).toMatchObject({ email, confirmed: false, pending: true, mailed: true })
  const mails = await smtp.waitFor(before + 1)
  const mail = mails[before]!
  expect(mail.to).toEqual([email])
  return mail
}

async function confirmByLink(mail: CaughtMail) {
  const { link } = linkOf(mail)
  const response = await request(new URL(link).pathname + new URL(link).search)
  return response
}

let nextEvent = 0
const notify = (
  recipient: string,
  count = 1,
  kind: 'listing_sold' | 'import_failed' = 'listing_sold',
  at = new Date(),
) =>
  tell(
    runtime.db,
    Array.from({ length: count }, () => ({
      recipient,
      kind,
      eventKey: `test:${++nextEvent}`,
      nftId,
      data: { priceWei: '1500000000000000000', actor: wallet(99) },
    })),
    at,
  )

const deliveriesOf = (recipient: string) =>
  runtime.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.recipient, recipient))

describe('the address and its confirmation', () => {
  it('is mailed a link at once; the link confirms it and shows the settings page', async () => {
    const alice = wallet(1)
    const mail = await setAddress(alice, 'alice@example.test')
    expect(mail.parsed.subject).toBe('Confirm your email address for Vitrine')
    expect(mail.parsed.from?.value).toEqual([{ name: 'Vitrine', address: 'no-reply@vitrine.test' }])
    expect(mail.parsed.html).toContain('Confirm this address')
    const response = await confirmByLink(mail)
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`/profile/${getAddress(alice)}?email=confirmed`)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect((await trpc(alice, 'get')).data).toMatchObject({
      email: 'alice@example.test',
      confirmed: true,
      pending: false,
      bouncing: null,
      available: true,
    })
    // Spent: the same link again confirms nothing.
    const again = await confirmByLink(mail)
    expect(again.headers.get('location')).toBe('/?email=invalid')
  })

  it('a wrong token is refused (the signed-in wallet sees it on its page); an expired one too', async () => {
    const wrong = await request('/api/v1/notifications/email/confirm?token=not-a-token', {
      headers: { cookie: await sessionCookie(wallet(2)) },
    })
    expect(wrong.status).toBe(303)
    expect(wrong.headers.get('location')).toBe(`/profile/${getAddress(wallet(2))}?email=invalid`)
    const missing = await request('/api/v1/notifications/email/confirm')
    expect(missing.status).toBe(400)

    const bob = wallet(2)
    const { token } = linkOf(await setAddress(bob, 'bob@example.test'))
    const late = new Date(Date.now() + EMAIL_TOKEN_TTL_MS + 1_000)
    expect(await confirmNotificationEmail(runtime.db, token, late)).toEqual({ status: 'expired', wallet: bob })
    expect((await trpc(bob, 'get')).data).toMatchObject({ confirmed: false, pending: true })
  })

  it('an unconfirmed address is told nothing; once confirmed, a later notification is mailed', async () => {
    const carol = wallet(3)
    const mail = await setAddress(carol, 'carol@example.test')
    await notify(carol)
    const before = smtp.mails.length
    await send(new Date())
    expect(smtp.mails.length).toBe(before)
    expect(await deliveriesOf(carol)).toEqual([])

    expect((await confirmByLink(mail)).headers.get('location')).toContain('?email=confirmed')
    await notify(carol)
    const report = await send(new Date())
    expect(report.sent).toBe(1)
    expect(smtp.mails.length).toBe(before + 1)
    expect(smtp.mails.at(-1)!.to).toEqual(['carol@example.test'])
  })

  it('needs a session, and an address that is one', async () => {
    const anonymous = await request('/api/trpc/notifications.email.get')
    expect(anonymous.status).toBe(401)
    const bad = await trpc(wallet(4), 'set', { email: 'not an address' })
    expect(bad.status).toBe(400)
    const injected = await trpc(wallet(4), 'set', { email: 'a@example.test\r\nBcc: b@example.test' })
    expect(injected.status).toBe(400)
  })

  it('remove forgets it: nothing more is mailed', async () => {
    const dave = wallet(5)
    await confirmByLink(await setAddress(dave, 'dave@example.test'))
    expect((await trpc(dave, 'remove')).data).toMatchObject({ email: null, confirmed: false })
    await notify(dave)
    const before = smtp.mails.length
    await send(new Date())
    expect(smtp.mails.length).toBe(before)
  })
})

describe('notification mails', () => {
  const erin = wallet(6)
  const t0 = new Date(Date.now() + 60_000)

  beforeAll(async () => {
    await confirmByLink(await setAddress(erin, 'erin@example.test'))
  })

  it('one notification: its title as the subject, its words and link, the settings link; a hostile name stays one line and escaped', async () => {
    await notify(erin, 1, 'listing_sold', t0)
    const before = smtp.mails.length
    expect((await send(t0)).sent).toBe(1)
    const mail = smtp.mails[before]!
    expect(mail.to).toEqual(['erin@example.test'])
    const subject = mail.parsed.subject!
    expect(subject).toContain('sold')
    expect(subject).not.toMatch(/[\r\n]/)
    // No header was smuggled in: the raw head has no Bcc line and the envelope one recipient.
    const head = mail.raw.split(/\r?\n\r?\n/)[0]!
    expect(head).not.toMatch(/^bcc:/im)
    expect(mail.parsed.bcc).toBeUndefined()
    expect(mail.parsed.text).toContain(
      'Your listing of Evil Bcc: victim@attacker.test <script>alert(1)</script> sold for 1.5 ETH.',
    )
    expect(mail.parsed.text).toContain(`${ORIGIN}/item/${nftId}`)
    const settings = `${ORIGIN}/profile/${getAddress(erin)}`
    expect(mail.parsed.text).toContain(settings)
    expect(mail.parsed.html).not.toContain('<script>')
    expect(mail.parsed.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail.parsed.html).toContain(`href="${ORIGIN}/item/${nftId}"`)
    expect(head.replace(/\r?\n[ \t]+/g, ' ')).toContain(`List-Unsubscribe: <${settings}>`)
  })

  it('what comes within EMAIL_GAP_MS waits, then goes as one mail', async () => {
    const t1 = new Date(t0.getTime() + 60_000)
    await notify(erin, 3, 'listing_sold', t1)
    const before = smtp.mails.length
    const held = await send(t1)
    expect(held.sent).toBe(0)
    expect(smtp.mails.length).toBe(before)
    expect(held.nextDueAt?.getTime()).toBe(t0.getTime() + EMAIL_GAP_MS)

    const t2 = new Date(t0.getTime() + EMAIL_GAP_MS)
    expect((await send(t2)).sent).toBe(3)
    expect(smtp.mails.length).toBe(before + 1)
    const mail = smtp.mails[before]!
    expect(mail.parsed.subject).toBe('3 new notifications on Vitrine')
    expect(mail.parsed.text!.match(/sold for 1\.5 ETH/g)).toHaveLength(3)
  })
})

describe('failures', () => {
  it('a 550 is a bounce: the delivery fails and is not tried again, the address is marked bouncing', async () => {
    const frank = wallet(7)
    await confirmByLink(await setAddress(frank, 'frank@example.test'))
    smtp.refuse.set('frank@example.test', { code: 550, message: '5.1.1 No such user' })
    await notify(frank, 2)
    const now = new Date()
    const report = await send(now)
    expect(report.failed).toBe(2)
    const deliveries = await deliveriesOf(frank)
    expect(deliveries.map((d) => [d.status, d.attempts, d.lastStatus])).toEqual([
      ['failed', 1, 550],
      ['failed', 1, 550],
    ])
    expect(deliveries[0]!.lastError).toContain('No such user')
    const settings = (await trpc(frank, 'get')).data!
    expect(settings).toMatchObject({ email: 'frank@example.test', confirmed: false })
    expect((settings.bouncing as { reason: string }).reason).toContain('No such user')

    // Nothing is tried again, and nothing new is filed for the address.
    await notify(frank)
    const later = new Date(now.getTime() + 24 * 3_600_000)
    const before = smtp.mails.length
    await send(later)
    expect(await deliveriesOf(frank)).toHaveLength(2)
    expect(smtp.mails.length).toBe(before)

    // Its owner confirms it again: it is mailed again.
    smtp.refuse.delete('frank@example.test')
    await confirmByLink(await setAddress(frank, 'frank@example.test'))
    expect((await trpc(frank, 'get')).data).toMatchObject({ confirmed: true, bouncing: null })
  })

  it('a 451 is tried again later, and then sent', async () => {
    const gina = wallet(8)
    await confirmByLink(await setAddress(gina, 'gina@example.test'))
    smtp.refuse.set('gina@example.test', { code: 451, message: '4.7.1 Try again later' })
    await notify(gina)
    const now = new Date()
    expect((await send(now)).retried).toBe(1)
    const [pending] = await deliveriesOf(gina)
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 451 })
    expect(pending!.nextAttemptAt.getTime()).toBe(now.getTime() + RETRY_DELAYS_MS[0]!)
    const [settings] = await runtime.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.address, gina))
    expect(settings!.emailConfirmedAt).not.toBeNull()

    smtp.refuse.delete('gina@example.test')
    const before = smtp.mails.length
    expect((await send(new Date(now.getTime() + RETRY_DELAYS_MS[0]!))).sent).toBe(1)
    expect(smtp.mails.length).toBe(before + 1)
    expect((await deliveriesOf(gina))[0]).toMatchObject({ status: 'sent', attempts: 2 })
  })
})

describe('confirmation mails are limited', () => {
  it('per inbox mailed, whoever asks and however the address is spelled', async () => {
    const limited = await createTestRuntime({
      MAIL_URL: smtp.url,
      MAIL_FROM: 'no-reply@vitrine.test',
      RATE_LIMITS: 'email-confirm-to=2/1h',
    })
    let n = 0
    try {
      const set = async (email: string) =>
        app.request(
          `${ORIGIN}/api/trpc/notifications.email.set`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: await sessionCookie(wallet(20 + ++n)) },
            body: JSON.stringify({ email }),
          },
          limited,
        )
      const before = smtp.mails.length
      expect((await set('target@example.test')).status).toBe(200)
      expect((await set('Target+1@example.test')).status).toBe(200)
      // Each mail goes to the address as it was typed.
      const mails = await smtp.waitFor(before + 2)
      expect(mails.slice(before).map((mail) => mail.to)).toEqual([['target@example.test'], ['target+1@example.test']])
      for (const variant of ['target+2@example.test', 'TARGET@example.test']) {
        const refused = await set(variant)
        expect(refused.status).toBe(429)
        expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
        expect(await refused.text()).toContain('confirmation mails to this address')
      }
      // Gmail ignores dots, and googlemail.com is gmail.com.
      expect((await set('ann.lee@gmail.com')).status).toBe(200)
      expect((await set('annlee+x@googlemail.com')).status).toBe(200)
      expect((await set('a.n.n.lee@gmail.com')).status).toBe(429)
      // Other inboxes have limits of their own: dots count on other domains.
      expect((await set('tar.get@example.test')).status).toBe(200)
      expect((await set('other@example.test')).status).toBe(200)
    } finally {
      limited.close()
    }
  })

  it('and the settings say when this server sends no mail', async () => {
    const off = await createTestRuntime()
    try {
      const get = await app.request(
        `${ORIGIN}/api/trpc/notifications.email.get`,
        { headers: { cookie: await sessionCookie(wallet(30)) } },
        off,
      )
      expect(((await get.json()) as { result: { data: { available: boolean } } }).result.data.available).toBe(false)
      const set = await app.request(
        `${ORIGIN}/api/trpc/notifications.email.set`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: await sessionCookie(wallet(30)) },
          body: JSON.stringify({ email: 'x@example.test' }),
        },
        off,
      )
      expect(set.status).toBe(503)
      expect(await set.text()).toContain('MAIL_URL')
    } finally {
      off.close()
    }
  })
})
