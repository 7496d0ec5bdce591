import { encode } from '@auth/core/jwt'
import { TEST_AUTH_SECRET } from './runtime'

/**
 * A real Auth.js session cookie for `address`, as the SIWE sign-in will issue it. `secure`: the
 * name production uses behind https (`__Host-`); Auth.js salts the JWT with the cookie's name.
 * `signedInAt` (ms since the epoch, now unless given): when the wallet signed, as sign-in records
 * it (`sat`, in seconds); null: none, as in tokens issued before it was recorded.
 */
export async function sessionCookie(
  address: string,
  { secure = false, signedInAt = Date.now() }: { secure?: boolean; signedInAt?: number | null } = {},
): Promise<string> {
  const salt = `${secure ? '__Host-' : ''}authjs.session-token`
  const sat = signedInAt === null ? {} : { sat: Math.floor(signedInAt / 1000) }
  const token = await encode({ token: { name: address, sub: address, ...sat }, secret: TEST_AUTH_SECRET, salt })
  return `${salt}=${token}`
}
