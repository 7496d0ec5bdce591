import { SiweMessage } from 'siwe'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage, type SiweMessage as ViemSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { app } from '../../server/app'
import { parseEnv } from '../../server/platform/env'
import { verifySignIn } from '../../server/auth/siwe'
import { createTestRuntime, TEST_AUTH_SECRET } from '../support/runtime'

let runtime: Awaited<ReturnType<typeof createTestRuntime>>
/** Without PUBLIC_URL the site's origin is the dev server's own, on port 3000. */
const ORIGIN = 'http://localhost:3000'
const DOMAIN = 'localhost:3000'
const request = (path: string, init?: RequestInit, origin = ORIGIN) => app.request(`${origin}${path}`, init, runtime)

beforeAll(async () => {
  runtime = await createTestRuntime()
})
afterAll(() => runtime.close())

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(';')[0]!)

async function csrf() {
  const response = await request('/api/auth/csrf')
  const { csrfToken } = (await response.json()) as { csrfToken: string }
  return { csrfToken, cookie: cookiesOf(response).join('; ') }
}

async function nonce(): Promise<string> {
  const response = await request('/api/trpc/siweNonce', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  })
  return ((await response.json()) as { result: { data: string } }).result.data
}

function messageFor(account: PrivateKeyAccount, nonceValue: string, overrides: Partial<ViemSiweMessage> = {}) {
  const issuedAt = new Date()
  return createSiweMessage({
    address: account.address,
    chainId: 31337,
    domain: DOMAIN,
    uri: ORIGIN,
    version: '1',
    nonce: nonceValue,
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + 9 * 60_000),
    statement: 'Sign in to Vitrine.',
    ...overrides,
  })
}

/**
 * Posts a signed message the way the browser does; answers the redirect url and cookies. `origin`
 * is the URL the request arrives on (its Host header): a phishing site replaying a message.
 */
async function submit(message: string, signature: Hex, { withCsrf = true, origin = ORIGIN } = {}) {
  const token = await csrf()
  const response = await request(
    '/api/auth/callback/siwe',
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: token.cookie },
      body: new URLSearchParams({
        ...(withCsrf ? { csrfToken: token.csrfToken } : {}),
        message,
        signature,
        callbackUrl: '/',
        json: 'true',
      }),
    },
    origin,
  )
  const { url } = (await response.json()) as { url: string }
  const cookies = cookiesOf(response)
  const session = await request('/api/auth/session', { headers: { cookie: cookies.join('; ') } })
  return { url: new URL(url), session: (await session.json()) as { user?: { name?: string } } | null }
}

const freshAccount = () => privateKeyToAccount(generatePrivateKey())

describe('Sign-In with Ethereum', () => {
  it('lists siwe as a credentials provider', async () => {
    const response = await request('/api/auth/providers')
    expect(await response.json()).toMatchObject({ siwe: { id: 'siwe', type: 'credentials' } })
  })

  it('turns a signed message into a session carrying the address, and creates the user', async () => {
    const account = freshAccount()
    const message = messageFor(account, await nonce())
    const { url, session } = await submit(message, await account.signMessage({ message }))
    expect(url.searchParams.get('error')).toBeNull()
    expect(session?.user?.name).toBe(account.address)
    const user = await request(`/api/v1/users/${account.address}`)
    expect(user.status).toBe(200)
  })

  it('accepts a message built by the reference siwe package', async () => {
    const account = freshAccount()
    const now = new Date()
    const message = new SiweMessage({
      domain: DOMAIN,
      address: account.address,
      statement: 'Sign in to Vitrine.',
      uri: ORIGIN,
      version: '1',
      chainId: 31337,
      nonce: await nonce(),
      issuedAt: now.toISOString(),
      expirationTime: new Date(now.getTime() + 5 * 60_000).toISOString(),
    }).prepareMessage()
    const { session } = await submit(message, await account.signMessage({ message }))
    expect(session?.user?.name).toBe(account.address)
  })

  const minutes = (n: number) => new Date(Date.now() + n * 60_000)
  const refusals: [string, string, (a: PrivateKeyAccount, n: string) => Promise<[string, Hex]>][] = [
    ['a nonce we never issued', 'bad_nonce', async (a) => sign(a, messageFor(a, 'abcdefgh12345678'))],
    ['another domain', 'wrong_domain', async (a, n) => sign(a, messageFor(a, n, { domain: 'evil.example' }))],
    [
      'another origin in the URI',
      'wrong_uri',
      async (a, n) => sign(a, messageFor(a, n, { uri: 'https://evil.example' })),
    ],
    [
      'an expired message',
      'expired',
      async (a, n) => sign(a, messageFor(a, n, { issuedAt: minutes(-20), expirationTime: minutes(-11) })),
    ],
    [
      'an issued-at in the future',
      'issued_in_future',
      async (a, n) => sign(a, messageFor(a, n, { issuedAt: minutes(5), expirationTime: minutes(10) })),
    ],
    [
      'an expiry beyond 10 minutes',
      'expiry_too_long',
      async (a, n) => sign(a, messageFor(a, n, { expirationTime: minutes(60) })),
    ],
    ['an unsupported chain', 'unsupported_chain', async (a, n) => sign(a, messageFor(a, n, { chainId: 5 }))],
    [
      'a tampered message',
      'bad_signature',
      async (a, n) => {
        const [message, signature] = await sign(a, messageFor(a, n))
        return [message.replace('Sign in to Vitrine.', 'Sign in to Vitrine!'), signature]
      },
    ],
    [
      'a signature by another key',
      'bad_signature',
      async (a, n) => {
        const message = messageFor(a, n)
        return [message, await freshAccount().signMessage({ message })]
      },
    ],
  ]

  it.each(refusals)('refuses %s with a clear error and no session', async (_name, code, make) => {
    const account = freshAccount()
    const [message, signature] = await make(account, await nonce())
    const { url, session } = await submit(message, signature)
    expect(url.pathname).toBe('/login')
    expect(url.searchParams.get('error')).toBe('CredentialsSignin')
    expect(url.searchParams.get('code')).toBe(code)
    expect(session).toBeNull()
    expect((await request(`/api/v1/users/${account.address}`)).status).toBe(404)
  })

  it('answers a session update (POST /session with the CSRF token), and refuses one without it', async () => {
    const account = freshAccount()
    const message = messageFor(account, await nonce())
    const token = await csrf()
    const signedIn = await request('/api/auth/callback/siwe', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: token.cookie },
      body: new URLSearchParams({
        csrfToken: token.csrfToken,
        message,
        signature: await account.signMessage({ message }),
        json: 'true',
      }),
    })
    const cookie = [token.cookie, ...cookiesOf(signedIn)].join('; ')
    const update = (body: object) =>
      request('/api/auth/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      })
    const ok = await update({ csrfToken: token.csrfToken, data: {} })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({ user: { name: account.address } })
    expect((await update({ data: {} })).status).toBe(400)
  })

  it('refuses a replayed message', async () => {
    const account = freshAccount()
    const message = messageFor(account, await nonce())
    const signature = await account.signMessage({ message })
    expect((await submit(message, signature)).session?.user?.name).toBe(account.address)
    const replay = await submit(message, signature)
    expect(replay.url.searchParams.get('code')).toBe('bad_nonce')
    expect(replay.session).toBeNull()
  })

  it('refuses a message made for another site even when the request names that host', async () => {
    // A phishing page at evil.example gets a victim to sign in "to evil.example", then redeems
    // the signature here with Host: evil.example.
    const account = freshAccount()
    const message = messageFor(account, await nonce(), { domain: 'evil.example', uri: 'https://evil.example' })
    const { url, session } = await submit(message, await account.signMessage({ message }), {
      origin: 'https://evil.example',
    })
    expect(url.searchParams.get('code')).toBe('wrong_domain')
    // Auth.js answered on our origin, not the one the Host header named.
    expect(url.origin).toBe(ORIGIN)
    expect(session).toBeNull()
    expect((await request(`/api/v1/users/${account.address}`)).status).toBe(404)
  })

  it('takes the origins from ALLOWED_ORIGINS, and only those', async () => {
    const env = parseEnv({
      NODE_ENV: 'test',
      AUTH_SECRET: TEST_AUTH_SECRET,
      PUBLIC_URL: 'https://vitrine.example/',
      ALLOWED_ORIGINS: 'https://www.vitrine.example, http://vitrine.internal:8080',
    })
    expect(env.siteOrigins).toEqual([
      'https://vitrine.example',
      'https://www.vitrine.example',
      'http://vitrine.internal:8080',
    ])
    expect(() =>
      parseEnv({ NODE_ENV: 'test', AUTH_SECRET: TEST_AUTH_SECRET, ALLOWED_ORIGINS: 'https://a.example/x' }),
    ).toThrow(/ALLOWED_ORIGINS: "https:\/\/a.example\/x" is not an origin/)
    const { siteOrigins } = parseEnv({ NODE_ENV: 'development', AUTH_SECRET: TEST_AUTH_SECRET, PORT: '4123' })
    expect(siteOrigins).toEqual(['http://localhost:4123', 'http://127.0.0.1:4123'])
    expect(() => parseEnv({ NODE_ENV: 'production', AUTH_SECRET: TEST_AUTH_SECRET })).toThrow(
      /PUBLIC_URL: required in production/,
    )
  })

  it('spends the nonce before checking the signature: an unknown nonce makes no RPC call', async () => {
    // A signature that is not the address's own makes viem ask the chain (a smart wallet?).
    const rpcCalls: string[] = []
    const rpc = createServer((req, res) => {
      rpcCalls.push(req.url ?? '')
      res.writeHead(500).end()
    })
    await new Promise<void>((resolve) => rpc.listen(0, '127.0.0.1', resolve))
    const { port } = rpc.address() as AddressInfo
    try {
      const account = freshAccount()
      const signIn = (nonceValue: string) => {
        const message = messageFor(account, nonceValue)
        return freshAccount()
          .signMessage({ message })
          .then((signature) =>
            verifySignIn({
              message,
              signature,
              origins: [ORIGIN],
              chains: [{ id: 31337, rpcUrl: `http://127.0.0.1:${port}` }],
              db: runtime.db,
            }),
          )
      }
      await expect(signIn('abcdefgh12345678')).rejects.toMatchObject({ code: 'bad_nonce' })
      expect(rpcCalls).toEqual([])
      // With an issued nonce the same signature does reach the chain, which says no.
      await expect(signIn(await nonce())).rejects.toMatchObject({ code: 'bad_signature' })
      expect(rpcCalls.length).toBeGreaterThan(0)
    } finally {
      rpc.close()
    }
  })

  it('refuses a sign-in without the CSRF token', async () => {
    const account = freshAccount()
    const message = messageFor(account, await nonce())
    const { url, session } = await submit(message, await account.signMessage({ message }), { withCsrf: false })
    expect(url.searchParams.get('error')).toBe('MissingCSRF')
    expect(session).toBeNull()
  })
})

async function sign(account: PrivateKeyAccount, message: string): Promise<[string, Hex]> {
  return [message, await account.signMessage({ message })]
}

describe('a third-party dapp over REST only (no tRPC)', () => {
  it('GET /api/v1/auth/nonce, a message from the reference siwe package, the Auth.js callback: a session whose answer names the wallet', async () => {
    const account = freshAccount()
    const nonceResponse = await request('/api/v1/auth/nonce')
    expect(nonceResponse.status).toBe(200)
    expect(nonceResponse.headers.get('cache-control')).toBe('no-store')
    const { data } = (await nonceResponse.json()) as { data: { nonce: string } }
    const now = new Date()
    const message = new SiweMessage({
      domain: DOMAIN,
      address: account.address,
      statement: 'Sign in with a third-party dapp.',
      uri: ORIGIN,
      version: '1',
      chainId: 31337,
      nonce: data.nonce,
      issuedAt: now.toISOString(),
      expirationTime: new Date(now.getTime() + 5 * 60_000).toISOString(),
    }).prepareMessage()
    const signature = await account.signMessage({ message })
    const first = await submit(message, signature)
    expect(first.session).toMatchObject({ address: account.address, user: { name: account.address } })
    // The nonce is the same single-use one: the same message again is refused.
    const replay = await submit(message, signature)
    expect(replay.url.searchParams.get('code')).toBe('bad_nonce')
    expect(replay.session).toBeNull()
  })

  it('each GET /api/v1/auth/nonce is a new nonce', async () => {
    const nonces = await Promise.all(
      [1, 2, 3].map(
        async () => ((await (await request('/api/v1/auth/nonce')).json()) as { data: { nonce: string } }).data.nonce,
      ),
    )
    expect(new Set(nonces).size).toBe(3)
  })

  it('nonces are unpredictable: alphanumeric, at least 128 bits, and no two share a run of 12 characters', async () => {
    const nonces: string[] = []
    for (let i = 0; i < 200; i++) {
      const response = await request('/api/v1/auth/nonce')
      nonces.push(((await response.json()) as { data: { nonce: string } }).data.nonce)
    }
    expect(new Set(nonces).size).toBe(nonces.length)
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9]+$/)
      // 62 characters carry log2(62) ≈ 5.95 bits each: 22 of them hold 128 bits.
      expect(nonce.length).toBeGreaterThanOrEqual(22)
    }
    // Random nonces share a 12-character run with odds near 1e-14 here; a generator that slides a
    // window over one buffer (each nonce its predecessor shifted by a character) shares almost all.
    const RUN = 12
    const seenIn = new Map<string, number>()
    nonces.forEach((nonce, index) => {
      for (let at = 0; at + RUN <= nonce.length; at++) {
        const run = nonce.slice(at, at + RUN)
        const other = seenIn.get(run)
        if (other !== undefined && other !== index) {
          expect.fail(`nonces ${other} and ${index} share "${run}": ${nonces[other]} / ${nonce}`)
        }
        seenIn.set(run, index)
      }
    })
  })
})

describe('POST /api/auth/_log', () => {
  it('takes a valid entry from our pages', async () => {
    const response = await request('/api/auth/_log', {
      method: 'POST',
      // A form needs our Origin, as on every route (request-guards.test.ts).
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'x-forwarded-for': '10.0.0.1' },
      body: new URLSearchParams({ level: 'warn', code: 'TEST_WARNING', message: 'from the test' }),
    })
    expect(response.status).toBe(204)
  })

  it('names what is wrong with a bad entry', async () => {
    const response = await request('/api/auth/_log', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.2' },
      body: JSON.stringify({ level: 'shout', code: 'X' }),
    })
    expect(response.status).toBe(400)
    expect(JSON.stringify(await response.json())).toContain('level')
  })

  it('refuses an oversized entry', async () => {
    const response = await request('/api/auth/_log', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.3' },
      body: JSON.stringify({ level: 'error', code: 'BIG', message: 'x'.repeat(10_000) }),
    })
    expect(response.status).toBe(413)
  })

  // Its rate limit, like every other, is tested in rate-limits.test.ts.
})
