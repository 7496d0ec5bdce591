import { describe, expect, it } from 'vitest'
import {
  countdown,
  formatBalance,
  formatEth,
  formatPercent,
  relativeTime,
  sentenceCase,
  shortenAddress,
} from '../../app/lib/format'

describe('formatters', () => {
  it('shortens an address to its first 10 and last 8 characters', () => {
    expect(shortenAddress('0x71C7656EC7ab88b098defB751B7401B5f6d8976F')).toBe('0x71C7656E...f6d8976F')
  })
  it('formats ETH without float noise', () => {
    expect(formatEth('1234.500000000000000001')).toBe('1,234.5')
    expect(formatEth('0.0117')).toBe('0.0117')
    expect(formatEth('2')).toBe('2')
  })
  it('shows balances with exactly four decimals', () => {
    expect(formatBalance('0')).toBe('0.0000')
    expect(formatBalance('1.23456789')).toBe('1.2345')
  })
  it('tells relative times and countdowns', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(relativeTime('2025-12-31T21:00:00Z', now)).toBe('3 hours ago')
    expect(relativeTime('2026-01-03T00:00:00Z', now)).toBe('in 2 days')
    expect(countdown('2026-01-02T04:10:00Z', now)).toBe('1d 04h 10m')
    expect(countdown('2025-12-31T00:00:00Z', now)).toBe('Ended')
  })
  it('signs percentages', () => {
    expect(formatPercent(12.345)).toBe('+12.35%')
    expect(formatPercent(-3)).toBe('-3.00%')
    expect(formatPercent(null)).toBe('—')
  })
  it('starts a fee label as a line', () => {
    expect(sentenceCase('the creator earnings')).toBe('Creator earnings')
    expect(sentenceCase('platform fee')).toBe('Platform fee')
    expect(sentenceCase('')).toBe('')
  })
})
