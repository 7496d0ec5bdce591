/**
 * A method a path does not take is a 405 naming the ones it does (`Allow`), in the one error
 * shape, whatever guard would otherwise judge the request; OPTIONS answers 204 with the same
 * `Allow` and nothing that grants a cross-site request; unknown paths stay 404; and a real
 * cross-site write to a path that takes the method is still refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../server/app'
import { createTestRuntime } from '../support/runtime'

let runtime: Awaited<ReturnType<typeof createTestRuntime>>
const request = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
  app.request(`http://localhost:3000${path}`, { method, headers, body: method === 'GET' ? undefined : body }, runtime)
const FOREIGN = { origin: 'https://evil.example' }

beforeAll(async () => {
  runtime = await createTestRuntime()
})
afterAll(() => runtime.close())

describe('a method the path does not take', () => {
  it.each([
    ['DELETE', '/api/v1/nfts', 'GET, HEAD, OPTIONS'],
    ['POST', '/api/v1/nfts/1', 'GET, HEAD, OPTIONS'],
    // GET /collections/{idOrSlug} matches it too: a collection may be asked for by that slug.
    ['PUT', '/api/v1/collections/import', 'GET, HEAD, POST, OPTIONS'],
    ['GET', '/api/v1/listings', 'POST, OPTIONS'],
    ['PATCH', '/api/v1/users', 'POST, OPTIONS'],
    ['DELETE', '/api/v1/users/0x0000000000000000000000000000000000000001', 'GET, HEAD, OPTIONS'],
    ['GET', '/api/media', 'POST, OPTIONS'],
    ['POST', '/api/health', 'GET, HEAD, OPTIONS'],
    ['DELETE', '/api/health/deep', 'GET, HEAD, OPTIONS'],
    ['DELETE', '/api/auth/session', 'GET, HEAD, POST, OPTIONS'],
    ['PUT', '/api/trpc/health', 'GET, HEAD, POST, OPTIONS'],
  ])('%s %s is a 405 with Allow: %s, from any origin and with any body', async (method, path, allow) => {
    for (const [headers, body] of [
      [{}, undefined],
      [FOREIGN, undefined],
      [{ 'content-type': 'text/plain' }, 'x'],
      [{ ...FOREIGN, 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
    ] as const) {
      const response = await request(method, path, headers, body)
      expect(response.status, JSON.stringify(headers)).toBe(405)
      expect(response.headers.get('allow')).toBe(allow)
      expect(await response.json()).toEqual({
        error: { code: 'METHOD_NOT_ALLOWED', message: `${path} does not take ${method}; it takes ${allow}.` },
      })
    }
  })

  it('answers HEAD where GET is taken, with no body', async () => {
    const response = await request('HEAD', '/api/v1/nfts')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('')
  })

  it('answers OPTIONS 204 with Allow and no CORS grant (a preflight still fails)', async () => {
    const response = await request('OPTIONS', '/api/v1/listings', {
      ...FOREIGN,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('allow')).toBe('POST, OPTIONS')
    expect([...response.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([])
  })

  it('leaves unknown paths 404, whatever the method', async () => {
    for (const method of ['GET', 'DELETE', 'OPTIONS']) {
      const response = await request(method, '/api/v1/nope')
      expect(response.status).toBe(404)
      expect(response.headers.get('allow')).toBeNull()
      expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
    }
  })

  it('still refuses a cross-site write to a path that takes the method', async () => {
    const foreign = await request('POST', '/api/v1/users', { ...FOREIGN, 'content-type': 'application/json' }, '{}')
    expect(foreign.status).toBe(403)
    expect(await foreign.json()).toMatchObject({ error: { code: 'FORBIDDEN' } })
    const form = await request(
      'POST',
      '/api/v1/listings',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'a=1',
    )
    expect(form.status).toBe(403)
  })
})
