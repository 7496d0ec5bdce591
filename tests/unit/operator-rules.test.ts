import { targetDecisionsInput } from '../../server/inputs/decisions'
import { describe, expect, it } from 'vitest'
import {
  consoleAccess,
  formatBps,
  formatDuration,
  isStaleSignInRefusal,
  needsFreshSignIn,
  reasonsLine,
  rowActions,
  targetFromText,
  targetWord,
} from '../../app/components/operator/rules'
import { tabsFor } from '../../app/components/operator/tabs'
import { SIGN_IN_AGAIN } from '../../server/auth/roles'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('who sees the console', () => {
  it('the signed-out are asked to sign in, a wallet without a role is refused, staff see it with their role', () => {
    expect(consoleAccess({ status: 'loading' }, undefined)).toEqual({ kind: 'loading' })
    expect(consoleAccess({ status: 'unauthenticated' }, undefined)).toEqual({ kind: 'signed-out' })
    expect(consoleAccess({ status: 'authenticated' }, undefined)).toEqual({ kind: 'loading' })
    expect(consoleAccess({ status: 'authenticated' }, { address: ADDRESS, role: null })).toEqual({
      kind: 'not-staff',
      address: ADDRESS,
    })
    expect(consoleAccess({ status: 'authenticated' }, { address: ADDRESS, role: 'moderator' })).toMatchObject({
      kind: 'staff',
      role: 'moderator',
    })
  })

  it('operations and the audit log are tabs of operators only', () => {
    expect(tabsFor('operator')).toEqual(['queue', 'operations', 'moderators', 'audit'])
    expect(tabsFor('moderator')).toEqual(['queue', 'moderators'])
  })
})

describe('the fresh sign-in a write needs', () => {
  const now = Date.parse('2026-11-29T12:00:00Z')
  it('is asked for when the window has passed, is about to, or was never known', () => {
    expect(needsFreshSignIn('2026-11-29T12:10:00Z', now)).toBe(false)
    expect(needsFreshSignIn('2026-11-29T12:00:05Z', now)).toBe(true)
    expect(needsFreshSignIn('2026-11-29T11:59:00Z', now)).toBe(true)
    expect(needsFreshSignIn(null, now)).toBe(true)
  })

  it('the server’s refusal of a stale session is recognised, other refusals are not', () => {
    expect(isStaleSignInRefusal(new Error(SIGN_IN_AGAIN))).toBe(true)
    expect(isStaleSignInRefusal(new Error('Only an operator of this marketplace can block a contract.'))).toBe(false)
    expect(isStaleSignInRefusal('sign in again')).toBe(false)
  })
})

describe('a queue row’s actions', () => {
  it('items: hide, flag stolen, dismiss; profiles: hide, dismiss', () => {
    expect(rowActions('item', 'moderator').map((a) => a.action)).toEqual(['hide', 'flag_stolen', 'dismiss'])
    expect(rowActions('profile', 'operator').map((a) => a.action)).toEqual(['hide', 'dismiss'])
  })

  it('collections: blocking the contract is an operator’s', () => {
    const actions = (role: 'operator' | 'moderator') => rowActions('collection', role).map((a) => a.action)
    expect(actions('operator')).toEqual(['hide', 'mark_spam', 'verify', 'feature', 'dismiss', 'block_contract'])
    expect(actions('moderator')).not.toContain('block_contract')
  })

  it('what has an obvious category starts with it; hiding asks for one', () => {
    const category = (action: string) => rowActions('collection', 'operator').find((a) => a.action === action)?.category
    expect(category('verify')).toBe('authentic')
    expect(category('feature')).toBe('editorial')
    expect(category('hide')).toBeNull()
  })
})

describe('finding a target by what a moderator has at hand', () => {
  it.each([
    ['http://localhost:3000/item/12', { kind: 'item', id: 12 }],
    ['item 7', { kind: 'item', id: 7 }],
    ['/collection/my-slug', { kind: 'collection', idOrSlug: 'my-slug' }],
    ['collection 3', { kind: 'collection', idOrSlug: '3' }],
    [`/user/${ADDRESS}`, { kind: 'profile', address: ADDRESS }],
    [` ${ADDRESS} `, { kind: 'profile', address: ADDRESS }],
  ])('%s', (text, target) => expect(targetFromText(text)).toEqual(target))

  it.each(['', 'item abc', '/collection/a_b', '0x1234', '<script>', 'item 1; drop table'])('refuses %j', (text) =>
    expect(targetFromText(text)).toBeNull(),
  )

  it('is asked for as the one word the decisions query takes, which the server reads back', () => {
    for (const text of ['item 7', '/collection/my-slug', ADDRESS]) {
      const target = targetFromText(text)!
      const read = targetDecisionsInput.parse({ target: targetWord(target) }).target
      // Addresses come back lowercase, as stored.
      expect(read).toEqual('address' in target ? { ...target, address: target.address.toLowerCase() } : target)
    }
  })
})

describe('figures', () => {
  it('durations and fees say their unit', () => {
    expect(formatDuration(42)).toBe('42 s')
    expect(formatDuration(125)).toBe('2 min 5 s')
    expect(formatDuration(3 * 3600 + 600)).toBe('3 h 10 min')
    expect(formatDuration(2 * 86_400)).toBe('2 d')
    expect(formatBps(250)).toBe('2.5%')
  })

  it('a target’s reports by reason, most first', () => {
    expect(reasonsLine({ spam: 1, stolen: 3 }, { stolen: 'Stolen', spam: 'Spam' })).toBe('3 × Stolen, 1 × Spam')
  })
})
