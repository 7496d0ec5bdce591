/**
 * Mail through an SMTP relay (MAIL_URL smtp:// or smtps://), with nodemailer: Node only. The
 * Workers build loads ./smtp.workerd.ts instead (package.json `imports`), so nodemailer never
 * enters the Worker's bundle. A 5xx reply to RCPT or DATA is a bounce (`permanent`); any other
 * failure (4xx, a timeout, a refused connection, a login refused) is tried again later.
 */
import { createTransport } from 'nodemailer'
import type { Attempt } from './channels'
import { MAIL_TIMEOUT_MS, type MailTransport, type OutgoingMail } from './mail'

export function smtpTransport(url: string): MailTransport {
  const transport = createTransport({
    url,
    connectionTimeout: MAIL_TIMEOUT_MS,
    greetingTimeout: MAIL_TIMEOUT_MS,
    socketTimeout: MAIL_TIMEOUT_MS,
    dnsTimeout: MAIL_TIMEOUT_MS,
  })
  return async (mail: OutgoingMail): Promise<Attempt> => {
    const started = Date.now()
    try {
      const info = await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        // One recipient: it accepted or the mail failed (never a partial success to retry).
        envelope: { from: mailbox(mail.from), to: [mail.to] },
      })
      const status = Number(/^\d{3}/.exec(String(info.response ?? ''))?.[0]) || undefined
      return { ok: true, status, durationMs: Date.now() - started }
    } catch (error) {
      return smtpFailure(error, Date.now() - started)
    }
  }
}

/** The address inside `Name <addr>`, or the address itself. */
const mailbox = (from: string) => /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from

/** A failed attempt as nodemailer reports it: `responseCode` and the SMTP `command` it answered. */
export function smtpFailure(error: unknown, durationMs: number): Attempt {
  const { responseCode, command, message } = error as { responseCode?: number; command?: string; message?: string }
  const status = typeof responseCode === 'number' ? responseCode : undefined
  const permanent =
    status !== undefined && status >= 500 && status < 600 && (command === 'RCPT TO' || command === 'DATA')
  const text = (message ?? String(error)).replace(/\s+/g, ' ').slice(0, 300)
  return { ok: false, status, error: text, permanent, durationMs }
}
