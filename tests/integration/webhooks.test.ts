/**
 * The webhook channel end to end, against a real HTTP server: each delivery verifies with the
 * reference `standardwebhooks` library unchanged (retries carry the same id); a failing endpoint
 * is tried again on the schedule and its log shows each attempt; a slow one times out, a
 * redirecting one is not followed, a private or loopback one is refused when saved and when
 * called; the secret is shown once; each wallet sees only its own log.
 */
import { createHmac } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import * as market from '../../db/market'
import { notificationDeliveries, nfts } from '../../db/schema'
import { app } from '../../server/app'
import { RETRY_DELAYS_MS, sendNotifications } from '../../server/notify/send'
import { signWebhook, webhookChannel } from '../../server/notify/webhook'
import { startHttpServer, type TestServer } from '../support/http-server'
import { atomsCollection } from '../support/market-rows'
import { createTestRuntime } from '../support/runtime'
import { sessionCookie } from '../support/session'

const HOLDER = '0x00000000000000000000000000000000000000a1'
const OTHER = '0x00000000000000000000000000000000000000a2'
const BIDDER = '0x00000000000000000000000000000000000000b2'

interface Received {
  path: string
  body: string
  headers: Record<string, string>
}
let server: TestServer
let received: Received[] = []
/** What the endpoint at each path does. */
let behave: Record<string, 'ok' | 'fail' | 'slow' | 'redirect'> = {}

beforeAll(async () => {
  server = await startHttpServer((request: IncomingMessage, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      const path = request.url ?? '/'
      received.push({ path, body, headers: request.headers as Record<string, string> })
      const how = behave[path] ?? 'ok'
      if (how === 'fail') response.writeHead(500).end('database down')
      else if (how === 'redirect') response.writeHead(307, { location: `${server.origin}/elsewhere` }).end()
      else if (how === 'slow') setTimeout(() => response.writeHead(200).end(), 2_000).unref()
      else response.writeHead(204).end()
    })
  })
})
afterAll(() => server.stop())

type TestRuntime = Awaited<ReturnType<typeof createTestRuntime>>
const runtimes: TestRuntime[] = []
afterEach(() => {
  for (const runtime of runtimes.splice(0)) runtime.close()
  received = []
  behave = {}
})

let orders = 0
async function world(vars: Record<string, string> = { FETCH_ALLOW_HOSTS: server.host }) {
  const runtime = await createTestRuntime(vars)
  runtimes.push(runtime)
  const { db } = runtime
  const { token } = await atomsCollection(db, HOLDER, new Date())
  const [mine, theirs] = await db
    .insert(nfts)
    .values([token('1'), { ...token('2'), owner: OTHER }])
    .returning()
  const offer = (nft: typeof mine) =>
    market.recordOrder(db, {
      side: 'offer',
      nft: { id: nft!.id, collectionId: nft!.collectionId, owner: nft!.owner },
      maker: BIDDER,
      priceWei: BigInt(++orders) * 10n ** 16n,
      startsAt: new Date(Date.now() - 60_000),
      endsAt: new Date(Date.now() + 86_400_000),
      orderHash: `0x${orders.toString(16).padStart(64, '0')}`,
      orderJson: '{}',
      signature: '0x',
      counter: 0n,
    })
  const trpc = async (as: string, path: string, input?: object) => {
    const query = path === 'get' || path === 'deliveries'
    const url = `/api/trpc/notifications.webhook.${path}${query && input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`
    const response = await app.request(
      `http://localhost:3000${url}`,
      {
        method: query ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', cookie: await sessionCookie(as) },
        ...(query ? {} : { body: JSON.stringify(input ?? {}) }),
      },
      runtime,
    )
    const body = (await response.json()) as { result?: { data: any }; error?: { message: string } } // eslint-disable-line @typescript-eslint/no-explicit-any
    return { status: response.status, data: body.result?.data, error: body.error?.message }
  }
  const channel = { webhook: webhookChannel({ allowHosts: runtime.env.metadataFetch.allowHosts, timeoutMs: 500 }) }
  return {
    runtime,
    db,
    mine,
    theirs,
    offer,
    trpc,
    send: (now = new Date()) => sendNotifications(runtime, channel, now),
  }
}

const verify = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, {
    'webhook-id': r.headers['webhook-id']!,
    'webhook-timestamp': r.headers['webhook-timestamp']!,
    'webhook-signature': r.headers['webhook-signature']!,
  })

describe('a delivery', () => {
  it('verifies with the standardwebhooks library, and says what happened', async () => {
    const w = await world()
    const set = await w.trpc(HOLDER, 'set', { url: `${server.origin}/hooks/holder` })
    expect(set.status).toBe(200)
    const secret = set.data.secret as string
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    await w.offer(w.mine)
    await w.send()
    expect(received).toHaveLength(1)
    const event = verify(secret, received[0]!) as { type: string; data: Record<string, unknown> }
    expect(event.type).toBe('notification.offer_received')
    expect(event.data).toMatchObject({
      kind: 'offer_received',
      recipient: HOLDER,
      title: 'New offer on Atom 1',
      actor: BIDDER,
      currency: 'WETH',
      nft: { id: w.mine!.id, chainId: 31337, tokenId: '1', name: 'Atom 1' },
    })
    expect(received[0]!.headers['content-type']).toBe('application/json')
    // Any change to the body, or another secret, fails the check.
    expect(() => verify(secret, { ...received[0]!, body: received[0]!.body.replace('Atom', 'Atm') })).toThrow()
    expect(() => verify(`whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`, received[0]!)).toThrow()
  })

  it('is tried again on the schedule with the same id, each attempt in the log', async () => {
    const w = await world()
    const { data } = await w.trpc(HOLDER, 'set', { url: `${server.origin}/hooks/flaky` })
    behave['/hooks/flaky'] = 'fail'
    await w.offer(w.mine)
    const start = new Date()
    await w.send(start)
    const log = await w.trpc(HOLDER, 'deliveries', {})
    expect(log.data.data[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatus: 500,
      lastError: 'HTTP 500: database down',
    })
    expect(log.data.data[0].nextAttemptAt).toBe(new Date(start.getTime() + RETRY_DELAYS_MS[0]!).toISOString())
    behave['/hooks/flaky'] = 'ok'
    await w.send(new Date(start.getTime() + RETRY_DELAYS_MS[0]!))
    expect(received).toHaveLength(2)
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id'])
    for (const r of received) verify(data.secret, r)
    const after = await w.trpc(HOLDER, 'deliveries', {})
    expect(after.data.data[0]).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastStatus: 204,
      lastError: null,
      nextAttemptAt: null,
    })
  })

  it('a slow endpoint times out, a redirect is not followed; neither holds another wallet’s delivery', async () => {
    const w = await world()
    await w.trpc(HOLDER, 'set', { url: `${server.origin}/hooks/slow` })
    await w.trpc(OTHER, 'set', { url: `${server.origin}/hooks/moved` })
    behave['/hooks/slow'] = 'slow'
    behave['/hooks/moved'] = 'redirect'
    await w.offer(w.mine)
    await w.offer(w.theirs)
    const started = Date.now()
    await w.send()
    expect(Date.now() - started).toBeLessThan(1_900) // the 2 s endpoint was not waited for
    const rows = await w.db.select().from(notificationDeliveries).orderBy(notificationDeliveries.id)
    expect(rows.map((r) => [r.status, r.lastError])).toEqual([
      ['pending', 'timed out after 0.5 s'],
      ['pending', `redirected (HTTP 307 to ${server.origin}/elsewhere); redirects are not followed`],
    ])
    expect(received.map((r) => r.path)).not.toContain('/elsewhere')
  })
})

describe('refused and private', () => {
  it('a loopback or private URL is refused when saved, naming why, and nothing is written', async () => {
    const w = await world({}) // no allow-listed host
    for (const url of [
      'http://127.0.0.1:9/in',
      'http://10.0.0.7/in',
      'http://[::1]/in',
      'http://169.254.169.254/latest',
      'http://localhost/in',
    ]) {
      const set = await w.trpc(HOLDER, 'set', { url })
      expect(set.status, url).toBe(400)
      expect(set.error, url).toMatch(/^url: .*refused/)
    }
    expect((await w.trpc(HOLDER, 'set', { url: 'ftp://example.com/in' })).status).toBe(400)
    expect((await w.trpc(HOLDER, 'get')).data).toBeNull()
  })

  it('one that became private after it was saved is refused when called, for good', async () => {
    const w = await world()
    await w.trpc(HOLDER, 'set', { url: `${server.origin}/hooks/holder` })
    await w.offer(w.mine)
    // The same runtime without the allow-list: the address is judged again at the call.
    const strict = webhookChannel({ allowHosts: [] })
    await sendNotifications(w.runtime, { webhook: strict }, new Date())
    const [row] = await w.db.select().from(notificationDeliveries)
    expect(row).toMatchObject({ status: 'failed' })
    expect(row!.lastError).toMatch(/loopback|refused/)
    expect(received).toEqual([])
  })
})

describe('the settings', () => {
  it('show the secret once; rotate it; remove the webhook; a test event verifies', async () => {
    const w = await world()
    const set = await w.trpc(HOLDER, 'set', { url: `${server.origin}/hooks/holder` })
    const got = await w.trpc(HOLDER, 'get')
    expect(got.data).toEqual({ url: `${server.origin}/hooks/holder`, createdAt: expect.any(String) })
    expect(JSON.stringify(got.data)).not.toContain('whsec_')
    const test = await w.trpc(HOLDER, 'test')
    expect(test.data).toMatchObject({ ok: true, status: 204 })
    expect((verify(set.data.secret, received.at(-1)!) as { type: string }).type).toBe('notification.test')
    const rotated = await w.trpc(HOLDER, 'rotate')
    expect(rotated.data.secret).not.toBe(set.data.secret)
    await w.trpc(HOLDER, 'test')
    expect(() => verify(set.data.secret, received.at(-1)!)).toThrow()
    verify(rotated.data.secret, received.at(-1)!)
    expect((await w.trpc(HOLDER, 'remove')).status).toBe(200)
    expect((await w.trpc(HOLDER, 'get')).data).toBeNull()
    expect((await w.trpc(HOLDER, 'test')).status).toBe(404)
  })

  it('each wallet reads only its own delivery log; a stranger needs a session', async () => {
    const w = await world()
    await w.trpc(HOLDER, 'set', { url: `${server.origin}/hooks/holder` })
    await w.offer(w.mine)
    await w.send()
    expect((await w.trpc(HOLDER, 'deliveries', {})).data.data).toHaveLength(1)
    expect((await w.trpc(OTHER, 'deliveries', {})).data.data).toEqual([])
    const anonymous = await app.request(
      'http://localhost:3000/api/trpc/notifications.webhook.deliveries',
      {},
      w.runtime,
    )
    expect(anonymous.status).toBe(401)
  })
})

describe('the signature', () => {
  it('is the base64 HMAC-SHA256 of id.timestamp.body under the secret’s bytes', async () => {
    const key = Buffer.from('a fixed secret of thirty-two by!')
    const secret = `whsec_${key.toString('base64')}`
    const body = '{"type":"notification.test"}'
    const expected = createHmac('sha256', key).update(`msg_1.1700000000.${body}`).digest('base64')
    expect(await signWebhook(secret, 'msg_1', 1_700_000_000, body)).toBe(`v1,${expected}`)
  })
})
