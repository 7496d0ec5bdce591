/**
 * A wallet sets the address its notifications are mailed to: it is stored unconfirmed and the
 * confirmation mail goes at once, through the same channel as the notifications. Until its owner
 * opens the link, nothing else is mailed to it. (Rate limits are the transport's: per client and
 * per address mailed.)
 */
import { refuse } from '../../db/errors'
import { EMAIL_TOKEN_TTL_MS, emailTokenHash, setNotificationEmail } from '../../db/market'
import type { Runtime } from '../platform/runtime'
import { emailChannelOf } from './email'

/** Where a confirmation link points (the REST route that confirms and sends to the settings). */
export const CONFIRM_PATH = '/api/v1/notifications/email/confirm'

/** What a rate limit per address counts under: the address's hash, not the address. */
export const emailKey = (email: string) => emailTokenHash(`email:${email.toLowerCase()}`)

/** Stores `email` for `wallet`, unconfirmed, and mails the link that confirms it. */
export async function requestEmailAddress(
  runtime: Pick<Runtime, 'db' | 'env'>,
  wallet: string,
  email: string,
  now = new Date(),
): Promise<{ mailed: boolean }> {
  const channel = emailChannelOf(runtime.env)
  if (!channel) refuse('This server sends no mail (MAIL_URL is not set).', 'unavailable')
  const { token } = await setNotificationEmail(runtime.db, wallet, email, now)
  if (!token) return { mailed: false }
  const link = `${runtime.env.siteOrigins[0]}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`
  const attempt = await channel.sendConfirmation(email, wallet, link, EMAIL_TOKEN_TTL_MS / 3_600_000)
  if (!attempt.ok) {
    if (attempt.permanent) refuse(`email: the mail server refused this address (${attempt.error})`)
    refuse(`The confirmation mail could not be sent (${attempt.error}); try again in a few minutes.`, 'unavailable')
  }
  return { mailed: true }
}
