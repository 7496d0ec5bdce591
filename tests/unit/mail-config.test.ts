/** MAIL_URL, MAIL_FROM and MAIL_API_KEY: what each may be, and the error that names a wrong one. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EnvError, parseEnv } from '../../server/platform/env'

const base = { NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(32) }
const problems = (vars: Record<string, string>) => {
  try {
    parseEnv({ ...base, ...vars })
    return []
  } catch (error) {
    if (error instanceof EnvError) return error.problems
    throw error
  }
}

afterEach(() => vi.unstubAllGlobals())

describe('mail configuration', () => {
  it('unset: no mail', () => {
    expect(parseEnv(base).mail).toBeUndefined()
  })

  it('an SMTP relay, credentials in the URL', () => {
    expect(parseEnv({ ...base, MAIL_URL: 'smtps://u:p%40ss@mail.example:465', MAIL_FROM: 'a@b.example' }).mail).toEqual(
      { transport: 'smtp', url: 'smtps://u:p%40ss@mail.example:465', from: 'a@b.example' },
    )
  })

  it('an HTTP mail API with its key', () => {
    expect(
      parseEnv({
        ...base,
        MAIL_URL: 'https://api.resend.com/emails',
        MAIL_FROM: 'Vitrine <no-reply@vitrine.example>',
        MAIL_API_KEY: 're_123456789',
      }).mail,
    ).toEqual({
      transport: 'http',
      url: 'https://api.resend.com/emails',
      apiKey: 're_123456789',
      from: 'Vitrine <no-reply@vitrine.example>',
    })
  })

  it('names the variable at fault', () => {
    expect(problems({ MAIL_URL: 'ftp://x.example' })[0]).toMatch(/^MAIL_URL: must be smtp:/)
    expect(problems({ MAIL_URL: 'not a url', MAIL_FROM: 'a@b.example' })[0]).toMatch(/^MAIL_URL:/)
    expect(problems({ MAIL_URL: 'smtp://127.0.0.1:1025' })).toEqual([
      'MAIL_FROM: required with MAIL_URL (the sender, e.g. Vitrine <no-reply@vitrine.example>)',
    ])
    for (const from of ['nobody', 'a@b.example\r\nBcc: c@d.example', 'Name <not-an-address>', '"Q" <a@b.example>']) {
      expect(problems({ MAIL_URL: 'smtp://127.0.0.1:1025', MAIL_FROM: from })[0], from).toMatch(
        /^MAIL_FROM: must be an address/,
      )
    }
    expect(problems({ MAIL_FROM: 'a@b.example' })[0]).toMatch(/^MAIL_FROM: set MAIL_URL too/)
    expect(
      problems({ MAIL_URL: 'smtp://127.0.0.1:1025', MAIL_FROM: 'a@b.example', MAIL_API_KEY: 're_123456789' })[0],
    ).toMatch(/^MAIL_API_KEY: only an https MAIL_URL uses it/)
  })

  it('production: https only, and the API key is required', () => {
    const production = { NODE_ENV: 'production', MAIL_FROM: 'a@b.example' }
    expect(problems({ ...production, MAIL_URL: 'http://mail.example/emails' })).toContainEqual(
      expect.stringMatching(/^MAIL_URL: must be/),
    )
    expect(problems({ ...production, MAIL_URL: 'https://mail.example/emails' })).toContainEqual(
      expect.stringMatching(/^MAIL_API_KEY: required in production/),
    )
  })

  it('on Workers, SMTP is refused when the configuration is read', () => {
    vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' })
    expect(problems({ MAIL_URL: 'smtp://mail.example:587', MAIL_FROM: 'a@b.example' })).toEqual([
      'MAIL_URL: SMTP is not available on Workers; set MAIL_URL to an https mail API',
    ])
  })
})
