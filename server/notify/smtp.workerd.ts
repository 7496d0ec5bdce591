/**
 * SMTP on Workers: not available (a Worker opens no SMTP connection through nodemailer). The
 * configuration already refuses an smtp:// MAIL_URL there (server/platform/env.ts); this stands in
 * for ./smtp.ts in the Worker's bundle so nodemailer is never bundled, and refuses the same way.
 */
import { SMTP_ON_WORKERS } from '../platform/env'
import type { MailTransport } from './mail'

export function smtpTransport(_url: string): MailTransport {
  throw new Error(SMTP_ON_WORKERS)
}
