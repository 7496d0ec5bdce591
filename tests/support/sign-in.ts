/**
 * Signs a wallet in the way a browser does: Auth.js CSRF token, a nonce from the server, an
 * EIP-4361 message signed by the account, posted to the SIWE callback. Answers the session cookie.
 */
import type { PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'

export type Requester = (path: string, init?: RequestInit) => Response | Promise<Response>

export const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(';')[0]!)

/** Auth.js's CSRF token with the cookie that carries its pair (needed to sign in or out). */
export async function csrf(request: Requester, cookie = '') {
  const response = await request('/api/auth/csrf', { headers: { cookie } })
  const { csrfToken } = (await response.json()) as { csrfToken: string }
  return { csrfToken, cookie: [cookie, ...cookiesOf(response)].filter(Boolean).join('; ') }
}

export async function signIn(request: Requester, account: PrivateKeyAccount, origin = 'http://localhost:3000') {
  const nonceResponse = await request('/api/trpc/siweNonce', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  })
  const nonce = ((await nonceResponse.json()) as { result: { data: string } }).result.data
  const issuedAt = new Date()
  const message = createSiweMessage({
    address: account.address,
    chainId: 31337,
    domain: new URL(origin).host,
    uri: origin,
    version: '1',
    nonce,
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + 5 * 60_000),
  })
  const signature = await account.signMessage({ message })
  const token = await csrf(request)
  const response = await request('/api/auth/callback/siwe', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: token.cookie },
    body: new URLSearchParams({ csrfToken: token.csrfToken, message, signature, callbackUrl: '/', json: 'true' }),
  })
  const session = cookiesOf(response).find((c) => c.includes('session-token='))
  if (!session) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
  return session
}

/** Signs out through Auth.js, as the site's "Sign out" does. */
export async function signOut(request: Requester, sessionCookie: string) {
  const token = await csrf(request, sessionCookie)
  return request('/api/auth/signout', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: token.cookie },
    body: new URLSearchParams({ csrfToken: token.csrfToken, callbackUrl: '/', json: 'true' }),
  })
}
