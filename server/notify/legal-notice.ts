/**
 * A legal notice sent without a wallet (ADR 47): stored unconfirmed, and the mail whose link
 * confirms it goes at once, through the same channel as notifications. Until its sender opens the
 * link, no moderator sees it. (Rate limits are the transport's: per client and per inbox.)
 */
import { refuse } from '../../db/errors'
import { LEGAL_NOTICE_TOKEN_TTL_MS } from '../../db/legal-notice-kinds'
import { recordLegalNotice } from '../../db/market'
import type { LegalNoticeInput } from '../inputs/legal-notices'
import type { Runtime } from '../platform/runtime'
import { resolveNoticeContent } from '../queries/legal-notices'
import { emailChannelOf } from './email'

/** Where a notice's confirmation link points (the REST route that confirms it and shows the outcome). */
export const NOTICE_CONFIRM_PATH = '/api/v1/legal-notices/confirm'

export async function sendLegalNotice(
  runtime: Pick<Runtime, 'db' | 'env'>,
  input: LegalNoticeInput,
  now = new Date(),
): Promise<{ id: number }> {
  const channel = emailChannelOf(runtime.env)
  if (!channel)
    refuse('This server sends no mail (MAIL_URL is not set), so a legal notice cannot be confirmed.', 'unavailable')
  const target = await resolveNoticeContent(runtime.db, input.content, runtime.env.siteOrigins)
  const { id, token } = await recordLegalNotice(
    runtime.db,
    {
      name: input.name,
      email: input.email,
      target,
      reason: input.reason,
      infringed: input.infringed,
      statement: input.statement,
    },
    now,
  )
  const link = `${runtime.env.siteOrigins[0]}${NOTICE_CONFIRM_PATH}?token=${encodeURIComponent(token)}`
  const attempt = await channel.sendNoticeConfirmation(
    input.email,
    { id, name: input.name },
    link,
    LEGAL_NOTICE_TOKEN_TTL_MS / 3_600_000,
  )
  if (!attempt.ok) {
    if (attempt.permanent) refuse(`email: the mail server refused this address (${attempt.error})`)
    refuse(`The confirmation mail could not be sent (${attempt.error}); try again in a few minutes.`, 'unavailable')
  }
  return { id }
}
