/**
 * The few Auth.js REST calls the browser makes: form-encoded posts with the
 * CSRF token and `json=true`, answered with `{ url }` whose `error` parameter means failure.
 */
import { announceSessionChange } from './session-channel'

const BASE = '/api/auth'

async function csrfToken(): Promise<string> {
  const response = await fetch(`${BASE}/csrf`)
  return ((await response.json()) as { csrfToken: string }).csrfToken
}

async function post(path: string, fields: Record<string, string>): Promise<URL> {
  const response = await fetch(`${BASE}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, csrfToken: await csrfToken(), json: 'true' }),
  })
  if (!response.ok) {
    // Refused before Auth.js saw it (e.g. too many sign-ins): the API's error shape, in words.
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null
    throw Object.assign(new Error(body?.error?.message ?? `The server answered ${response.status}.`), {
      name: 'ServerRefusal',
    })
  }
  const { url } = (await response.json()) as { url: string }
  return new URL(url, location.origin)
}

export interface SignInResult {
  error: string | null
  code: string | null
}

export async function submitSignIn(message: string, signature: string, callbackUrl: string): Promise<SignInResult> {
  const url = await post('callback/siwe', { message, signature, callbackUrl })
  const result = { error: url.searchParams.get('error'), code: url.searchParams.get('code') }
  if (!result.error) announceSessionChange()
  return result
}

export async function signOut(): Promise<void> {
  await post('signout', { callbackUrl: location.pathname })
  announceSessionChange()
}

/** Only same-origin paths are followed after sign-in (no open redirects). */
export function safeCallbackPath(raw: string | undefined, fallback: string): string {
  if (!raw) return fallback
  try {
    const url = new URL(raw, 'http://x.invalid')
    if (raw.startsWith('/') && !raw.startsWith('//') && url.origin === 'http://x.invalid') {
      return `${url.pathname}${url.search}${url.hash}`
    }
    if (typeof location !== 'undefined' && url.origin === location.origin) return `${url.pathname}${url.search}`
  } catch {
    // not a URL: fall back
  }
  return fallback
}
