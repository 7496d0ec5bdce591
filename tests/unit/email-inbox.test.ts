import { describe, expect, it } from 'vitest'
import { emailKey, inboxOf } from '../../server/notify/email-address'

describe('the inbox an email address reaches (the key of its rate limit)', () => {
  it('is one for the +tag, case and Gmail dot variants of one address', () => {
    const gmail = [
      'ann.lee@gmail.com',
      'annlee@gmail.com',
      'Ann.Lee+1@Gmail.com',
      'a.n.n.l.e.e+vitrine@gmail.com',
      'annlee+2@googlemail.com',
      'ANNLEE@GOOGLEMAIL.COM',
    ]
    expect(new Set(gmail.map(inboxOf))).toEqual(new Set(['annlee@gmail.com']))
    expect(new Set(['bob+1@example.com', 'Bob+news@Example.com', 'bob@example.com'].map(inboxOf))).toEqual(
      new Set(['bob@example.com']),
    )
  })

  it('keeps inboxes apart that are apart', () => {
    const distinct = [
      'ann.lee@example.com', // dots count outside Gmail
      'annlee@example.com',
      'annlee@gmail.com',
      'ann-lee@gmail.com',
      'annlee@example.org',
      '+tag@example.com', // nothing before the +: it is the local part
    ]
    expect(new Set(distinct.map(inboxOf)).size).toBe(distinct.length)
  })

  it('hashes the inbox, never the address itself', async () => {
    expect(await emailKey('Ann.Lee+1@gmail.com')).toBe(await emailKey('annlee@googlemail.com'))
    expect(await emailKey('ann@example.com')).not.toBe(await emailKey('ann@example.org'))
    expect(await emailKey('ann@example.com')).toMatch(/^[0-9a-f]{64}$/)
  })
})
