/**
 * A wallet sets the address its notifications are mailed to: it is stored unconfirmed and the
 * confirmation mail goes at once, through the same channel as the notifications. Until its owner
 * opens the link, nothing else is mailed to it. (Rate limits are the transport's: per client and
 * per inbox mailed.)
 */
import { refuse } from '../../db/errors'
import { EMAIL_TOKEN_TTL_MS, emailTokenHash, setNotificationEmail } from '../../db/market'
import type { Runtime } from '../platform/runtime'
import { emailChannelOf } from './email'

/** Where a confirmation link points (the REST route that confirms and sends to the settings). */
export const CONFIRM_PATH = '/api/v1/notifications/email/confirm'

/** Domains that ignore dots in the local part, under the name they share. */
const DOTLESS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' }

/**
 * The inbox an address reaches, as a key: lowercase, without a `+tag` subaddress (most providers
 * deliver `ann+1@` to `ann@`), and on Gmail without dots in the local part. Mail still goes to the
 * address as typed; this only says which addresses share one inbox.
 */
export function inboxOf(email: string): string {
  const lower = email.toLowerCase()
  const at = lower.lastIndexOf('@')
  if (at < 1) return lower
  let local = lower.slice(0, at)
  let domain = lower.slice(at + 1)
  const plus = local.indexOf('+')
  if (plus > 0) local = local.slice(0, plus)
  const dotless = DOTLESS[domain]
  if (dotless) {
    domain = dotless
    local = local.replaceAll('.', '') || local
  }
  return `${local}@${domain}`
}

/** What a rate limit per address counts under: the hash of its inbox (`inboxOf`), not the address. */
export const emailKey = (email: string) => emailTokenHash(`email:${inboxOf(email)}`)

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
