/** A wallet's email address for notifications, as its settings show it. */
import { eq } from 'drizzle-orm'
import { notificationSettings } from '../../db/schema'
import type { Database } from '../../db/client'

export interface EmailSettings {
  /** null: none set. */
  email: string | null
  confirmed: boolean
  /** Set, waiting for its owner to open the link mailed to it (until `linkExpiresAt`, not yet past). */
  pending: boolean
  linkExpiresAt: string | null
  /** A mail to it bounced: nothing is mailed until it is confirmed again. */
  bouncing: { at: string; reason: string | null } | null
}

export async function findEmailSettings(db: Database, wallet: string, now = new Date()): Promise<EmailSettings> {
  const [row] = await db
    .select({
      email: notificationSettings.email,
      confirmedAt: notificationSettings.emailConfirmedAt,
      expiresAt: notificationSettings.emailTokenExpiresAt,
      bouncedAt: notificationSettings.emailBouncedAt,
      bounce: notificationSettings.emailBounce,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.address, wallet.toLowerCase()))
  const email = row?.email ?? null
  return {
    email,
    confirmed: !!email && !!row?.confirmedAt,
    pending: !!email && !row?.confirmedAt && !!row?.expiresAt && row.expiresAt > now,
    linkExpiresAt: email && !row?.confirmedAt && row?.expiresAt ? row.expiresAt.toISOString() : null,
    bouncing: email && row?.bouncedAt ? { at: row.bouncedAt.toISOString(), reason: row.bounce } : null,
  }
}
