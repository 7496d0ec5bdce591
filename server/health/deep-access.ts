/**
 * Who may ask for the deep health check. Its write-lock probe is a write (a billed one on a
 * hosted database), so a stranger must not be able to make it at will: it answers the bearer
 * token HEALTH_TOKEN. Without one configured it is open outside production (`npm run dev`
 * needs no setup) and refused in production, with the name of the variable to set.
 */
import type { Env } from '../platform/env'
import { ApiError } from '../http/errors'

const digest = async (text: string) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))

/** Equal texts, compared in time that does not depend on where they differ (hashes first: equal lengths). */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(expected)])
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!
  return difference === 0
}

/** The refusal (401 or 403), or null when `authorization` may run the deep check. */
export async function deepHealthRefusal(env: Env, authorization: string | undefined): Promise<ApiError | null> {
  const token = env.health.token
  if (token === undefined) {
    if (env.NODE_ENV !== 'production') return null
    return new ApiError(
      403,
      'FORBIDDEN',
      'The deep health check is off: set HEALTH_TOKEN in the server configuration, then send it as "Authorization: Bearer <HEALTH_TOKEN>".',
    )
  }
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1]
  if (given !== undefined && (await sameSecret(given, token))) return null
  return new ApiError(401, 'UNAUTHORIZED', 'The deep health check needs "Authorization: Bearer <HEALTH_TOKEN>".')
}
