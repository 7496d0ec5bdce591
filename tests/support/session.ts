import { encode } from '@auth/core/jwt'
import { TEST_AUTH_SECRET } from './runtime'

/** A real Auth.js session cookie for `address`, as the SIWE sign-in will issue it. */
export async function sessionCookie(address: string): Promise<string> {
  const salt = 'authjs.session-token'
  const token = await encode({ token: { name: address, sub: address }, secret: TEST_AUTH_SECRET, salt })
  return `${salt}=${token}`
}
