/**
 * Requests an attacker shapes: huge or endless bodies (chunked, no Content-Length), batches of a
 * thousand procedures, and writes forged by a foreign page. Each is refused early, writing nothing.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { app } from '../../server/app'
import { BODY_LIMITS, mediaType, TRPC_BATCH_LIMITS } from '../../server/http/request-guards'
import { users } from '../../db/schema'
import { createTestRuntime } from '../support/runtime'
import { sessionCookie } from '../support/session'

let runtime: Awaited<ReturnType<typeof createTestRuntime>>
beforeAll(async () => {
  runtime = await createTestRuntime()
})
afterAll(() => runtime.close())

const SITE = 'http://localhost:3000'
const request = (path: string, init?: RequestInit) => app.request(`${SITE}${path}`, init, runtime)
const count = async (table: string) =>
  (await runtime.db.get<{ n: number }>(sql.raw(`select count(*) as n from ${table}`))).n

/** A body that never ends on its own: 1 MiB chunks, counted as the server pulls them. */
function endlessBody() {
  const chunk = new Uint8Array(1024 * 1024).fill(0x61)
  const pulled = { bytes: 0 }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= 200 * chunk.byteLength) return controller.close()
      pulled.bytes += chunk.byteLength
      controller.enqueue(chunk)
    },
  })
  return { stream, pulled }
}

describe('body limits, enforced while the body streams in', () => {
  it.each([
    ['/api/auth/_log', BODY_LIMITS.authLog, 'application/json'],
    ['/api/auth/callback/siwe', BODY_LIMITS.default, 'application/x-www-form-urlencoded'],
    ['/api/v1/users', BODY_LIMITS.default, 'application/json'],
    ['/api/trpc/user.updateProfile', BODY_LIMITS.default, 'application/json'],
    ['/api/media', BODY_LIMITS.upload, 'multipart/form-data; boundary=x'],
  ])('%s answers 413 once %i bytes have passed, without reading the rest', async (path, limit, type) => {
    const { stream, pulled } = endlessBody()
    const response = await request(path, {
      method: 'POST',
      headers: { 'content-type': type, origin: SITE, cookie: await sessionCookie('0x' + 'a'.repeat(40)) },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } })
    // At most the limit plus the chunk in flight (and what the stream queued ahead) was read.
    expect(pulled.bytes).toBeLessThanOrEqual(limit + 3 * 1024 * 1024)
    expect(pulled.bytes).toBeLessThan(200 * 1024 * 1024)
  })

  it('refuses a declared Content-Length over the limit before reading anything', async () => {
    const response = await request('/api/v1/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(BODY_LIMITS.default + 1) },
      body: '{}',
    })
    expect(response.status).toBe(413)
  })
})

describe('tRPC batches', () => {
  const queries = (n: number) =>
    `/api/trpc/${Array(n).fill('health').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`

  it(`runs up to ${TRPC_BATCH_LIMITS.query} queries in one request and refuses more, naming the limit`, async () => {
    expect((await request(queries(TRPC_BATCH_LIMITS.query))).status).toBe(200)
    const refused = await request(queries(200))
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      `A batch may hold at most ${TRPC_BATCH_LIMITS.query} query calls (this one has 200).`,
    )
  })

  it(`refuses more than ${TRPC_BATCH_LIMITS.mutation} mutations in one request, and runs none of them`, async () => {
    const before = await count('siwe_nonces')
    const n = 1000
    const response = await request(`/api/trpc/${Array(n).fill('siweNonce').join(',')}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, null]))),
    })
    expect(response.status).toBe(400)
    expect(await count('siwe_nonces')).toBe(before)
  })
})

describe('writes a foreign page could forge', () => {
  const upsert = (headers: Record<string, string>, body = JSON.stringify({ walletAddress: '0x' + 'b'.repeat(40) })) =>
    request('/api/v1/users', { method: 'POST', headers, body })

  it('refuses text/plain and form bodies without our Origin, and any write from a foreign Origin', async () => {
    const before = await count('users')
    for (const headers of <Record<string, string>[]>[
      { 'content-type': 'text/plain', origin: 'https://evil.example' },
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      { 'content-type': 'application/json', origin: 'https://evil.example' },
      { 'content-type': 'multipart/form-data; boundary=x', origin: 'null' },
    ]) {
      const response = await upsert(headers)
      expect(response.status, JSON.stringify(headers)).toBe(403)
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
        /^Cross-site request refused/,
      )
    }
    expect(await count('users')).toBe(before)
    expect(await runtime.db.select().from(users)).toHaveLength(before)
  })

  it('lets JSON from any client, and our own pages, through to the handler', async () => {
    expect((await upsert({ 'content-type': 'application/json' })).status).not.toBe(403)
    expect((await upsert({ 'content-type': 'text/plain', origin: SITE })).status).not.toBe(403)
  })

  // Every way a foreign page (or an old browser that sends no Origin) can spell a body that needs
  // no preflight, plus two a browser would preflight, which must not pass for JSON either.
  const SPELLINGS = [
    'text/plain; application/json',
    'application/json, text/plain',
    'TEXT/PLAIN',
    'text/plain;charset=utf-8',
    undefined,
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
  ]
  const LOG_ENTRY = { level: 'warn', code: 'INJECTED', message: 'forged' }
  /** The entry as JSON or as a form, in bytes, so that no Content-Type is added. */
  const post = (path: string, type: string | undefined, origin: string | undefined, json: boolean) =>
    request(path, {
      method: 'POST',
      headers: { ...(type ? { 'content-type': type } : {}), ...(origin ? { origin } : {}) },
      body: new TextEncoder().encode(json ? JSON.stringify(LOG_ENTRY) : String(new URLSearchParams(LOG_ENTRY))),
    })

  it('refuses those spellings on every route, the client log under /api/auth included, and logs nothing', async () => {
    const lines = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error')]
    try {
      for (const path of ['/api/auth/_log', '/api/v1/users', '/api/trpc/user.updateProfile']) {
        for (const type of SPELLINGS) {
          for (const origin of ['https://evil.example', 'null', undefined]) {
            // Shaped as an attacker would: JSON wherever the type mentions it.
            const response = await post(path, type, origin, type?.includes('application/json') ?? false)
            expect(response.status, `${path} ${type} ${origin}`).toBe(403)
            expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
              /^Cross-site request refused/,
            )
          }
        }
      }
      const injected = lines.flatMap((spy) => spy.mock.calls).filter((call) => String(call[0]).includes('INJECTED'))
      expect(injected).toEqual([])
    } finally {
      for (const spy of lines) spy.mockRestore()
    }
  })

  it("refuses a foreign Origin on Auth.js's own endpoints too; without Origin its CSRF token guards them", async () => {
    for (const path of ['/api/auth/callback/siwe', '/api/auth/signout', '/api/auth/session']) {
      const forged = await post(path, 'application/x-www-form-urlencoded', 'https://evil.example', false)
      expect(forged.status, path).toBe(403)
      expect((await post(path, 'application/x-www-form-urlencoded', undefined, false)).status, path).not.toBe(403)
    }
  })

  it('still takes a log entry from our pages (any body) and JSON from a client without Origin', async () => {
    for (const type of SPELLINGS) {
      // Read as JSON only when the media type itself is JSON.
      expect((await post('/api/auth/_log', type, SITE, mediaType(type) === 'application/json')).status, type).toBe(204)
    }
    expect((await post('/api/auth/_log', 'application/json', undefined, true)).status).toBe(204)
    expect((await post('/api/auth/_log', 'Application/JSON; charset=utf-8', undefined, true)).status).toBe(204)
  })
})

describe("a script's upload: X-Vitrine-Client instead of an Origin", () => {
  const WALLET = '0x' + 'c'.repeat(40)
  const upload = async (headers: Record<string, string>) => {
    const form = new FormData()
    form.set('file', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png'))
    const encoded = new Response(form)
    return request('/api/media', {
      method: 'POST',
      headers: { 'content-type': encoded.headers.get('content-type')!, ...headers },
      body: await encoded.arrayBuffer(),
    })
  }

  it('refuses a browser form posted from another site with the session cookie, with or without Origin, and says what to send', async () => {
    const cookie = await sessionCookie(WALLET)
    for (const headers of <Record<string, string>[]>[
      { cookie },
      { cookie, origin: 'https://evil.example' },
      { cookie, origin: 'null' },
      // The header does not make a foreign Origin ours, and an empty one is no header.
      { cookie, origin: 'https://evil.example', 'x-vitrine-client': 'evil' },
      { cookie, 'x-vitrine-client': ' ' },
    ]) {
      const response = await upload(headers)
      expect(response.status, JSON.stringify(headers)).toBe(403)
      const { error } = (await response.json()) as { error: { code: string; message: string } }
      expect(error.code).toBe('FORBIDDEN')
      expect(error.message).toMatch(/^Cross-site request refused: .*X-Vitrine-Client: <your app's name>/)
    }
    // A text/plain write with the cookie, as a foreign page's fetch sends it, is refused too.
    const plain = await request('/api/v1/users', {
      method: 'POST',
      headers: { cookie, 'content-type': 'text/plain' },
      body: JSON.stringify({ walletAddress: WALLET }),
    })
    expect(plain.status).toBe(403)
  })

  it('lets a client that sends X-Vitrine-Client and no Origin past the guard, to the handler', async () => {
    // No session: the handler answers (401), not the guard (403).
    const anonymous = await upload({ 'x-vitrine-client': 'my-uploader' })
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } })
    // This runtime has no media store: a signed-in upload gets as far as the handler's 503.
    const signedIn = await upload({ 'x-vitrine-client': 'my-uploader', cookie: await sessionCookie(WALLET) })
    expect(signedIn.status).not.toBe(403)
  })
})
