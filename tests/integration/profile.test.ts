/**
 * A profile: a handle belongs to one wallet (compared case-insensitively), so nobody can pass
 * for someone else by name; the placeholder "User" claims no handle at all; links are web pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../server/app'
import { createTestRuntime } from '../support/runtime'
import { sessionCookie } from '../support/session'

let runtime: Awaited<ReturnType<typeof createTestRuntime>>
const request = (path: string, init?: RequestInit) => app.request(`http://localhost:3000${path}`, init, runtime)
const wallet = (n: number) => `0x${n.toString(16).padStart(40, '0')}`

beforeAll(async () => {
  runtime = await createTestRuntime()
})
afterAll(() => runtime.close())

async function post(path: string, address: string, body: object) {
  return request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: await sessionCookie(address) },
    body: JSON.stringify({ walletAddress: address, ...body }),
  })
}
const saveProfile = (address: string, userName: string) => post('/api/trpc/user.updateProfile', address, { userName })
const upsert = (address: string, userName: string) => post('/api/v1/users', address, { userName })
const handleOf = async (address: string) =>
  ((await (await request(`/api/v1/users/${address}`)).json()) as { data?: { username: string | null } }).data?.username

describe('handles', () => {
  it('a handle taken by another wallet, in any case, is a 409 naming it, and nothing changes', async () => {
    expect((await saveProfile(wallet(1), 'Alice')).status).toBe(200)
    expect((await saveProfile(wallet(2), 'bob')).status).toBe(200)
    for (const [write, name] of [
      [saveProfile, 'alice'],
      [saveProfile, 'ALICE'],
      [upsert, 'aLiCe'],
    ] as const) {
      const response = await write(wallet(2), name)
      expect(response.status).toBe(409)
      expect((await response.text()).replaceAll('\\"', '"')).toContain(`"${name}" is taken`)
      expect(await handleOf(wallet(2))).toBe('bob')
    }
    // A wallet that has no row yet gets none from a refused claim.
    expect((await upsert(wallet(3), 'Alice')).status).toBe(409)
    expect(await handleOf(wallet(3))).toBeUndefined()
    // Search finds the one Alice.
    const search = (await (await request('/api/v1/search?q=alice')).json()) as { data: { users: unknown[] } }
    expect(search.data.users).toHaveLength(1)
  })

  it('the owner may change the case of their own handle', async () => {
    expect((await saveProfile(wallet(1), 'ALICE')).status).toBe(200)
    expect(await handleOf(wallet(1))).toBe('ALICE')
  })

  it('the placeholder "User" claims nothing: 200, the handle unchanged, and never a collision', async () => {
    expect((await saveProfile(wallet(4), 'carol')).status).toBe(200)
    for (const address of [wallet(4), wallet(5), wallet(6)]) {
      const response = await upsert(address, 'User')
      expect(response.status).toBe(200)
    }
    expect(await handleOf(wallet(4))).toBe('carol')
    expect(await handleOf(wallet(5))).toBeNull()
    expect(await handleOf(wallet(6))).toBeNull()
    const reserved = await saveProfile(wallet(5), 'user')
    expect(reserved.status).toBe(400)
    expect(await reserved.text()).toContain('reserved')
  })
})

describe('profile links', () => {
  it('only http(s) addresses are accepted; javascript:, data: and other schemes are a 400 naming the field', async () => {
    for (const link of [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html,<script>1</script>',
      'ftp://x.example/',
    ]) {
      const response = await post('/api/trpc/user.updateProfile', wallet(7), { userName: 'dave', website: link })
      expect(response.status).toBe(400)
      expect(await response.text()).toContain('web address starting with https://')
    }
    expect(await handleOf(wallet(7))).toBeUndefined()
    const saved = await post('/api/trpc/user.updateProfile', wallet(7), {
      userName: 'dave',
      website: 'https://dave.example/',
    })
    expect(saved.status).toBe(200)
  })

  it('a link stored before the rule is not served unless it is http(s)', async () => {
    await runtime.db.$client.execute({
      sql: `UPDATE users SET links = '{"website":"javascript:alert(1)","twitter":"https://x.com/dave"}' WHERE address = ?`,
      args: [wallet(7)],
    })
    const { data } = (await (await request(`/api/v1/users/${wallet(7)}`)).json()) as { data: { links: object } }
    expect(data.links).toEqual({ twitter: 'https://x.com/dave' })
  })
})

describe('a bio', () => {
  it('is stored and served without bidi overrides, isolates, zero-width or control characters', async () => {
    const saved = await post('/api/trpc/user.updateProfile', wallet(8), {
      userName: 'erin',
      bio: 'Potter\u202E\u200B of \u2066kilns\u2069.\u0000\r\nGlazes too.',
    })
    expect(saved.status).toBe(200)
    const bio = 'Potter of kilns.\nGlazes too.'
    expect(await saved.json()).toMatchObject({ result: { data: { bio } } })
    const served = (await (await request(`/api/v1/users/${wallet(8)}`)).json()) as { data: { bio: string | null } }
    expect(served.data.bio).toBe(bio)
    // Nothing but invisible characters is no bio at all.
    expect(
      (await post('/api/trpc/user.updateProfile', wallet(8), { userName: 'erin', bio: '\u200B\u202E' })).status,
    ).toBe(200)
    expect(((await (await request(`/api/v1/users/${wallet(8)}`)).json()) as { data: { bio: unknown } }).data.bio).toBe(
      null,
    )
  })
})
