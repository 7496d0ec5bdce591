/** The recency a moderation write needs (server/auth/roles.ts, ADR 44), at its edges. */
import { describe, expect, it } from 'vitest'
import { DomainError } from '../../db/errors'
import { RECENT_SIGN_IN_S, requireRecentSignIn, requireRole, SIGN_IN_AGAIN } from '../../server/auth/roles'

const now = Date.UTC(2026, 10, 29, 9, 0, 0)
const at = (secondsAgo: number) => ({ signedInAt: now / 1000 - secondsAgo })

describe('a recent sign-in', () => {
  it('is one within the last 15 minutes, to the second', () => {
    expect(RECENT_SIGN_IN_S).toBe(900)
    expect(() => requireRecentSignIn(at(0), now)).not.toThrow()
    expect(() => requireRecentSignIn(at(900), now)).not.toThrow()
    expect(() => requireRecentSignIn(at(901), now)).toThrow(SIGN_IN_AGAIN)
  })

  it('is not a session without a sign-in time, nor one from the future', () => {
    for (const session of [{}, { signedInAt: null }, at(-3600)]) {
      const error = (() => {
        try {
          requireRecentSignIn(session, now)
        } catch (e) {
          return e
        }
      })()
      expect(error).toBeInstanceOf(DomainError)
      expect((error as DomainError).code).toBe('forbidden')
    }
  })
})

describe('a role', () => {
  it('names who may, and refuses everyone else with a 403', () => {
    expect(() => requireRole('operator', ['operator'], 'grant')).not.toThrow()
    expect(() => requireRole('moderator', ['operator'], 'grant')).toThrow(
      'Only an operator of this marketplace can grant.',
    )
    expect(() => requireRole(null, ['operator', 'moderator'], 'read the report queue')).toThrow(
      'Only an operator or a moderator of this marketplace can read the report queue.',
    )
  })
})
