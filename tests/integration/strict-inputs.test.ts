/**
 * Every write refuses what it does not know: a key no procedure takes (a misspelt field would
 * otherwise be dropped and the rest written, as if the sender had meant it), and a signature
 * longer than any wallet makes. The answer is a 400 naming the key, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactMessages, users } from '../../db/schema'
import { app } from '../../server/app'
import { testAccount } from '../support/chain'
import { createTestRuntime } from '../support/runtime'
import { sessionCookie } from '../support/session'

let runtime: Awaited<ReturnType<typeof createTestRuntime>>
beforeAll(async () => {
  runtime = await createTestRuntime()
})
afterAll(() => runtime.close())

const me = testAccount(2).address.toLowerCase()

async function post(path: string, body: unknown) {
  const response = await app.request(
    `http://localhost/api${path}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: await sessionCookie(me) },
      body: JSON.stringify(body),
    },
    runtime,
  )
  return { status: response.status, text: await response.text() }
}

const order = {
  offerer: me,
  zone: `0x${'0'.repeat(40)}`,
  offer: [{ itemType: 2, token: `0x${'1'.repeat(40)}`, identifierOrCriteria: '1', startAmount: '1', endAmount: '1' }],
  consideration: [
    {
      itemType: 0,
      token: `0x${'0'.repeat(40)}`,
      identifierOrCriteria: '0',
      startAmount: '1000000000000000000',
      endAmount: '1000000000000000000',
      recipient: me,
    },
  ],
  orderType: 0,
  startTime: '1',
  endTime: '99999999999',
  zoneHash: `0x${'0'.repeat(64)}`,
  salt: '1',
  conduitKey: `0x${'0'.repeat(64)}`,
  counter: '0',
}
const signature = `0x${'ab'.repeat(65)}`

describe('a key no procedure takes', () => {
  it('is a 400 naming it on REST, and no user is written', async () => {
    const answer = await post('/v1/users', { walletAddress: me, userName: 'alice', bio: 'hello' })
    expect(answer.status).toBe(400)
    expect(answer.text).toContain('bio')
    expect(await runtime.db.select().from(users)).toEqual([])
  })

  it('is a 400 naming it on tRPC: a misspelt profile field does not save the rest', async () => {
    const answer = await post('/trpc/user.updateProfile', { walletAddress: me, userName: 'alice', biography: 'hi' })
    expect(answer.status).toBe(400)
    expect(answer.text).toContain('biography')
    expect(await runtime.db.select().from(users)).toEqual([])
  })

  it('is a 400 naming it for a contact message, and nothing is stored', async () => {
    const answer = await post('/trpc/site.contact', {
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Hello there',
      message: 'A message long enough.',
      cc: 'everyone@example.com',
    })
    expect(answer.status).toBe(400)
    expect(answer.text).toContain('cc')
    expect(await runtime.db.select().from(contactMessages)).toEqual([])
  })

  it('is a 400 naming it in a signed order, at its top level and inside the order', async () => {
    const top = await post('/v1/listings', { chainId: 31337, order, signature, price: '1' })
    expect(top.status).toBe(400)
    expect(top.text).toContain('price')
    const inner = await post('/v1/offers', { chainId: 31337, order: { ...order, tip: '1' }, signature })
    expect(inner.status).toBe(400)
    expect(inner.text).toContain('tip')
    const item = await post('/v1/listings', {
      chainId: 31337,
      order: { ...order, offer: [{ ...order.offer[0], amount: '1' }] },
      signature,
    })
    expect(item.status).toBe(400)
    expect(item.text).toContain('amount')
  })

  it('is a 400 naming it in a bulk of listings, at its top, in an entry and inside an order', async () => {
    const entry = { order, signature }
    for (const [body, key] of [
      [{ chainId: 31337, orders: [entry], price: '1' }, 'price'],
      [{ chainId: 31337, orders: [{ ...entry, chainId: 31337 }] }, 'chainId'],
      [{ chainId: 31337, orders: [{ ...entry, order: { ...order, tip: '1' } }] }, 'tip'],
      [{ chainId: 31337, orders: [entry, { ...entry, signature: `0x${'ab'.repeat(20_000)}` }] }, 'orders.1.signature'],
    ] as const) {
      const answer = await post('/v1/listings/bulk', body)
      expect(answer.status, key).toBe(400)
      expect(answer.text, key).toContain(key)
    }
  })

  it('names a consideration count that is not the order’s (as seaport-js sends it, it must agree)', async () => {
    const answer = await post('/v1/listings', {
      chainId: 31337,
      order: { ...order, totalOriginalConsiderationItems: 3 },
      signature,
    })
    expect(answer.status).toBe(400)
    expect(answer.text).toContain('totalOriginalConsiderationItems')
  })
})

describe('a signature longer than any wallet makes', () => {
  it('is refused before anything is checked or stored', async () => {
    const answer = await post('/v1/listings', { chainId: 31337, order, signature: `0x${'ab'.repeat(20_000)}` })
    expect(answer.status).toBe(400)
    expect(answer.text).toContain('signature')
    expect(answer.text).toContain('at most')
  })
})
