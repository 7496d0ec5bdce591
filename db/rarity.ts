/**
 * Rarity by OpenRarity's method: a token's score is its information content (the sum, over the
 * collection's trait types, of −log2 of the share of tokens carrying its value) divided by the
 * collection's entropy. A trait type the token lacks counts as a null value; the number of traits a
 * token has counts as one more trait type; numeric and date traits are left out. Types and values
 * are compared trimmed and lowercased, as OpenRarity does. Equal scores (within 1e-9, relative)
 * share a rank, and the next rank skips: 1, 2, 2, 4.
 */
import type { Trait } from './schema/nfts'

export interface RarityInput {
  id: number
  traits: Trait[]
}

export interface Rarity {
  id: number
  rank: number
  score: number
}

const NULL_VALUE = '\u0000null'
const normal = (text: string) => text.trim().toLowerCase()

/** The traits that count: string traits, normalized, the first of each type. */
function stringTraits(traits: Trait[]): Map<string, string> {
  const out = new Map<string, string>()
  for (const trait of traits) {
    if (trait.display_type) continue
    const type = normal(trait.trait_type)
    if (!out.has(type)) out.set(type, normal(trait.value))
  }
  return out
}

const isClose = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b))

/**
 * Every token's rank and score, rarest first (ties in token id order); null when no token of the
 * collection has a string trait (nothing to rank by).
 */
export function rankByRarity(tokens: RarityInput[]): Rarity[] | null {
  const total = tokens.length
  const tokenTraits = tokens.map((token) => stringTraits(token.traits))
  if (!tokenTraits.some((traits) => traits.size > 0)) return null

  // How many tokens carry each value of each type; the trait count is one more type.
  const counts = new Map<string, Map<string, number>>()
  const add = (type: string, value: string) => {
    const values = counts.get(type) ?? new Map<string, number>()
    values.set(value, (values.get(value) ?? 0) + 1)
    counts.set(type, values)
  }
  for (const traits of tokenTraits) for (const [type, value] of traits) add(type, value)
  const types = [...counts.keys()]
  for (const values of counts.values()) {
    let carried = 0
    for (const count of values.values()) carried += count
    if (carried < total) values.set(NULL_VALUE, total - carried)
  }
  const TRAIT_COUNT = '\u0000trait_count'
  for (const traits of tokenTraits) add(TRAIT_COUNT, String(traits.size))

  let entropy = 0
  for (const values of counts.values()) {
    for (const count of values.values()) {
      entropy += (count / total) * Math.log2(total / count)
    }
  }
  // One token, or every token alike: no surprise anywhere, so the scores are not scaled.
  const scale = entropy > 0 ? entropy : 1

  const scored = tokens.map((token, i) => {
    const traits = tokenTraits[i]!
    let information = Math.log2(total / counts.get(TRAIT_COUNT)!.get(String(traits.size))!)
    for (const type of types) {
      information += Math.log2(total / counts.get(type)!.get(traits.get(type) ?? NULL_VALUE)!)
    }
    return { id: token.id, score: information / scale, rank: 0 }
  })
  scored.sort((a, b) => b.score - a.score || a.id - b.id)
  scored.forEach((token, i) => {
    const before = scored[i - 1]
    token.rank = before && isClose(before.score, token.score) ? before.rank : i + 1
  })
  return scored
}
