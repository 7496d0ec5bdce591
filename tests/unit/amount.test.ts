import { describe, expect, it } from 'vitest'
import { parseBidAmount } from '../../app/lib/amount'

describe('parseBidAmount', () => {
  it('turns ETH text into exact wei', () => {
    expect(parseBidAmount('0.05')).toEqual({ wei: 50_000_000_000_000_000n })
    expect(parseBidAmount('1.000000000000000001')).toEqual({ wei: 1_000_000_000_000_000_001n })
  })
  it.each([
    ['', 'Enter an amount in ETH.'],
    ['abc', 'Use digits and one decimal point, like 0.05.'],
    ['-1', 'Use digits and one decimal point, like 0.05.'],
    ['0', 'The bid must be more than 0 ETH.'],
    ['0.0000000000000000001', 'ETH has at most 18 decimals.'],
  ])('refuses %j: %s', (text, error) => {
    expect(parseBidAmount(text)).toEqual({ error })
  })
})
