import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../server/app'
import { handleImage } from '../../server/image'
import { createTestRuntime } from '../support/runtime'

let runtime: Awaited<ReturnType<typeof createTestRuntime>>
beforeAll(async () => {
  runtime = await createTestRuntime()
})
afterAll(() => runtime.close())

const image = (query: string) =>
  handleImage(new Request(`http://localhost/_image?${query}`), async (own) => app.request(own, undefined, runtime))

describe('/_image', () => {
  it('sizes the artwork to the requested width with long cache headers', async () => {
    const response = await image('url=/api/art/banner/neon-cathedrals.svg&w=640')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('cache-control')).toContain('max-age=31536000')
    const svg = await response.text()
    expect(svg).toMatch(/^<svg[^>]* width="640" height="183"/)
  })

  it.each([
    ['url=https://evil.example/x.png&w=640', 'url: must be one of this site'],
    ['url=/api/art/nft/../../v1/users.svg&w=640', 'url: must not contain'],
    ['url=/api/art/nft/a/1.svg&w=641', 'w: must be one of 16, 32'],
    ['url=/api/art/nft/a/1.svg&w=640&q=0', 'q: must be at least 1'],
    ['w=640', 'url: is required'],
  ])('refuses %s', async (query, message) => {
    const response = await image(query)
    expect(response.status).toBe(400)
    expect((await response.json()).error.message).toContain(message)
  })
})
