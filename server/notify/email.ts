/**
 * The email channel (./channels.ts EmailChannel): a wallet's due notifications as one mail, and the
 * mail that confirms an address, through the transport MAIL_URL names: an SMTP relay (Node only,
 * ./smtp.ts) or an HTTP mail API that takes Resend's JSON. Unset: no channel, and no mail.
 */
import { smtpTransport } from '#notify/smtp'
import type { Env, MailConfig } from '../platform/env'
import type { Attempt, EmailChannel, Outgoing } from './channels'
import {
  confirmationMail,
  legalNoticeConfirmationMail,
  legalNoticeDecisionMail,
  MAIL_TIMEOUT_MS,
  notificationMail,
  type MailTransport,
  type OutgoingMail,
} from './mail'

export interface MailChannel extends EmailChannel {
  /** The mail asking the owner of `to` to confirm it for `wallet` by opening `link`. */
  sendConfirmation(to: string, wallet: string, link: string, validHours: number): Promise<Attempt>
  /** The decision on a legal notice, told to its sender. */
  sendNoticeDecision(
    to: string,
    notice: { id: number; name: string },
    decision: { action: string; category: string; reason: string; url: string },
  ): Promise<Attempt>
  /** The mail asking the sender of a legal notice to confirm it by opening `link`. */
  sendNoticeConfirmation(
    to: string,
    notice: { id: number; name: string },
    link: string,
    validHours: number,
  ): Promise<Attempt>
}

/** One channel per configuration (an SMTP transport is made once, not per request). */
const made = new WeakMap<MailConfig, MailChannel>()

export function emailChannelOf(env: Pick<Env, 'mail' | 'siteOrigins'>): MailChannel | undefined {
  const config = env.mail
  if (!config) return undefined
  let channel = made.get(config)
  if (!channel) {
    const origin = env.siteOrigins[0]!
    const transport = config.transport === 'smtp' ? smtpTransport(config.url) : httpTransport(config.url, config.apiKey)
    channel = {
      send: (to: string, items: Outgoing[]) => transport(notificationMail(origin, config.from, to, items)),
      sendConfirmation: (to, wallet, link, validHours) =>
        transport(confirmationMail(origin, config.from, to, wallet, link, validHours)),
      sendNoticeDecision: (to, notice, decision) =>
        transport(legalNoticeDecisionMail(origin, config.from, to, notice, decision)),
      sendNoticeConfirmation: (to, notice, link, validHours) =>
        transport(legalNoticeConfirmationMail(origin, config.from, to, notice, link, validHours)),
    }
    made.set(config, channel)
  }
  return channel
}

/**
 * An HTTP mail API taking Resend's shape: `POST <MAIL_URL>` with JSON `{from, to: [to], subject,
 * text, html, headers}` and `Authorization: Bearer <MAIL_API_KEY>`; any 2xx is sent. A 422 (the
 * API refuses this mail or its recipient) is given up; anything else is tried again later. APIs
 * tell of bounces later, by their own webhooks: none is followed here.
 */
export function httpTransport(url: string, apiKey: string | undefined): MailTransport {
  return async (mail: OutgoingMail): Promise<Attempt> => {
    const started = Date.now()
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        },
        body: JSON.stringify({
          from: mail.from,
          to: [mail.to],
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
        }),
        redirect: 'error',
        signal: AbortSignal.timeout(MAIL_TIMEOUT_MS),
      })
      const durationMs = Date.now() - started
      if (response.ok) {
        await response.body?.cancel()
        return { ok: true, status: response.status, durationMs }
      }
      return {
        ok: false,
        status: response.status,
        error: await apiError(response),
        permanent: response.status === 422,
        durationMs,
      }
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError'
      const message = timedOut ? `no answer within ${MAIL_TIMEOUT_MS / 1000} s` : (error as Error).message
      return { ok: false, error: `mail API: ${message}`, durationMs: Date.now() - started }
    }
  }
}

/** The API's own words (`message` in its JSON), or the start of its answer. */
async function apiError(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).slice(0, 2_000)
  let message = text
  try {
    const parsed = JSON.parse(text) as { message?: unknown; error?: { message?: unknown } | unknown }
    const found = parsed.message ?? (parsed.error as { message?: unknown } | undefined)?.message ?? parsed.error
    if (typeof found === 'string') message = found
  } catch {
    // Not JSON: its text as it is.
  }
  return `mail API answered ${response.status}: ${message.replace(/\s+/g, ' ').trim().slice(0, 300)}`
}
