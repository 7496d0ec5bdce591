/**
 * The people of the market: one row per wallet, created when it signs in or first saves a
 * profile. Every write to `users` is here, so the default artwork and the handle's uniqueness
 * have one home.
 */
import { eq, sql } from 'drizzle-orm'
import { DomainError, isUniqueViolation } from '../errors'
import { artUrl } from '../media'
import { users, type UserLinks } from '../schema'
import type { Db } from './transaction'

export type UserRow = typeof users.$inferSelect

const NOW_MS = sql`(cast(unixepoch('subsec') * 1000 as integer))`

/** A new wallet's row: its address and the artwork drawn from it until it uploads its own. */
const newUser = (address: string) => ({
  address,
  avatarUrl: artUrl('avatar', address),
  bannerUrl: artUrl('banner', address),
})

/** A handle is one wallet's (compared case-insensitively): a write that would share it is a conflict. */
function takenHandle(error: unknown, username: string | null): never {
  if (username !== null && isUniqueViolation(error)) {
    throw new DomainError('conflict', `userName: "${username}" is taken by another wallet`, { cause: error })
  }
  throw error
}

/**
 * Creates the wallet's row or updates the fields given (`username` null clears the handle).
 * `address` is lowercase.
 */
export async function saveProfile(
  db: Db,
  address: string,
  fields: { username: string | null; bio?: string | null; links?: UserLinks },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...newUser(address), ...fields })
    .onConflictDoUpdate({ target: users.address, set: { ...fields, updatedAt: NOW_MS } })
    .returning()
    .catch((error: unknown) => takenHandle(error, fields.username))
  if (!row) throw new Error('saving a profile returned no row')
  return row
}

/**
 * Signing in creates the wallet's row; returns its session version. An existing row is left as
 * it was: `updatedAt` is public (the profile's last change), so a sign-in must not move it.
 */
export async function recordSignIn(db: Db, address: string): Promise<number> {
  const key = address.toLowerCase()
  const [row] = await db
    .insert(users)
    .values(newUser(key))
    // A no-op update, so that RETURNING gives the existing row's version too.
    .onConflictDoUpdate({ target: users.address, set: { sessionVersion: sql`${users.sessionVersion}` } })
    .returning({ sessionVersion: users.sessionVersion })
  return row?.sessionVersion ?? 0
}

/** Ends every session of a wallet issued until now, on every device (sign-out, "sign out everywhere"). */
export async function endSessions(db: Db, address: string): Promise<void> {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.address, address.toLowerCase()))
}

/** A profile the development world gives one of its accounts (chain/local-market.ts). */
export interface SeededProfile {
  address: string
  username: string
  bio: string
  /** When the profile was made and last changed: the world's past. */
  at: Date
}

/**
 * Creates the development world's profile of a wallet, unless the wallet has a row already (it
 * signed in, or saved a profile of its own, first): what a person wrote is never overwritten.
 */
export async function recordSeededProfile(db: Db, profile: SeededProfile): Promise<void> {
  await db
    .insert(users)
    .values({
      ...newUser(profile.address.toLowerCase()),
      username: profile.username,
      bio: profile.bio,
      createdAt: profile.at,
      updatedAt: profile.at,
    })
    .onConflictDoNothing()
}
