/** The charts' pure arithmetic: scales, ticks, labels, the sentences they are read as, and the seed's floor history. */
import { describe, expect, it } from 'vitest'
import {
  dateLabel,
  ethTick,
  historySummary,
  holdersSummary,
  linear,
  niceStep,
  salesSummary,
  ticksFromZero,
  timeTicks,
  weiToEth,
} from '../../app/components/charts/scale'
import { floorHistory } from '../../db/seed/floors'

const bucket = (start: string, floor: string | null, wei: string, sales: number) => ({
  start,
  floor: floor === null ? null : { eth: floor },
  volume: { wei, eth: weiToEth(BigInt(wei)) },
  sales,
})

describe('scales and ticks', () => {
  it('maps a domain onto a range, a flat domain to its middle', () => {
    const x = linear([10, 20], [0, 100])
    expect([x(10), x(15), x(20)]).toEqual([0, 50, 100])
    expect(linear([0, 4], [140, 20])(1)).toBe(110)
    expect(linear([5, 5], [0, 100])(5)).toBe(50)
  })

  it('steps of 1, 2 or 5 times a power of ten, ticks from zero covering the maximum', () => {
    expect(niceStep(10, 4)).toBe(5)
    expect(niceStep(0.37, 3)).toBe(0.2)
    expect(niceStep(0, 3)).toBe(1)
    expect(ticksFromZero(4.17, 3)).toEqual([0, 2, 4, 6])
    expect(ticksFromZero(0.052, 4)).toEqual([0, 0.02, 0.04, 0.06])
    expect(ticksFromZero(100, 1)).toEqual([0, 100])
    expect(ticksFromZero(0)).toEqual([0, 1])
  })

  it('spreads time ticks evenly, both ends included', () => {
    expect(timeTicks(0, 300, 4)).toEqual([0, 100, 200, 300])
    expect(timeTicks(5, 5)).toEqual([5])
  })

  it('labels dates in UTC, months with the year over long spans, and ETH with the decimals that tell ticks apart', () => {
    expect(dateLabel(Date.UTC(2026, 10, 3, 23, 59))).toBe('Nov 3')
    expect(dateLabel(Date.UTC(2026, 10, 3), 400 * 86_400_000)).toBe('Nov 2026')
    expect([0, 0.02, 0.5, 2, 150].map(ethTick)).toEqual(['0', '0.02', '0.5', '2', '150'])
  })

  it('writes wei as ETH exactly', () => {
    expect(weiToEth(96_400_000_000_000_000_001n)).toBe('96.400000000000000001')
    expect(weiToEth(0n)).toBe('0')
    expect(weiToEth(10n ** 18n)).toBe('1')
  })
})

describe('the sentences a chart is read as', () => {
  it('says where the floor went and what sold, summing volume exactly', () => {
    const buckets = [
      bucket('2026-11-01T00:00:00.000Z', null, '0', 0),
      bucket('2026-11-02T00:00:00.000Z', '0.52', '96000000000000000000', 200),
      bucket('2026-11-03T00:00:00.000Z', '0.41', '400000000000000000', 12),
    ]
    expect(historySummary(buckets, 'day')).toBe(
      'Floor fell from 0.52 ETH to 0.41 ETH over 3 days; 212 sales, 96.4 ETH volume.',
    )
    expect(historySummary([bucket('2026-11-01T00:00:00.000Z', '0.1', '0', 0)], 'day')).toBe(
      'Floor held at 0.1 ETH over 1 day; no sales.',
    )
    expect(historySummary([bucket('2026-11-01T00:00:00.000Z', null, '0', 0)], 'hour')).toBe(
      'No floor over 1 hour; no sales.',
    )
  })

  it('describes sales as points and the holders', () => {
    expect(salesSummary([])).toBe('No sales yet.')
    expect(
      salesSummary([
        { at: '2026-11-03T10:00:00.000Z', eth: '1.5' },
        { at: '2026-11-01T10:00:00.000Z', eth: '0.05' },
      ]),
    ).toBe('2 sales from 0.05 ETH to 1.5 ETH, Nov 1 to Nov 3.')
    expect(salesSummary([{ at: '2026-11-03T10:00:00.000Z', eth: '2' }])).toBe('1 sale at 2 ETH, Nov 3.')
    expect(holdersSummary(312, 18.5)).toBe('312 holders; the 10 largest hold 18.5% of the tokens.')
    expect(holdersSummary(0, 0)).toBe('No one holds a token yet.')
  })
})

describe("the seed's floor history", () => {
  const H = 3_600_000
  it("records an hour's low and the floor at its end, only when they change, holding it where nothing is known", () => {
    const rows = floorHistory(
      [
        { from: 1 * H, to: 10 * H, wei: 500n },
        { from: 3 * H + 600_000, to: 3 * H + 1_200_000, wei: 300n }, // twenty minutes in hour 3
        { from: 5 * H, to: 7 * H, wei: 400n },
      ],
      0,
      12 * H,
    )
    expect(rows).toEqual([
      { hour: 1 * H, lowWei: '500', floorWei: '500' },
      { hour: 3 * H, lowWei: '300', floorWei: '500' },
      { hour: 5 * H, lowWei: '400', floorWei: '400' },
      { hour: 7 * H, lowWei: '500', floorWei: '500' },
    ])
  })
})
