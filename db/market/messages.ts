/** What visitors send from the content pages: contact messages and newsletter sign-ups. */
import { contactMessages, newsletterSubscribers } from '../schema'
import type { Db } from './transaction'

export async function recordContactMessage(
  db: Db,
  message: { name: string; email: string; subject: string; message: string },
): Promise<void> {
  await db.insert(contactMessages).values(message)
}

/** Subscribes an email to a topic; false when it already was (nothing changes then). */
export async function subscribeNewsletter(
  db: Db,
  subscription: { email: string; topic: 'news' | 'status' },
): Promise<boolean> {
  const inserted = await db.insert(newsletterSubscribers).values(subscription).onConflictDoNothing().returning()
  return inserted.length > 0
}
