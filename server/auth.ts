import { Auth, type AuthConfig } from '@auth/core'
import type { Session } from '@auth/core/types'
import type { Env } from './env'

export const AUTH_BASE_PATH = '/api/auth'

/**
 * Auth.js (@auth/core) with JWT sessions. The Sign-In with Ethereum credentials
 * provider is added by the wallet issue; until then the provider list is empty.
 */
export function createAuthConfig(env: Env): AuthConfig {
  return {
    basePath: AUTH_BASE_PATH,
    secret: env.AUTH_SECRET,
    trustHost: true,
    session: { strategy: 'jwt' },
    providers: [],
  }
}

/** Reads the session of a request (null when signed out) through Auth.js itself. */
export async function getSession(request: Request, env: Env): Promise<Session | null> {
  const url = new URL(`${AUTH_BASE_PATH}/session`, request.url)
  const response = await Auth(new Request(url, { headers: request.headers }), createAuthConfig(env))
  if (!response.ok) return null
  const session = (await response.json()) as Session | null
  return session?.user ? session : null
}
