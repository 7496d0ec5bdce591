/** Auth.js's session cookie under each of its names (plain, `__Secure-`, `__Host-`), and its chunks. */
const SESSION_COOKIE = /^(?:__Secure-|__Host-)?authjs\.session-token(?:\.\d+)?$/

/** Whether a Cookie header carries an Auth.js session cookie, valid or not. */
export function hasSessionCookie(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false
  return cookieHeader.split(';').some((part) => SESSION_COOKIE.test(part.split('=', 1)[0]!.trim()))
}
