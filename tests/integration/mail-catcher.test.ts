/**
 * The local mail catcher of `npm run dev`: it keeps what the email channel sends as .eml files and
 * shows them on a read-only page, the hostile parts escaped and the HTML in a sandboxed frame.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startMailCatcher, type MailCatcher } from '../../scripts/mail-catcher'
import { freePort } from '../../scripts/processes'
import { emailChannelOf } from '../../server/notify/email'
import { parseEnv } from '../../server/platform/env'
import { TEST_AUTH_SECRET } from '../support/runtime'

let catcher: MailCatcher
const dir = mkdtempSync(join(tmpdir(), 'vitrine-mail-'))

beforeAll(async () => {
  catcher = await startMailCatcher({ smtpPort: await freePort(), webPort: await freePort(), dir })
})
afterAll(async () => {
  await catcher.stop()
  rmSync(dir, { recursive: true, force: true })
})

it('keeps each mail as .eml and shows it, escaped, with its HTML sandboxed', async () => {
  const env = parseEnv({
    NODE_ENV: 'test',
    AUTH_SECRET: TEST_AUTH_SECRET,
    MAIL_URL: catcher.smtpUrl,
    MAIL_FROM: 'Vitrine <no-reply@vitrine.localhost>',
  })
  const attempt = await emailChannelOf(env)!.send('dev@example.test', [
    {
      deliveryId: 1,
      notificationId: 1,
      kind: 'listing_sold',
      recipient: '0x00000000000000000000000000000000000000a1',
      target: 'dev@example.test',
      message: { title: '<img src=x onerror=alert(1)> sold', body: 'It sold.', url: 'http://localhost:3000/item/1' },
      data: {},
      nft: null,
      collection: null,
      createdAt: new Date(),
      attempt: 1,
    },
  ])
  expect(attempt.ok).toBe(true)
  const [file] = readdirSync(dir)
  expect(file).toMatch(/\.eml$/)

  const list = await fetch(catcher.webUrl)
  expect(list.headers.get('content-security-policy')).toContain("default-src 'none'")
  const listed = await list.text()
  expect(listed).toContain('&lt;img src=x onerror=alert(1)&gt; sold')
  expect(listed).not.toContain('<img')
  expect(listed).toContain('dev@example.test')

  const shown = await (await fetch(`${catcher.webUrl}mail/${file}`)).text()
  expect(shown).toContain('<iframe sandbox ')
  expect(shown).not.toContain('<img')
  expect(shown).toContain('http://localhost:3000/item/1')
  expect((await fetch(`${catcher.webUrl}mail/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404)
  expect((await fetch(`${catcher.webUrl}`, { method: 'POST' })).status).toBe(405)
})
