/**
 * A real SMTP server on 127.0.0.1 for tests of the email channel: it keeps every mail it accepts
 * (raw and parsed) and answers RCPT TO for chosen addresses with a chosen reply (550: a bounce,
 * 451: try later).
 */
import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface CaughtMail {
  from: string
  to: string[]
  raw: string
  parsed: ParsedMail
}

export interface TestSmtp {
  url: string
  mails: CaughtMail[]
  /** RCPT TO replies by address (lowercase): a code and its words. */
  refuse: Map<string, { code: number; message: string }>
  /** Waits until `count` mails in all have arrived. */
  waitFor: (count: number, timeoutMs?: number) => Promise<CaughtMail[]>
  stop: () => Promise<void>
}

export async function startSmtpServer(): Promise<TestSmtp> {
  const mails: CaughtMail[] = []
  const refuse = new Map<string, { code: number; message: string }>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const reply = refuse.get(address.address.toLowerCase())
      if (!reply) return callback()
      callback(Object.assign(new Error(reply.message), { responseCode: reply.code }))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        void simpleParser(raw).then((parsed) => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            parsed,
          })
          callback()
        }, callback)
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse,
    async waitFor(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`${mails.length} mails arrived, not ${count}`)
        await new Promise((r) => setTimeout(r, 20))
      }
      return mails
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
