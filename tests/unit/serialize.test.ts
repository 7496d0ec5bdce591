import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checksum, isoTime, toPrice } from '../../server/queries/serialize'

/** The whole range a Date holds: ±100,000,000 days around 1970. */
const EVERY_DATE_MS = 8.64e15

describe('API values', () => {
  it('writes every time exactly as Date#toISOString does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -EVERY_DATE_MS, max: EVERY_DATE_MS }), (ms) => {
        expect(isoTime(new Date(ms))).toBe(new Date(ms).toISOString())
      }),
      { numRuns: 20_000 },
    )
    for (const text of [
      '1970-01-01T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '2026-11-23T09:05:07.010Z',
      '-271821-04-20T00:00:00.000Z',
      '+275760-09-13T00:00:00.000Z',
    ]) {
      expect(isoTime(new Date(text))).toBe(text)
    }
    expect(() => isoTime(new Date(NaN))).toThrow(RangeError)
  })

  it('gives prices in exact ETH and addresses checksummed, from the memo too', () => {
    for (let round = 0; round < 2; round++) {
      expect(toPrice('1234500000000000000001', null)).toEqual({
        wei: '1234500000000000000001',
        eth: '1234.500000000000000001',
        currency: 'ETH',
      })
      expect(toPrice('9100000000000000', 'WETH')).toEqual({ wei: '9100000000000000', eth: '0.0091', currency: 'WETH' })
      expect(checksum('0x71c7656ec7ab88b098defb751b7401b5f6d8976f')).toBe('0x71C7656EC7ab88b098defB751B7401B5f6d8976F')
    }
    expect(toPrice(null, 'ETH')).toBeNull()
    expect(() => toPrice('1.5', null)).toThrow(SyntaxError)
  })
})
