import { describe, expect, it } from 'vitest'
import { hasSessionCookie } from '../../server/http/session-cookie'

describe('hasSessionCookie', () => {
  it('finds Auth.js session cookies under each name and in chunks', () => {
    expect(hasSessionCookie('authjs.session-token=abc')).toBe(true)
    expect(hasSessionCookie('theme=dark; __Secure-authjs.session-token=abc')).toBe(true)
    expect(hasSessionCookie('__Host-authjs.session-token=abc; theme=dark')).toBe(true)
    expect(hasSessionCookie('theme=dark;__Host-authjs.session-token.1=def')).toBe(true)
  })
  it('answers false without one (the session is then read as signed out, without Auth.js)', () => {
    expect(hasSessionCookie(null)).toBe(false)
    expect(hasSessionCookie('')).toBe(false)
    expect(hasSessionCookie('theme=dark; authjs.csrf-token=x; authjs.callback-url=y')).toBe(false)
    expect(hasSessionCookie('xauthjs.session-token=abc; authjs.session-token-old=1')).toBe(false)
    expect(hasSessionCookie('theme=authjs.session-token')).toBe(false)
  })
})
