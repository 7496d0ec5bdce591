/**
 * Who may moderate (ADR 44). Operators are configuration (OPERATORS); moderators are wallets an
 * operator granted the role (the `moderators` table). Every moderation write also asks for a
 * session signed in within the last RECENT_SIGN_IN_S: a stolen or forgotten cookie cannot act.
 * Refusals are domain errors (403), mapped to HTTP and tRPC in one place.
 */
import type { Session } from '@auth/core/types'
import { eq } from 'drizzle-orm'
import { DomainError } from '../../db/errors'
import { moderators } from '../../db/schema'
import type { Runtime } from '../platform/runtime'

export type Role = 'operator' | 'moderator'

/** How recent a sign-in a moderation write needs: 15 minutes. */
export const RECENT_SIGN_IN_S = 15 * 60

/** `address`'s role (lowercase address), or null for everyone else. */
export async function roleOf({ db, env }: Pick<Runtime, 'db' | 'env'>, address: string): Promise<Role | null> {
  const wallet = address.toLowerCase()
  if (env.operators.includes(wallet as `0x${string}`)) return 'operator'
  const [row] = await db.select({ address: moderators.address }).from(moderators).where(eq(moderators.address, wallet))
  return row ? 'moderator' : null
}

/** Refuses unless `role` is one of `allowed`, saying who may. */
export function requireRole(role: Role | null, allowed: readonly Role[], what: string): asserts role is Role {
  if (role && allowed.includes(role)) return
  const who = allowed.length === 1 ? `an operator` : 'an operator or a moderator'
  throw new DomainError('forbidden', `Only ${who} of this marketplace can ${what}.`)
}

export const SIGN_IN_AGAIN =
  'Moderation needs a recent sign-in: sign in again with your wallet (within the last 15 minutes) and retry.'

/** Refuses a session signed in more than RECENT_SIGN_IN_S ago (or from before sign-in times were kept). */
export function requireRecentSignIn(session: Pick<Session, 'signedInAt'>, now = Date.now()): void {
  const at = session.signedInAt
  if (typeof at === 'number' && now / 1000 - at <= RECENT_SIGN_IN_S && at <= now / 1000 + 60) return
  throw new DomainError('forbidden', SIGN_IN_AGAIN)
}
