/**
 * The local mail catcher `npm run dev` starts (unless MAIL_URL is set): an SMTP server on
 * 127.0.0.1:MAIL_CATCHER_PORT (1025) that accepts every mail and sends none on, keeping each as an
 * .eml file under .data/mail/, and a read-only page on 127.0.0.1:MAIL_CATCHER_WEB_PORT (1080) that
 * lists them and shows each. Mails carry names from the chain, which are hostile: the page shows
 * the text part escaped and the HTML part in a sandboxed frame that runs nothing and loads nothing.
 * Also runs alone: `npx tsx scripts/mail-catcher.ts`.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export const MAIL_DIR = '.data/mail'
export const DEFAULT_SMTP_PORT = 1025
export const DEFAULT_WEB_PORT = 1080
/** Mails kept at most (the oldest go first). */
const MAX_MAIL_BYTES = 10 * 1024 * 1024

export interface MailCatcher {
  /** What MAIL_URL is set to. */
  smtpUrl: string
  webUrl: string
  stop: () => Promise<void>
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const FILE = /^\d{13}-[0-9a-f]{8}\.eml$/

function mailFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => FILE.test(name))
      .sort()
      .reverse()
  } catch {
    return []
  }
}

const parse = (dir: string, name: string): Promise<ParsedMail> => simpleParser(readFileSync(join(dir, name)))

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#131740}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #e7e8ec}
pre{white-space:pre-wrap;background:#f5f5f7;padding:1rem;border-radius:.5rem}iframe{width:100%;height:32rem;border:1px solid #e7e8ec;border-radius:.5rem}
a{color:#8358ff}dt{font-weight:600}dd{margin:0 0 .5rem}</style></head><body>${body}</body></html>`
}

async function listPage(dir: string): Promise<string> {
  const rows = await Promise.all(
    mailFiles(dir).map(async (name) => {
      const mail = await parse(dir, name).catch(() => null)
      const when = new Date(Number(name.slice(0, 13))).toLocaleString()
      return `<tr><td>${escape(when)}</td><td>${escape(
        mail?.to
          ? [mail.to]
              .flat()
              .map((a) => a.text)
              .join(', ')
          : '',
      )}</td><td><a href="/mail/${name}">${escape(mail?.subject ?? '(no subject)')}</a></td></tr>`
    }),
  )
  return page(
    'Local mail',
    `<h1>Local mail</h1><p>Every mail the dev server sent, newest first (kept in ${escape(dir)}/; nothing leaves this machine).</p>` +
      (rows.length
        ? `<table><thead><tr><th>When</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
        : '<p>No mail yet.</p>'),
  )
}

async function mailPage(dir: string, name: string): Promise<string> {
  const mail = await parse(dir, name)
  const to = mail.to
    ? [mail.to]
        .flat()
        .map((a) => a.text)
        .join(', ')
    : ''
  const html = mail.html
    ? `<h2>HTML</h2><iframe sandbox title="The mail's HTML part" srcdoc="${escape(mail.html)}"></iframe>`
    : ''
  return page(
    mail.subject ?? 'Mail',
    `<p><a href="/">← All mail</a> · <a href="/raw/${name}">raw .eml</a></p><h1>${escape(mail.subject ?? '(no subject)')}</h1>` +
      `<dl><dt>From</dt><dd>${escape(mail.from?.text ?? '')}</dd><dt>To</dt><dd>${escape(to)}</dd>` +
      `<dt>Date</dt><dd>${escape(mail.date?.toISOString() ?? '')}</dd>` +
      `<dt>List-Unsubscribe</dt><dd>${escape(String(mail.headers.get('list-unsubscribe') ? JSON.stringify(mail.headers.get('list-unsubscribe')) : '—'))}</dd></dl>` +
      `<h2>Text</h2><pre>${escape(mail.text ?? '')}</pre>${html}`,
  )
}

/** Keeps the folder under MAX_MAIL_BYTES, the oldest mails going first. */
function prune(dir: string) {
  let total = 0
  for (const name of mailFiles(dir)) {
    total += statSync(join(dir, name)).size
    if (total > MAX_MAIL_BYTES) rmSync(join(dir, name), { force: true })
  }
}

export async function startMailCatcher({
  smtpPort = Number(process.env.MAIL_CATCHER_PORT) || DEFAULT_SMTP_PORT,
  webPort = Number(process.env.MAIL_CATCHER_WEB_PORT) || DEFAULT_WEB_PORT,
  dir = MAIL_DIR,
}: { smtpPort?: number; webPort?: number; dir?: string } = {}): Promise<MailCatcher> {
  mkdirSync(dir, { recursive: true })
  const smtp = new SMTPServer({
    authOptional: true,
    // Plain SMTP on the loopback: no TLS for nodemailer to try upgrading to.
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 5 * 1024 * 1024,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'dev' }),
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const name = `${Date.now()}-${randomBytes(4).toString('hex')}.eml`
        writeFileSync(join(dir, name), Buffer.concat(chunks))
        prune(dir)
        callback()
      })
    },
  })
  const web = createServer((request, response) => {
    const send = (status: number, body: string, type = 'text/html; charset=utf-8') =>
      response
        .writeHead(status, {
          'content-type': type,
          // The mails' HTML is shown in a sandboxed srcdoc frame, which inherits this: no script,
          // no image, no request anywhere.
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'",
          'x-content-type-options': 'nosniff',
          'referrer-policy': 'no-referrer',
        })
        .end(body)
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    if (request.method !== 'GET') return send(405, 'GET only', 'text/plain; charset=utf-8')
    const [, kind, name = ''] = /^\/(mail|raw)\/(.+)$/.exec(path) ?? []
    if (path === '/') {
      void listPage(dir).then(
        (html) => send(200, html),
        (error: Error) => send(500, escape(error.message)),
      )
    } else if (kind && FILE.test(name) && mailFiles(dir).includes(name)) {
      if (kind === 'raw') return send(200, readFileSync(join(dir, name), 'utf8'), 'text/plain; charset=utf-8')
      void mailPage(dir, name).then(
        (html) => send(200, html),
        (error: Error) => send(500, escape(error.message)),
      )
    } else send(404, page('Not found', '<p>No such mail. <a href="/">All mail</a></p>'))
  })
  try {
    await new Promise<void>((resolve, reject) => {
      smtp.server.once('error', reject)
      smtp.listen(smtpPort, '127.0.0.1', resolve)
    })
    await new Promise<void>((resolve, reject) => {
      web.once('error', reject)
      web.listen(webPort, '127.0.0.1', resolve)
    })
  } catch (error) {
    smtp.close(() => {})
    web.close()
    throw error
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl: `http://127.0.0.1:${webPort}/`,
    stop: () =>
      Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => {
          web.closeAllConnections()
          web.close(() => resolve())
        }),
      ]).then(() => undefined),
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const catcher = await startMailCatcher()
  console.log(`mail: catching ${catcher.smtpUrl} (MAIL_URL); read the mails at ${catcher.webUrl}`)
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => void catcher.stop().then(() => process.exit(0)))
}
