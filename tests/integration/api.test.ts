import { createClient } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../server/app'
import { createTestRuntime } from '../support/runtime'

let runtime: Awaited<ReturnType<typeof createTestRuntime>>
const request = (path: string, init?: RequestInit) => app.request(`http://localhost${path}`, init, runtime)

beforeAll(async () => {
  runtime = await createTestRuntime()
})
afterAll(() => runtime.close())

describe('/api/health', () => {
  it('reports a real database round trip', async () => {
    const response = await request('/api/health')
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({ status: 'ok', database: { status: 'ok' } })
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0)
    expect(Date.parse(body.time)).not.toBeNaN()
  })

  it('answers 503 with the cause when the database is unreachable', async () => {
    const broken = await createTestRuntime()
    broken.db.$client.close()
    const response = await app.request('http://localhost/api/health', {}, broken)
    broken.close()
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } })
  })

  it('notices, when asked for the deep check, that another writer holds the database locked: reads work, writes would not', async () => {
    const other = createClient({ url: runtime.url })
    const lock = await other.transaction('write')
    try {
      expect((await request('/api/health')).status).toBe(200) // one read: it answers
      const response = await request('/api/health/deep')
      expect(response.status).toBe(503)
      const body = await response.json()
      expect(body).toMatchObject({ status: 'degraded', database: { status: 'down' } })
      expect(body.database.error).toMatch(/writes are blocked/)
    } finally {
      await lock.rollback()
      other.close()
    }
    expect((await request('/api/health/deep')).status).toBe(200)
    // The probe that found the lock taken holds none afterwards: another writer gets it at once.
    const writer = createClient({ url: runtime.url })
    try {
      await (await writer.transaction('write')).rollback()
    } finally {
      writer.close()
    }
  })

  it('does not call a short write blocked, nor do concurrent checks block each other', async () => {
    const other = createClient({ url: runtime.url })
    const lock = await other.transaction('write')
    setTimeout(() => void lock.rollback(), 150) // another process's write, done in 150 ms
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => request('/api/health/deep')))
      expect(answers.map((response) => response.status)).toEqual(Array(20).fill(200))
    } finally {
      other.close()
    }
  })
})

describe('/api/trpc', () => {
  it('serves the health query', async () => {
    const response = await request('/api/trpc/health')
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ result: { data: { status: 'ok' } } })
  })

  it('answers an unknown procedure with a tRPC 404', async () => {
    const response = await request('/api/trpc/nope')
    expect(response.status).toBe(404)
  })
})

describe('/api/auth (Auth.js)', () => {
  it('issues a CSRF token and sets its cookie', async () => {
    const response = await request('/api/auth/csrf')
    expect(response.status).toBe(200)
    const { csrfToken } = (await response.json()) as { csrfToken: string }
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/)
    expect(response.headers.get('set-cookie')).toContain('authjs.csrf-token=')
  })

  it('lists providers as a JSON map', async () => {
    const response = await request('/api/auth/providers')
    expect(response.status).toBe(200)
    expect(typeof (await response.json())).toBe('object')
  })

  it('answers a signed-out session with null', async () => {
    const response = await request('/api/auth/session')
    expect(response.status).toBe(200)
    expect(await response.json()).toBeNull()
  })

  it('sends errors to the login page, which explains them', async () => {
    const response = await request('/api/auth/error?error=Configuration')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/login?error=Configuration')
  })

  it('sends an unknown provider to the sign-in page with its callbackUrl', async () => {
    const response = await request('/api/auth/signin/github?callbackUrl=%2Fcreate')
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('location') ?? '')
    expect(location.pathname).toBe('/login')
    expect(location.searchParams.get('callbackUrl')).toBe('/create')
  })

  it('signs out with a JSON answer carrying the url', async () => {
    const csrf = await request('/api/auth/csrf')
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const cookie = csrf.headers.get('set-cookie')?.split(';')[0] ?? ''
    const response = await request('/api/auth/signout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'x-auth-return-redirect': '1' },
      body: new URLSearchParams({ csrfToken, callbackUrl: '/', json: 'true' }),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ url: expect.stringContaining('/') })
  })
})

describe('unknown /api paths', () => {
  it.each(['/api/nope', '/api/v1/nothing-here', '/api'])('%s answers a JSON 404 in the error shape', async (path) => {
    const response = await request(path)
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(await response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: expect.stringContaining(path) },
    })
  })
})
