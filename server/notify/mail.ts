/**
 * Mails in words: a notification mail (one notification, or several of one wallet grouped) and the
 * mail that confirms an address, each as plain text and simple HTML. Everything that came from the
 * chain (token and collection names, import errors) is hostile: it is cleaned to one line before it
 * reaches a header (no CR/LF can start a header of its own) and escaped before it reaches HTML.
 */
import { getAddress } from 'viem'
import { cleanLine } from '../metadata/text'
import type { Attempt, Outgoing } from './channels'

/** One mail as a transport sends it. */
export interface OutgoingMail {
  from: string
  to: string
  subject: string
  text: string
  html: string
  headers: Record<string, string>
}

/** Sends one mail: SMTP (./smtp.ts) or an HTTP mail API (./email.ts). Never throws. */
export type MailTransport = (mail: OutgoingMail) => Promise<Attempt>

/** How long one attempt may take, connecting and each reply included. */
export const MAIL_TIMEOUT_MS = 10_000

const SITE = 'Vitrine'
/** A subject is one line, and short (a hostile name can be long). */
const SUBJECT_MAX = 150
const LINE_MAX = 500

/** Text for HTML: the five characters that could open markup or leave an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** A link that may be shown: http(s) only, else the site's home. */
const safeUrl = (url: string, origin: string) => (/^https?:\/\//i.test(url) && URL.canParse(url) ? url : `${origin}/`)

/** Where a wallet changes what is mailed to it. */
export const settingsUrl = (origin: string, wallet: string) => `${origin}/profile/${getAddress(wallet)}`

const line = (text: string, max = LINE_MAX) => cleanLine(text, max)

function page(origin: string, paragraphs: string, footer: string): string {
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    '<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#131740;max-width:36rem;margin:0 auto;padding:1rem">',
    `<p style="font-weight:600"><a href="${escapeHtml(origin)}/" style="color:#8358ff;text-decoration:none">${SITE}</a></p>`,
    paragraphs,
    `<hr style="border:none;border-top:1px solid #e7e8ec;margin:2rem 0 1rem">`,
    `<p style="font-size:0.85rem;color:#5a5d79">${footer}</p>`,
    '</body></html>',
  ].join('\n')
}

/** One mail telling `wallet` of `items` (its settings link in the footer and List-Unsubscribe). */
export function notificationMail(origin: string, from: string, to: string, items: Outgoing[]): OutgoingMail {
  const wallet = items[0]!.recipient
  const settings = settingsUrl(origin, wallet)
  const told = items.map((item) => ({
    title: line(item.message.title, SUBJECT_MAX),
    body: line(item.message.body),
    url: safeUrl(item.message.url, origin),
  }))
  const subject = told.length === 1 ? told[0]!.title : `${told.length} new notifications on ${SITE}`
  const who = getAddress(wallet)
  const text = [
    ...told.map((t) => `${t.title}\n${t.body}\n${t.url}\n`),
    '--',
    `You get these mails because the wallet ${who} asked for them on ${SITE}.`,
    `Change what is mailed, or stop these mails: ${settings}`,
    '',
  ].join('\n')
  const html = page(
    origin,
    told
      .map(
        (t) =>
          `<h2 style="font-size:1.05rem;margin:1.5rem 0 0.25rem">${escapeHtml(t.title)}</h2>\n` +
          `<p style="margin:0 0 0.5rem">${escapeHtml(t.body)}</p>\n` +
          `<p style="margin:0"><a href="${escapeHtml(t.url)}" style="color:#8358ff">View on ${SITE}</a></p>`,
      )
      .join('\n'),
    `You get these mails because the wallet ${escapeHtml(who)} asked for them on ${SITE}. ` +
      `<a href="${escapeHtml(settings)}" style="color:#5a5d79">Change what is mailed, or stop these mails</a>.`,
  )
  return {
    from,
    to,
    subject: line(subject, SUBJECT_MAX),
    text,
    html,
    headers: { 'List-Unsubscribe': `<${settings}>`, 'Auto-Submitted': 'auto-generated' },
  }
}

/** The mail that asks the owner of `to` to confirm it for `wallet`, with the single-use link. */
export function confirmationMail(
  origin: string,
  from: string,
  to: string,
  wallet: string,
  link: string,
  validHours: number,
): OutgoingMail {
  const who = getAddress(wallet)
  const settings = settingsUrl(origin, wallet)
  const subject = `Confirm your email address for ${SITE}`
  const text = [
    `The wallet ${who} asked ${SITE} to send its notifications to this address.`,
    '',
    `Confirm it by opening this link within ${validHours} hours:`,
    link,
    '',
    'If this was not you, ignore this mail: nothing will be sent to this address.',
    '--',
    `Notification settings: ${settings}`,
    '',
  ].join('\n')
  const html = page(
    origin,
    `<p>The wallet ${escapeHtml(who)} asked ${SITE} to send its notifications to this address.</p>\n` +
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#8358ff;color:#fff;padding:0.6rem 1.4rem;border-radius:999px;text-decoration:none;font-weight:600">Confirm this address</a></p>\n` +
      `<p>The link works for ${validHours} hours. If this was not you, ignore this mail: nothing will be sent to this address.</p>`,
    `<a href="${escapeHtml(settings)}" style="color:#5a5d79">Notification settings</a>`,
  )
  return { from, to, subject, text, html, headers: { 'Auto-Submitted': 'auto-generated' } }
}

/**
 * The mail that asks the sender of legal notice `id` to confirm it, with the single-use link. The
 * name was cleaned to one line when it came in; it is escaped here all the same.
 */
export function legalNoticeConfirmationMail(
  origin: string,
  from: string,
  to: string,
  notice: { id: number; name: string },
  link: string,
  validHours: number,
): OutgoingMail {
  const name = line(notice.name, 100)
  const subject = `Confirm your legal notice to ${SITE}`
  const text = [
    `${name}, ${SITE} received a legal notice (number ${notice.id}) sent with this address.`,
    '',
    `It reaches our moderators only once you confirm it, by opening this link within ${validHours} hours:`,
    link,
    '',
    'If you did not send it, ignore this mail: the notice is dropped.',
    '',
  ].join('\n')
  const html = page(
    origin,
    `<p>${escapeHtml(name)}, ${SITE} received a legal notice (number ${notice.id}) sent with this address.</p>\n` +
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#8358ff;color:#fff;padding:0.6rem 1.4rem;border-radius:999px;text-decoration:none;font-weight:600">Confirm this notice</a></p>\n` +
      `<p>It reaches our moderators only once you confirm it; the link works for ${validHours} hours. If you did not send it, ignore this mail: the notice is dropped.</p>`,
    `<a href="${escapeHtml(origin)}/legal-notice" style="color:#5a5d79">Legal notices</a>`,
  )
  return { from, to, subject, text, html, headers: { 'Auto-Submitted': 'auto-generated' } }
}

/** The decision on legal notice `id`, told to its sender: the statement of reasons and its page. */
export function legalNoticeDecisionMail(
  origin: string,
  from: string,
  to: string,
  notice: { id: number; name: string },
  decision: { action: string; category: string; reason: string; url: string },
): OutgoingMail {
  const name = line(notice.name, 100)
  const subject = `The decision on your legal notice ${notice.id} to ${SITE}`
  const told = `${line(decision.action, 100)} (${line(decision.category, 100)}): ${line(decision.reason, 2000)}`
  const url = safeUrl(decision.url, origin)
  const text = [
    `${name}, ${SITE}'s moderators decided on your legal notice ${notice.id}.`,
    '',
    told,
    '',
    `The statement of reasons: ${url}`,
    '',
  ].join('\n')
  const html = page(
    origin,
    `<p>${escapeHtml(name)}, ${SITE}'s moderators decided on your legal notice ${notice.id}.</p>\n` +
      `<p>${escapeHtml(told)}</p>\n` +
      `<p><a href="${escapeHtml(url)}" style="color:#8358ff">The statement of reasons</a></p>`,
    `<a href="${escapeHtml(origin)}/legal-notice" style="color:#5a5d79">Legal notices</a>`,
  )
  return { from, to, subject, text, html, headers: { 'Auto-Submitted': 'auto-generated' } }
}
