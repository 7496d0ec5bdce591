/**
 * The order a client submits: every uint256 field may be written in decimal or in 0x-hex (as
 * seaport-js writes the salt), and nothing above 2^256 − 1 passes in either notation.
 */
import { maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { submitOrderInput } from '../../server/trading/order-input'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const zero = `0x${'0'.repeat(40)}`
const zeroHash = `0x${'0'.repeat(64)}`

function body(uints: { amount?: string; salt?: string; counter?: string; tokenId?: string } = {}) {
  const amount = uints.amount ?? '1000000000000000000'
  return {
    chainId: 31337,
    order: {
      offerer: address,
      zone: zero,
      offer: [
        { itemType: 2, token: address, identifierOrCriteria: uints.tokenId ?? '7', startAmount: '1', endAmount: '1' },
      ],
      consideration: [
        {
          itemType: 0,
          token: zero,
          identifierOrCriteria: '0',
          startAmount: amount,
          endAmount: amount,
          recipient: address,
        },
      ],
      orderType: 0,
      startTime: '1700000000',
      endTime: '0x6553f100',
      zoneHash: zeroHash,
      salt: uints.salt ?? '42',
      conduitKey: zeroHash,
      counter: uints.counter ?? '0',
    },
    signature: `0x${'ab'.repeat(64)}`,
  }
}

const messages = (input: unknown) => {
  const parsed = submitOrderInput.safeParse(input)
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('uint256 fields of a submitted order', () => {
  it('reads 0x-hex salt, counter, token id and amounts as the same numbers as decimal', () => {
    const hex = submitOrderInput.parse(
      body({
        amount: '0xde0b6b3a7640000',
        salt: `0x${'00'.repeat(28)}0000002a`,
        counter: '0x0',
        tokenId: '0x7',
      }),
    )
    const decimal = submitOrderInput.parse(body())
    expect(hex.order).toEqual(decimal.order)
    expect(decimal.order.salt).toBe(42n)
    expect(decimal.order.endTime).toBe(1_700_000_000n)
    expect(decimal.order.consideration[0]!.startAmount).toBe(10n ** 18n)
  })

  it('accepts 2^256 − 1 and refuses 2^256 in decimal and in hex, naming the field', () => {
    expect(submitOrderInput.parse(body({ salt: maxUint256.toString() })).order.salt).toBe(maxUint256)
    expect(submitOrderInput.parse(body({ salt: `0x${'f'.repeat(64)}` })).order.salt).toBe(maxUint256)
    const tooBig = (maxUint256 + 1n).toString()
    expect(messages(body({ salt: tooBig }))).toEqual(['order.salt: must be at most 2^256 − 1 (a uint256)'])
    expect(messages(body({ counter: `0x1${'0'.repeat(64)}` }))).toEqual([
      'order.counter: must be at most 2^256 − 1 (a uint256)',
    ])
    expect(messages(body({ amount: `0x${'0'.repeat(10)}1${'0'.repeat(64)}` }))).toContain(
      'order.consideration.0.startAmount: must be at most 2^256 − 1 (a uint256)',
    )
  })

  it('refuses what is neither decimal nor 0x-hex', () => {
    for (const salt of ['', '0x', '-1', '1.5', '1e18', '0xfg', ' 1', 'ff']) {
      expect(messages(body({ salt }))).toEqual([
        'order.salt: must be a whole number written in decimal or as 0x-prefixed hex',
      ])
    }
  })
})
