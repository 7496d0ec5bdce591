/**
 * Sessions end when their wallet says so: signing out, or "sign out everywhere", makes every
 * earlier session cookie of that wallet useless on the server, however long the cookie lives.
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../server/app'
import { createTestRuntime } from '../support/runtime'
import { signIn, signOut } from '../support/sign-in'

let runtime: Awaited<ReturnType<typeof createTestRuntime>>
const ORIGIN = 'http://localhost:3000'
const request = (path: string, init?: RequestInit) => app.request(`${ORIGIN}${path}`, init, runtime)

beforeAll(async () => {
  runtime = await createTestRuntime()
})
afterAll(() => runtime.close())

async function sessionOf(cookie: string) {
  const response = await request('/api/auth/session', { headers: { cookie } })
  return ((await response.json()) as { user?: { name?: string } } | null)?.user?.name ?? null
}

/** A write only the wallet's own session may make. */
function saveProfile(cookie: string, address: string, userName: string) {
  return request('/api/trpc/user.updateProfile', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ walletAddress: address.toLowerCase(), userName }),
  })
}

describe('ending sessions', () => {
  it('signing out makes the old cookie useless: no session, no writes', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const cookie = await signIn(request, account)
    expect(await sessionOf(cookie)).toBe(account.address)
    expect((await saveProfile(cookie, account.address, 'before_out')).status).toBe(200)

    expect((await signOut(request, cookie)).status).toBe(200)
    // The cookie a thief copied before the sign-out, replayed as it was.
    expect(await sessionOf(cookie)).toBeNull()
    const refused = await saveProfile(cookie, account.address, 'after_out')
    expect(refused.status).toBe(401)
    const { data: user } = (await (await request(`/api/v1/users/${account.address}`)).json()) as {
      data: { username: string }
    }
    expect(user.username).toBe('before_out')

    // Signing in again works, and the new session is good.
    const again = await signIn(request, account)
    expect(await sessionOf(again)).toBe(account.address)
  })

  it('"sign out everywhere" ends every session of the wallet, and no other wallet\'s', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const other = privateKeyToAccount(generatePrivateKey())
    const laptop = await signIn(request, account)
    const phone = await signIn(request, account)
    const stranger = await signIn(request, other)

    const ended = await request('/api/trpc/signOutEverywhere', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: phone },
    })
    expect(ended.status).toBe(200)
    expect(await sessionOf(laptop)).toBeNull()
    expect(await sessionOf(phone)).toBeNull()
    expect((await saveProfile(laptop, account.address, 'laptop_write')).status).toBe(401)
    expect(await sessionOf(stranger)).toBe(other.address)
  })

  it("signing in again is not public: the profile's updatedAt moves only when the profile changes", async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const updatedAt = async () =>
      ((await (await request(`/api/v1/users/${account.address}`)).json()) as { data: { updatedAt: string } }).data
        .updatedAt
    const cookie = await signIn(request, account)
    const joined = await updatedAt()
    await new Promise((resolve) => setTimeout(resolve, 5))
    await signIn(request, account)
    expect(await updatedAt()).toBe(joined)

    await new Promise((resolve) => setTimeout(resolve, 5))
    expect((await saveProfile(cookie, account.address, 'changed_profile')).status).toBe(200)
    expect(await updatedAt()).not.toBe(joined)
  })

  it('"sign out everywhere" needs a session', async () => {
    const response = await request('/api/trpc/signOutEverywhere', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    })
    expect(response.status).toBe(401)
  })
})
