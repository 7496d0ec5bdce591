/**
 * Rarity by OpenRarity's method: a token's score is its information content (the sum, over the
 * collection's trait types, of −log2 of the share of tokens carrying its value) divided by the
 * collection's entropy. A trait type the token lacks counts as a null value; the number of traits a
 * token has counts as one more trait type; numeric and date traits are left out. Types and values
 * are compared trimmed and lowercased, as OpenRarity does. Equal scores (within 1e-9, relative)
 * share a rank, and the next rank skips: 1, 2, 2, 4.
 *
 * The work grows with the traits the tokens carry, not with tokens × types: a collection whose
 * every token has types of its own would otherwise cost billions of steps. It runs in slices
 * (`rankInSlices`) so that a large collection never holds the event loop for long.
 */
import type { Trait } from './schema/nfts'
import { nextTurn } from './turns'

export interface RarityInput {
  id: number
  traits: Trait[]
}

export interface Rarity {
  id: number
  rank: number
  score: number
}

/** Steps (a trait counted or scored, a value summed) between two pauses: a few milliseconds of work. */
export const RARITY_SLICE = 10_000

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

/** A type's counts: of each value, and its place among the types (the order its terms are summed in). */
interface TypeCounts {
  order: number
  values: Map<string, number>
  /** −log2 of the share of tokens lacking the type; 0 when every token has it. */
  nullInformation: number
}

/**
 * The ranking as steps: it yields every RARITY_SLICE steps, and returns every token's rank and
 * score, rarest first (ties in token id order), or null when no token has a string trait.
 */
function* ranking(tokens: RarityInput[]): Generator<void, Rarity[] | null> {
  let steps = 0
  const total = tokens.length
  const tokenTraits: Map<string, string>[] = []
  for (const token of tokens) {
    tokenTraits.push(stringTraits(token.traits))
    if ((steps += token.traits.length + 1) >= RARITY_SLICE) yield void (steps = 0)
  }
  if (!tokenTraits.some((traits) => traits.size > 0)) return null

  // How many tokens carry each value of each type; the trait count is one more type.
  const types = new Map<string, TypeCounts>()
  const traitCounts = new Map<string, number>()
  for (const traits of tokenTraits) {
    for (const [type, value] of traits) {
      let counts = types.get(type)
      if (!counts) types.set(type, (counts = { order: types.size, values: new Map(), nullInformation: 0 }))
      counts.values.set(value, (counts.values.get(value) ?? 0) + 1)
    }
    const size = String(traits.size)
    traitCounts.set(size, (traitCounts.get(size) ?? 0) + 1)
    if ((steps += traits.size + 1) >= RARITY_SLICE) yield void (steps = 0)
  }

  // The entropy, and what lacking each type tells: a token's information is then the sum over
  // the types it has plus, for all it lacks, the sum of every type's null term less its own.
  const term = (count: number) => Math.log2(total / count)
  let entropy = 0
  let lackingAll = 0
  for (const counts of types.values()) {
    let carried = 0
    for (const count of counts.values.values()) {
      carried += count
      entropy += (count / total) * term(count)
    }
    if (carried < total) {
      counts.nullInformation = term(total - carried)
      entropy += ((total - carried) / total) * counts.nullInformation
      lackingAll += counts.nullInformation
    }
    if ((steps += counts.values.size) >= RARITY_SLICE) yield void (steps = 0)
  }
  for (const count of traitCounts.values()) entropy += (count / total) * term(count)
  // One token, or every token alike: no surprise anywhere, so the scores are not scaled.
  const scale = entropy > 0 ? entropy : 1

  const scored: Rarity[] = []
  for (const [i, token] of tokens.entries()) {
    const traits = tokenTraits[i]!
    // Its own types in the collection's order of types, so that equal tokens sum equal terms.
    const own = [...traits].map(([type, value]) => ({ counts: types.get(type)!, value }))
    own.sort((a, b) => a.counts.order - b.counts.order)
    let information = term(traitCounts.get(String(traits.size))!)
    let lackingOwn = 0
    for (const { counts, value } of own) {
      information += term(counts.values.get(value)!)
      lackingOwn += counts.nullInformation
    }
    information += lackingAll - lackingOwn
    scored.push({ id: token.id, score: information / scale, rank: 0 })
    if ((steps += own.length + 1) >= RARITY_SLICE) yield void (steps = 0)
  }
  scored.sort((a, b) => b.score - a.score || a.id - b.id)
  scored.forEach((token, i) => {
    const before = scored[i - 1]
    token.rank = before && isClose(before.score, token.score) ? before.rank : i + 1
  })
  return scored
}

/**
 * Every token's rank and score, rarest first (ties in token id order); null when no token of the
 * collection has a string trait (nothing to rank by).
 */
export function rankByRarity(tokens: RarityInput[]): Rarity[] | null {
  const steps = ranking(tokens)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/** As rankByRarity, awaiting `pause` between slices, so other work runs between them. */
export async function rankInSlices(tokens: RarityInput[], pause = nextTurn): Promise<Rarity[] | null> {
  const steps = ranking(tokens)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
    await pause()
  }
}
