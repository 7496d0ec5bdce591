/**
 * Is an imported collection's name a copy of a verified collection's? Impostors keep the name a
 * buyer searches for and change what a glance misses: case, spaces, punctuation, accents,
 * look-alike letters from other scripts (Cyrillic "а" for "a"), digits for letters ("C00l"), or
 * one typo. Names are compared by a "skeleton" that erases those differences, then by edit
 * distance on the skeletons.
 */

/** Characters read as another; each maps to the Latin letter a reader takes it for. */
const CONFUSABLES: Record<string, string> = {
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  $: 's',
  '@': 'a',
  '|': 'l',
  '!': 'l',
  i: 'l',
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'l',
  ї: 'l',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ӏ: 'l',
  ԛ: 'q',
  ԝ: 'w',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'l',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
}

/** The name with every difference a glance misses erased: what two lookalike names share. */
export function nameSkeleton(name: string): string {
  const letters = [...name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()]
    .map((c) => CONFUSABLES[c] ?? c)
    .join('')
  return letters
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/[^a-z0-9]/g, '')
}

/** Levenshtein distance, giving up (answering max + 1) past `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      best = Math.min(best, current[j]!)
    }
    if (best > max) return max + 1
    previous = current
  }
  return previous[b.length]!
}

/**
 * How many typos still make a copy: none for short names (too many honest names are one letter
 * apart), one from 6 letters, two from 12.
 */
const typosAllowed = (length: number) => (length >= 12 ? 2 : length >= 6 ? 1 : 0)

/**
 * The verified collection `name` imitates, if any: the one whose skeleton it equals, else the
 * nearest within the typos its length allows.
 */
export function findLookalike<T extends { id: number; name: string }>(name: string, verified: readonly T[]): T | null {
  const skeleton = nameSkeleton(name)
  if (!skeleton) return null
  let best: { collection: T; distance: number } | null = null
  for (const collection of verified) {
    const other = nameSkeleton(collection.name)
    if (!other) continue
    const max = typosAllowed(Math.min(skeleton.length, other.length))
    const distance = editDistance(skeleton, other, max)
    if (distance <= max && (!best || distance < best.distance)) best = { collection, distance }
    if (distance === 0) break
  }
  return best?.collection ?? null
}
