/**
 * The rarity method against fixtures computed by hand (OpenRarity's information content):
 * score = Σ −log2(share of the token's value, or of the null value) / the collection's entropy.
 */
import { describe, expect, it } from 'vitest'
import { rankByRarity } from '../../db/rarity'
import type { Trait } from '../../db/schema'

const color = (value: string): Trait => ({ trait_type: 'Color', value })

describe('rankByRarity', () => {
  it('counts a missing trait as a null value and the number of traits as a trait', () => {
    // Color: red 2, blue 1, null 1 → entropy 1.5; trait count: one trait 3, none 1 → 0.811278.
    // Collection entropy 2.311278. Information: red 1 + 0.415037, blue 2 + 0.415037, none 2 + 2.
    const ranks = rankByRarity([
      { id: 1, traits: [color('Red')] },
      { id: 2, traits: [color('red ')] },
      { id: 3, traits: [color('Blue')] },
      { id: 4, traits: [] },
    ])!
    expect(ranks.map((r) => [r.id, r.rank])).toEqual([
      [4, 1],
      [3, 2],
      [1, 3],
      [2, 3],
    ])
    const score = Object.fromEntries(ranks.map((r) => [r.id, r.score]))
    expect(score[4]).toBeCloseTo(4 / 2.311278124459133, 12)
    expect(score[3]).toBeCloseTo(1.0448926391513318, 12)
    expect(score[1]).toBeCloseTo(0.6122315978783297, 12)
    expect(score[2]).toBe(score[1])
  })

  it('gives equal scores one rank and skips the ranks they took (1, 1, 3, 3)', () => {
    // Color: red 1, blue 1, green 2 → entropy 1.5; everyone has one trait (no information).
    const ranks = rankByRarity([
      { id: 10, traits: [color('green')] },
      { id: 11, traits: [color('red')] },
      { id: 12, traits: [color('blue')] },
      { id: 13, traits: [color('green')] },
    ])!
    expect(ranks.map((r) => [r.id, r.rank, r.score])).toEqual([
      [11, 1, 2 / 1.5],
      [12, 1, 2 / 1.5],
      [10, 3, 1 / 1.5],
      [13, 3, 1 / 1.5],
    ])
  })

  it('leaves numeric and date traits out', () => {
    const level = (value: string): Trait => ({ trait_type: 'Level', value, display_type: 'number' })
    const born = (value: string): Trait => ({ trait_type: 'Born', value, display_type: 'date' })
    const withNumbers = rankByRarity([
      { id: 1, traits: [color('red'), level('1'), born('1700000000')] },
      { id: 2, traits: [color('red'), level('99')] },
      { id: 3, traits: [color('blue')] },
    ])
    const without = rankByRarity([
      { id: 1, traits: [color('red')] },
      { id: 2, traits: [color('red')] },
      { id: 3, traits: [color('blue')] },
    ])
    expect(withNumbers).toEqual(without)
  })

  it('ranks nothing when no token has a text trait', () => {
    expect(rankByRarity([])).toBeNull()
    expect(rankByRarity([{ id: 1, traits: [] }])).toBeNull()
    expect(rankByRarity([{ id: 1, traits: [{ trait_type: 'Level', value: '3', display_type: 'number' }] }])).toBeNull()
  })

  it('scores a collection without surprise (one token, or all alike) as 0, all rank 1', () => {
    expect(rankByRarity([{ id: 7, traits: [color('red')] }])).toEqual([{ id: 7, rank: 1, score: 0 }])
    expect(
      rankByRarity([
        { id: 1, traits: [color('red')] },
        { id: 2, traits: [color('red')] },
      ])!.map((r) => r.rank),
    ).toEqual([1, 1])
  })

  it('ranks 10,000 tokens with thousands of distinct values', () => {
    const tokens = Array.from({ length: 10_000 }, (_, i) => ({
      id: i + 1,
      traits: [color(`c${i % 7}`), { trait_type: 'Serial', value: `s${i % 5_000}` }, ...(i % 97 ? [] : [color('x')])],
    }))
    const ranks = rankByRarity(tokens)!
    expect(ranks).toHaveLength(10_000)
    expect(ranks[0]!.rank).toBe(1)
    for (let i = 1; i < ranks.length; i++) expect(ranks[i]!.score).toBeLessThanOrEqual(ranks[i - 1]!.score)
  })
})
