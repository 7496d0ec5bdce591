/**
 * The HTTP mail API transport (MAIL_URL https://…, Resend's JSON) against a local HTTP server:
 * the request it makes, what a 2xx, a 422 and a 5xx mean, and the confirmation mail through it.
 */
import type { IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '../../server/platform/env'
import type { Outgoing } from '../../server/notify/channels'
import { emailChannelOf } from '../../server/notify/email'
import { smtpFailure } from '../../server/notify/smtp'
import { smtpTransport } from '../../server/notify/smtp.workerd'
import { startHttpServer, type TestServer } from '../support/http-server'
import { TEST_AUTH_SECRET } from '../support/runtime'

interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: Record<string, unknown>
}
let server: TestServer
const received: Received[] = []
let reply: { status: number; body: string } = { status: 200, body: '{"id":"re_1"}' }

beforeAll(async () => {
  server = await startHttpServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
      })
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body)
    })
  })
})
afterAll(() => server.stop())

const env = () =>
  parseEnv({
    NODE_ENV: 'test',
    AUTH_SECRET: TEST_AUTH_SECRET,
    MAIL_URL: `${server.origin}/emails`,
    MAIL_FROM: 'Vitrine <no-reply@vitrine.test>',
    MAIL_API_KEY: 're_test_key_123',
  })

const item = (title: string): Outgoing => ({
  deliveryId: 1,
  notificationId: 1,
  kind: 'listing_sold',
  recipient: '0x00000000000000000000000000000000000000a1',
  target: 'ann@example.test',
  message: { title, body: `${title}, for 1 ETH.`, url: 'http://localhost:3000/item/1' },
  data: {},
  nft: null,
  collection: null,
  createdAt: new Date(),
  attempt: 1,
})

describe('the HTTP mail API transport', () => {
  it('POSTs Resend’s JSON with the bearer key; a 2xx is sent', async () => {
    const channel = emailChannelOf(env())!
    const attempt = await channel.send('ann@example.test', [item('A <b>sold</b>\r\nBcc: x@y.test')])
    expect(attempt).toMatchObject({ ok: true, status: 200 })
    const request = received.at(-1)!
    expect(request.method).toBe('POST')
    expect(request.url).toBe('/emails')
    expect(request.headers.authorization).toBe('Bearer re_test_key_123')
    expect(request.headers['content-type']).toBe('application/json')
    expect(Object.keys(request.body).sort()).toEqual(['from', 'headers', 'html', 'subject', 'text', 'to'])
    expect(request.body.from).toBe('Vitrine <no-reply@vitrine.test>')
    expect(request.body.to).toEqual(['ann@example.test'])
    expect(request.body.subject).toBe('A <b>sold</b> Bcc: x@y.test')
    expect(request.body.html).toContain('A &lt;b&gt;sold&lt;/b&gt;')
    expect(request.body.text).toContain('http://localhost:3000/item/1')
    expect(request.body.headers).toEqual({
      'List-Unsubscribe': '<http://localhost:3000/profile/0x00000000000000000000000000000000000000A1>',
      'Auto-Submitted': 'auto-generated',
    })
  })

  it('two notifications are one mail with a count for a subject', async () => {
    await emailChannelOf(env())!.send('ann@example.test', [item('One'), item('Two')])
    expect(received.at(-1)!.body.subject).toBe('2 new notifications on Vitrine')
  })

  it('a 422 is given up (the API refuses this mail); a 5xx or a 429 is tried again', async () => {
    const channel = emailChannelOf(env())!
    reply = { status: 422, body: '{"name":"validation_error","message":"Invalid `to` field."}' }
    expect(await channel.send('ann@example.test', [item('x')])).toMatchObject({
      ok: false,
      status: 422,
      permanent: true,
      error: 'mail API answered 422: Invalid `to` field.',
    })
    for (const status of [500, 429, 401]) {
      reply = { status, body: 'nope' }
      const attempt = await channel.send('ann@example.test', [item('x')])
      expect(attempt).toMatchObject({ ok: false, status, permanent: false })
    }
    reply = { status: 200, body: '{}' }
  })

  it('a mail API that does not answer is tried again', async () => {
    const closed = await startHttpServer(() => {})
    const port = closed.port
    await closed.stop()
    const channel = emailChannelOf(
      parseEnv({
        NODE_ENV: 'test',
        AUTH_SECRET: TEST_AUTH_SECRET,
        MAIL_URL: `http://127.0.0.1:${port}/emails`,
        MAIL_FROM: 'no-reply@vitrine.test',
      }),
    )!
    const attempt = await channel.send('ann@example.test', [item('x')])
    expect(attempt.ok).toBe(false)
    expect(attempt).not.toHaveProperty('permanent', true)
  })

  it('the confirmation mail goes the same way', async () => {
    const attempt = await emailChannelOf(env())!.sendConfirmation(
      'ann@example.test',
      '0x00000000000000000000000000000000000000a1',
      'http://localhost:3000/api/v1/notifications/email/confirm?token=abc',
      24,
    )
    expect(attempt.ok).toBe(true)
    const { body } = received.at(-1)!
    expect(body.subject).toBe('Confirm your email address for Vitrine')
    expect(body.text).toContain('http://localhost:3000/api/v1/notifications/email/confirm?token=abc')
    expect(body.text).toContain('within 24 hours')
  })
})

describe('SMTP on Workers', () => {
  it('the Workers stand-in for the SMTP transport refuses, naming what to do', () => {
    expect(() => smtpTransport('smtp://127.0.0.1:25')).toThrow(
      'SMTP is not available on Workers; set MAIL_URL to an https mail API',
    )
  })
})

describe('SMTP failures', () => {
  it('a 5xx to RCPT TO or DATA is a bounce; to MAIL FROM or a login, a timeout or a 4xx, it is tried again', () => {
    const failure = (error: object) => smtpFailure(Object.assign(new Error('failed'), error), 5)
    expect(failure({ responseCode: 550, command: 'RCPT TO' })).toMatchObject({ permanent: true, status: 550 })
    expect(failure({ responseCode: 554, command: 'DATA' })).toMatchObject({ permanent: true, status: 554 })
    expect(failure({ responseCode: 553, command: 'MAIL FROM' })).toMatchObject({ permanent: false })
    expect(failure({ responseCode: 535, command: 'AUTH PLAIN' })).toMatchObject({ permanent: false })
    expect(failure({ responseCode: 451, command: 'RCPT TO' })).toMatchObject({ permanent: false, status: 451 })
    expect(failure({ code: 'ETIMEDOUT', command: 'CONN' })).toMatchObject({ permanent: false, status: undefined })
  })
})
