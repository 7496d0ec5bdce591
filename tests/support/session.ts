import { encode } from '@auth/core/jwt'
import { TEST_AUTH_SECRET } from './runtime'

/**
 * A real Auth.js session cookie for `address`, as the SIWE sign-in will issue it. `secure`: the
 * name production uses behind https (`__Host-`); Auth.js salts the JWT with the cookie's name.
 */
export async function sessionCookie(address: string, { secure = false } = {}): Promise<string> {
  const salt = `${secure ? '__Host-' : ''}authjs.session-token`
  const token = await encode({ token: { name: address, sub: address }, secret: TEST_AUTH_SECRET, salt })
  return `${salt}=${token}`
}
