/**
 * The rarity method against fixtures computed by hand (OpenRarity's information content):
 * score = Σ −log2(share of the token's value, or of the null value) / the collection's entropy.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rankByRarity, rankInSlices, RARITY_SLICE, type RarityInput } from '../../db/rarity'
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

  it('scores as the definition does, summed over every trait type of the collection for every token', () => {
    const trait = fc.record({
      trait_type: fc.constantFrom('Hat', 'hat ', 'Eyes', 'Mouth', 'Aura', 'Fur'),
      value: fc.constantFrom('red', 'Red', 'blue', 'none', '1'),
      display_type: fc.option(fc.constant('number'), { nil: undefined, freq: 6 }),
    })
    const collection = fc
      .array(fc.array(trait, { maxLength: 5 }), { minLength: 1, maxLength: 40 })
      .map((lists) => lists.map((traits, i) => ({ id: i + 1, traits })))
    fc.assert(
      fc.property(collection, (tokens) => {
        const expected = byDefinition(tokens)
        const ranks = rankByRarity(tokens)
        if (expected === null) {
          expect(ranks).toBeNull()
          return
        }
        const got = new Map(ranks!.map((r) => [r.id, r]))
        for (const [id, want] of expected) {
          expect(got.get(id)!.rank).toBe(want.rank)
          expect(got.get(id)!.score).toBeCloseTo(want.score, 12)
        }
      }),
      { numRuns: 2_000 },
    )
  })

  it('costs what the traits carried cost, in slices: 5,000 tokens with 22 trait types of their own each', async () => {
    const tokens = Array.from({ length: 5_000 }, (_, i) => ({
      id: i + 1,
      traits: Array.from({ length: 22 }, (_, k) => ({ trait_type: `t${i}-${k}`, value: `v${i}-${k}` })),
    }))
    let pauses = 0
    const ranks = await rankInSlices(tokens, async () => void pauses++)
    // Every token alike in its surprise: all share rank 1.
    expect(ranks!.every((r) => r.rank === 1)).toBe(true)
    expect(ranks).toEqual(rankByRarity(tokens))
    // A slice is RARITY_SLICE steps, and the steps are a few per trait: never tokens × types.
    expect(pauses).toBeGreaterThan(5)
    expect(pauses).toBeLessThan((4 * 5_000 * 23) / RARITY_SLICE + 4)
  })
})

/** The method as written: for every token, every trait type of the collection (and the trait count). */
function byDefinition(tokens: RarityInput[]): Map<number, { rank: number; score: number }> | null {
  const norm = (text: string) => text.trim().toLowerCase()
  const own = tokens.map((token) => {
    const traits = new Map<string, string>()
    for (const t of token.traits) {
      if (!t.display_type && !traits.has(norm(t.trait_type))) traits.set(norm(t.trait_type), norm(t.value))
    }
    return traits
  })
  if (own.every((traits) => traits.size === 0)) return null
  const types = [...new Set(own.flatMap((traits) => [...traits.keys()]))]
  const n = tokens.length
  const columns = [...types.map((type) => own.map((traits) => traits.get(type) ?? null)), own.map((t) => `#${t.size}`)]
  const share = (column: (string | null)[], value: string | null) => column.filter((v) => v === value).length / n
  let entropy = 0
  for (const column of columns)
    for (const value of new Set(column)) entropy -= share(column, value) * Math.log2(share(column, value))
  const scores = tokens.map((token, i) => ({
    id: token.id,
    score: columns.reduce((sum, column) => sum - Math.log2(share(column, column[i]!)), 0) / (entropy > 0 ? entropy : 1),
  }))
  const ranked = new Map<number, { rank: number; score: number }>()
  for (const { id, score } of scores) {
    const higher = scores.filter(
      (other) => other.score - score > 1e-9 * Math.max(Math.abs(score), Math.abs(other.score)),
    )
    ranked.set(id, { rank: higher.length + 1, score })
  }
  return ranked
}
