/**
 * Rate limits as a flooding client meets them: the call past the limit is a 429 with
 * Retry-After and writes nothing; the client is who the configured source says, never a header
 * the client picks; counts live in the database, shared by every runtime over it; windows end.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { sql } from 'drizzle-orm'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDatabase } from '../../db/client'
import { app } from '../../server/app'
import { PEER_ADDRESS_HEADER, stampPeerAddress } from '../../server/http/client-address'
import { parseEnv, type EnvError } from '../../server/platform/env'
import { contentTypeOfKey } from '../../server/media/keys'
import { folderStore } from '../../server/media/store'
import type { Runtime } from '../../server/platform/runtime'
import { createTestRuntime, TEST_AUTH_SECRET } from '../support/runtime'
import { sessionCookie } from '../support/session'

/** Without PUBLIC_URL the site's origin is the dev server's own, on port 3000. */
const SITE = 'http://localhost:3000'
/** One second into an hour: every window (1 min, 10 min, 1 h) began a second ago. */
const T0 = Math.floor(Date.now() / 3_600_000) * 3_600_000 + 1_000

beforeEach(() => {
  // Only the clock stands still: the database's I/O and its timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(T0)
})
afterEach(() => vi.useRealTimers())

const opened: { close: () => void }[] = []
afterAll(() => opened.forEach((runtime) => runtime.close()))

/** A fresh database and runtime with these limits (RATE_LIMITS) and further configuration. */
async function runtimeWith(limits: string, vars: Record<string, string> = {}) {
  const runtime = await createTestRuntime({ RATE_LIMITS: limits, ...vars })
  opened.push(runtime)
  return runtime
}

const count = async (runtime: Runtime, table: string) =>
  (await runtime.db.get<{ n: number }>(sql.raw(`select count(*) as n from ${table}`))).n

function call(runtime: Runtime, procedure: string, input?: unknown, headers: Record<string, string> = {}) {
  return app.request(
    `${SITE}/api/trpc/${procedure}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: input === undefined ? undefined : JSON.stringify(input),
    },
    runtime,
  )
}

const contact = (runtime: Runtime, headers: Record<string, string> = {}, n = 0) =>
  call(
    runtime,
    'site.contact',
    { name: 'Ada', email: `ada${n}@example.com`, subject: 'Hello there', message: 'A message of some length.' },
    headers,
  )

/** A refusal as a client sees it: 429, Retry-After in seconds, and the error in words. */
async function expectRefused(response: Response, retryAfter: number) {
  expect(response.status).toBe(429)
  expect(response.headers.get('retry-after')).toBe(String(retryAfter))
  const body = (await response.json()) as {
    error: { code: string | number; message: string; data?: { code: string; httpStatus: number } }
  }
  const code = body.error.data?.code ?? body.error.code
  expect(code).toBe('TOO_MANY_REQUESTS')
  expect(body.error.message).toMatch(/^Too many .+; try again in \d+ seconds?\.$/)
}

describe('each limited action: the call past its limit is a 429 with Retry-After and writes nothing', () => {
  it('siweNonce', async () => {
    const runtime = await runtimeWith('siwe-nonce=3/1m')
    for (let i = 0; i < 3; i++) expect((await call(runtime, 'siweNonce')).status).toBe(200)
    await expectRefused(await call(runtime, 'siweNonce'), 59)
    expect(await count(runtime, 'siwe_nonces')).toBe(3)
  })

  it('sign-in (the Auth.js SIWE callback): refused before the message is looked at', async () => {
    const runtime = await runtimeWith('sign-in=3/1m')
    const request = (path: string, init?: RequestInit) => app.request(`${SITE}${path}`, init, runtime)
    const csrfResponse = await request('/api/auth/csrf')
    const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string }
    const cookie = csrfResponse.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const signIn = (message: string, signature: string) =>
      request('/api/auth/callback/siwe', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({ csrfToken, message, signature, callbackUrl: '/', json: 'true' }),
      })
    for (let i = 0; i < 3; i++) expect((await signIn('not a message', '0x00')).status).not.toBe(429)
    // Auth.js reads past empty path segments; so does the limit.
    const detour = await request('/api/auth//callback//siwe/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ csrfToken, message: 'not a message', signature: '0x00', json: 'true' }),
    })
    expect(detour.status).toBe(429)

    // A good message on a fresh nonce: refused all the same, and nothing of it is spent or stored.
    const account = privateKeyToAccount(generatePrivateKey())
    const nonce = ((await (await call(runtime, 'siweNonce')).json()) as { result: { data: string } }).result.data
    const message = createSiweMessage({
      address: account.address,
      chainId: 31337,
      domain: 'localhost:3000',
      uri: SITE,
      version: '1',
      nonce,
      issuedAt: new Date(),
    })
    const signature: Hex = await account.signMessage({ message })
    await expectRefused(await signIn(message, signature), 59)
    expect(await count(runtime, 'users')).toBe(0)
    expect(await count(runtime, 'siwe_nonces where used_at is not null')).toBe(0)

    // Once the window is over, the same signed message signs in.
    vi.setSystemTime(T0 + 59_000)
    const signedIn = await signIn(message, signature)
    expect(signedIn.status).toBe(200)
    expect(((await signedIn.json()) as { url: string }).url).not.toContain('error=')
    expect(await count(runtime, 'users')).toBe(1)
  })

  it('upload', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-media-'))
    const runtime = { ...(await runtimeWith('upload=3/10m')), media: folderStore(dir, contentTypeOfKey) }
    const cookie = await sessionCookie('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc')
    const upload = (name: string, bytes: number[]) => {
      const form = new FormData()
      form.set('file', new File([new Uint8Array(bytes)], name))
      return app.request(
        `${SITE}/api/media`,
        { method: 'POST', body: form, headers: { origin: SITE, cookie } },
        runtime,
      )
    }
    const gif = (n: number) => [...new TextEncoder().encode('GIF89a'), 1, 0, 1, 0, n, 0, 0]
    for (let i = 0; i < 3; i++) expect((await upload(`${i}.gif`, gif(i))).status).toBe(201)
    await expectRefused(await upload('3.gif', gif(3)), 599)
    expect(readdirSync(dir)).toHaveLength(3)
    rmSync(dir, { recursive: true, force: true })
  })

  it('market.sync', async () => {
    const runtime = await runtimeWith('market-sync=3/1m')
    const cookie = await sessionCookie('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc')
    // A chain Vitrine does not trade on: each call is counted before it is looked at.
    for (let i = 0; i < 3; i++) {
      expect((await call(runtime, 'market.sync', { chainId: 999_999 }, { cookie })).status).toBe(400)
    }
    await expectRefused(await call(runtime, 'market.sync', { chainId: 999_999 }, { cookie }), 59)
  })

  it('market.submitListing and market.submitOffer (one count: signed orders)', async () => {
    const runtime = await runtimeWith('orders=3/1m')
    const maker = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
    const cookie = await sessionCookie(maker)
    const zero = (n: number) => `0x${'0'.repeat(n)}`
    const item = { token: `0x${'1'.repeat(40)}`, identifierOrCriteria: '1', startAmount: '1', endAmount: '1' }
    const order = {
      offerer: maker,
      zone: zero(40),
      offer: [{ itemType: 2, ...item }],
      consideration: [{ itemType: 0, ...item, token: zero(40), identifierOrCriteria: '0', recipient: maker }],
      orderType: 0,
      startTime: '1',
      endTime: '99999999999',
      zoneHash: zero(64),
      salt: '1',
      conduitKey: zero(64),
      counter: '0',
    }
    // A chain Vitrine does not trade on: each order is counted before it is looked at.
    const submit = (side: 'Listing' | 'Offer') =>
      call(runtime, `market.submit${side}`, { chainId: 999_999, order, signature: `0x${'ab'.repeat(65)}` }, { cookie })
    for (const side of ['Listing', 'Offer', 'Listing'] as const) expect((await submit(side)).status).toBe(400)
    await expectRefused(await submit('Offer'), 59)
    expect(await count(runtime, 'offers')).toBe(0)
  })

  it('contact', async () => {
    const runtime = await runtimeWith('contact=3/1h')
    for (let i = 0; i < 3; i++) expect((await contact(runtime, {}, i)).status).toBe(200)
    await expectRefused(await contact(runtime, {}, 3), 3599)
    expect(await count(runtime, 'contact_messages')).toBe(3)
  })

  it('newsletter', async () => {
    const runtime = await runtimeWith('newsletter=3/1h')
    const subscribe = (n: number) => call(runtime, 'site.subscribe', { email: `reader${n}@example.com` })
    for (let i = 0; i < 3; i++) expect((await subscribe(i)).status).toBe(200)
    await expectRefused(await subscribe(3), 3599)
    expect(await count(runtime, 'newsletter_subscribers')).toBe(3)
  })

  it('the Auth.js client log', async () => {
    const runtime = await runtimeWith('auth-log=3/1m')
    const log = () =>
      app.request(
        `${SITE}/api/auth/_log`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ level: 'debug', code: 'FLOOD' }),
        },
        runtime,
      )
    for (let i = 0; i < 3; i++) expect((await log()).status).toBe(204)
    await expectRefused(await log(), 59)
  })

  it('a tRPC batch counts each call in it', async () => {
    const runtime = await runtimeWith('siwe-nonce=3/1m')
    const response = await app.request(
      `${SITE}/api/trpc/siweNonce,siweNonce,siweNonce,siweNonce?batch=1`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
      runtime,
    )
    expect(response.headers.get('retry-after')).toBe('59')
    const results = (await response.json()) as { error?: { data: { code: string } } }[]
    expect(results.map((r) => r.error?.data.code ?? 'ok')).toEqual(['ok', 'ok', 'ok', 'TOO_MANY_REQUESTS'])
    expect(await count(runtime, 'siwe_nonces')).toBe(3)
  })
})

describe('who the client is', () => {
  it('without a trusted proxy header, rotating X-Forwarded-For (or CF-Connecting-IP on Node) escapes nothing', async () => {
    const runtime = await runtimeWith('contact=3/1h')
    for (let i = 0; i < 3; i++) {
      const forged = { 'x-forwarded-for': `203.0.113.${i}`, 'cf-connecting-ip': `198.51.100.${i}` }
      expect((await contact(runtime, forged, i)).status).toBe(200)
    }
    await expectRefused(await contact(runtime, { 'x-forwarded-for': '192.0.2.99' }, 3), 3599)
  })

  it('on the Node server, the socket is the client: forged headers, its own included, change nothing', async () => {
    const runtime = await runtimeWith('contact=3/1h')
    const server = serve({ fetch: (request) => app.fetch(request, runtime), port: 0, hostname: '127.0.0.1' })
    server.prependListener('request', stampPeerAddress)
    await new Promise((resolve) => server.once('listening', resolve))
    const { port } = server.address() as AddressInfo
    const post = (i: number) =>
      fetch(`http://127.0.0.1:${port}/api/trpc/site.contact`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `203.0.113.${i}`,
          [PEER_ADDRESS_HEADER]: `198.51.100.${i}`,
        },
        body: JSON.stringify({
          name: 'Ada',
          email: `a${i}@example.com`,
          subject: 'Hi there',
          message: 'Long enough text.',
        }),
      })
    try {
      for (let i = 0; i < 3; i++) expect((await post(i)).status).toBe(200)
      await expectRefused(await post(3), 3599)
      const [row] = await runtime.db.all<{ key: string }>(sql`select key from rate_limits`)
      expect(row?.key).toBe('contact:127.0.0.1')
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('with TRUSTED_PROXY_HEADER=x-forwarded-for, each client (its right-most entry) has its own count', async () => {
    const runtime = await runtimeWith('contact=2/1h', { TRUSTED_PROXY_HEADER: 'x-forwarded-for' })
    const from = (xff: string, n: number) => contact(runtime, { 'x-forwarded-for': xff }, n)
    expect((await from('203.0.113.7', 0)).status).toBe(200)
    // What the client wrote before the proxy's own entry is not who it is.
    expect((await from('198.51.100.1, 203.0.113.7', 1)).status).toBe(200)
    await expectRefused(await from('198.51.100.2, 203.0.113.7', 2), 3599)
    expect((await from('203.0.113.8', 3)).status).toBe(200)
    // One IPv6 subscriber holds a /64: rotating inside it is one client.
    expect((await from('2001:db8:1:2::1', 4)).status).toBe(200)
    expect((await from('[2001:db8:1:2:ffff::9]:4430', 5)).status).toBe(200)
    await expectRefused(await from('2001:DB8:1:2:aaaa:bbbb:cccc:dddd', 6), 3599)
    expect(await count(runtime, 'contact_messages')).toBe(5)
  })

  it('with TRUSTED_PROXY_HEADER=cf-connecting-ip on Node, that header is the client', async () => {
    const runtime = await runtimeWith('contact=1/1h', { TRUSTED_PROXY_HEADER: 'CF-Connecting-IP' })
    expect((await contact(runtime, { 'cf-connecting-ip': '203.0.113.7' }, 0)).status).toBe(200)
    expect((await contact(runtime, { 'cf-connecting-ip': '203.0.113.8' }, 1)).status).toBe(200)
    await expectRefused(
      await contact(runtime, { 'cf-connecting-ip': '203.0.113.7', [PEER_ADDRESS_HEADER]: '1.2.3.4' }, 2),
      3599,
    )
  })
})

describe('counts in the database', () => {
  it('two runtimes over one database file (two processes, two isolates) share the count', async () => {
    const first = await runtimeWith('contact=3/1h')
    const second: Runtime = { env: first.env, db: createDatabase({ url: first.url }) }
    try {
      expect((await contact(first, {}, 0)).status).toBe(200)
      expect((await contact(second, {}, 1)).status).toBe(200)
      expect((await contact(first, {}, 2)).status).toBe(200)
      await expectRefused(await contact(second, {}, 3), 3599)
      await expectRefused(await contact(first, {}, 4), 3599)
    } finally {
      second.db.$client.close()
    }
    expect(await count(first, 'contact_messages')).toBe(3)
  })

  it('a window ends when Retry-After said, and the count starts again', async () => {
    const runtime = await runtimeWith('contact=2/1m')
    expect((await contact(runtime, {}, 0)).status).toBe(200)
    expect((await contact(runtime, {}, 1)).status).toBe(200)
    await expectRefused(await contact(runtime, {}, 2), 59)
    vi.setSystemTime(T0 + 58_500)
    await expectRefused(await contact(runtime, {}, 3), 1)
    vi.setSystemTime(T0 + 59_000)
    expect((await contact(runtime, {}, 4)).status).toBe(200)
    expect((await contact(runtime, {}, 5)).status).toBe(200)
    await expectRefused(await contact(runtime, {}, 6), 60)
  })

  it('counts of windows long over are swept', async () => {
    const runtime = await runtimeWith('contact=2/1m,newsletter=2/1h')
    expect((await contact(runtime, {}, 0)).status).toBe(200)
    vi.setSystemTime(T0 + 2 * 3_600_000)
    expect((await call(runtime, 'site.subscribe', { email: 'late@example.com' })).status).toBe(200)
    const keys = await runtime.db.all<{ key: string }>(sql`select key from rate_limits`)
    expect(keys.map((row) => row.key)).toEqual(['newsletter:unknown'])
  })
})

describe('RATE_LIMITS and TRUSTED_PROXY_HEADER', () => {
  const parse = (vars: Record<string, string>) =>
    parseEnv({
      NODE_ENV: 'production',
      AUTH_SECRET: TEST_AUTH_SECRET,
      DATABASE_URL: 'file:x.db',
      PUBLIC_URL: 'https://v.example',
      PLATFORM_FEE_RECIPIENT: `0x${'1'.repeat(40)}`,
      ...vars,
    })

  it('has defaults, and takes count/window per action', () => {
    const { rateLimits, TRUSTED_PROXY_HEADER } = parse({
      RATE_LIMITS: 'contact=2/30s, upload=off',
      TRUSTED_PROXY_HEADER: 'X-Forwarded-For',
    })
    expect(rateLimits).toMatchObject({
      contact: { limit: 2, windowMs: 30_000 },
      upload: null,
      'sign-in': { limit: 10, windowMs: 60_000 },
      'siwe-nonce': { limit: 30, windowMs: 60_000 },
      'market-sync': { limit: 6, windowMs: 60_000 },
      newsletter: { limit: 5, windowMs: 3_600_000 },
      'auth-log': { limit: 60, windowMs: 60_000 },
      orders: { limit: 30, windowMs: 60_000 },
    })
    expect(TRUSTED_PROXY_HEADER).toBe('x-forwarded-for')
  })

  it('names what is wrong', () => {
    const problems = (vars: Record<string, string>) => {
      try {
        parse(vars)
      } catch (error) {
        return (error as EnvError).problems
      }
      return []
    }
    expect(problems({ RATE_LIMITS: 'login=5/1m' })).toEqual([
      expect.stringMatching(/^RATE_LIMITS: unknown action "login"/),
    ])
    expect(problems({ RATE_LIMITS: 'contact=5' })).toEqual([
      expect.stringMatching(/^RATE_LIMITS: "contact=5" must be contact=<count>\/<window>/),
    ])
    expect(problems({ RATE_LIMITS: 'contact=0/1m' })).toHaveLength(1)
    expect(problems({ TRUSTED_PROXY_HEADER: 'x forwarded' })).toEqual([
      expect.stringMatching(/^TRUSTED_PROXY_HEADER: must be a header name/),
    ])
  })
})
