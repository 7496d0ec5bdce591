/**
 * Is an imported collection's name a copy of a verified collection's? Impostors keep the name a
 * buyer searches for and change what a glance misses: case, spaces, punctuation, accents,
 * look-alike letters from other scripts (Cyrillic "а" for "a"), digits for letters ("C00l"), or
 * one typo; or they keep the whole name and add a word ("Official", "Mint", "V2"). Names are
 * compared by a "skeleton" that erases those differences, then by edit distance on the
 * skeletons, whole and word by word.
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

/** Words an impostor adds to a name, or a project drops from its own, without changing what it names. */
const FILLER = new Set(
  (
    'the official officials real original genuine authentic og nft nfts club collection collective ' +
    'genesis edition editions project local airdrop'
  )
    .split(' ')
    .map(nameSkeleton),
)

/**
 * Words an impostor adds to sell a copy as the real collection's mint or drop page. Looked past
 * only around a short one-word verified name, and only in the imported name: "Art" or "Pass"
 * may be part of a real name.
 */
const PROMO = new Set(
  (
    'mint minting minted pass passes claim claims free drop drops reveal revealed presale sale ' +
    'whitelist wl allowlist giveaway launch access holder holders reward rewards token tokens ' +
    'labs studio studios art verified'
  )
    .split(' ')
    .map(nameSkeleton),
)

interface Word {
  skeleton: string
  /** A filler word, a number ("2", "2024") or a version ("V2"). */
  filler: boolean
  promo: boolean
}

/** The name's words, camelCase split ("HarbourLights"); a character read as a letter ("C!ub") joins a word. */
function nameWords(name: string): Word[] {
  const spaced = [...name.normalize('NFKD').replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')]
    .map((c) => (/[\p{L}\p{N}\p{M}]/u.test(c) || Object.hasOwn(CONFUSABLES, c) ? c : ' '))
    .join('')
  return spaced
    .split(' ')
    .map((token) => ({
      skeleton: nameSkeleton(token),
      filler: /^v?\d+$/i.test(token) || FILLER.has(nameSkeleton(token)),
      promo: PROMO.has(nameSkeleton(token)),
    }))
    .filter((word) => word.skeleton !== '')
}

/** A verified name needs this many letters, filler aside, before words around it are looked past. */
const MIN_CORE_LENGTH = 4

/**
 * A one-word verified name this long is distinctive enough that any words around it still make
 * a copy ("Moonbirds Garden", "Doodles Claim"). Shorter ones ("Azuki", "Cats", "Pixel") are
 * too often part of an honest name ("Azuki Garden"), so only promotional words around them do
 * ("Azuki Mint"). Six, as for the first typo: from there a one-word name is rarely a chance hit.
 */
const MIN_DISTINCTIVE_WORD = 6

/**
 * How far `name`'s words are from the verified name's, filler words left out of both: the
 * whole, or a run of consecutive words with other words around it. Any words, when the verified
 * name has two words or more besides filler or one distinctive word (so that sharing one common
 * word is not enough); else only promotional ones. Infinity when none is within the typos the
 * length allows.
 */
function wordDistance(name: Word[], verified: Word[]): number {
  const core = verified.filter((w) => !w.filler).map((w) => w.skeleton)
  const target = core.join('')
  if (target.length < MIN_CORE_LENGTH) return Infinity
  const words = name.filter((w) => !w.filler)
  const anyAround = core.length >= 2 || target.length >= MIN_DISTINCTIVE_WORD
  const max = typosAllowed(target.length)
  let best = Infinity
  for (let from = 0; from < words.length; from++) {
    let run = ''
    for (let to = from; to < words.length; to++) {
      run += words[to]!.skeleton
      if (run.length > target.length + max) break
      const around = words.filter((_, k) => k < from || k > to)
      if (!anyAround && !around.every((w) => w.promo)) continue
      const distance = editDistance(run, target, max)
      if (distance <= max) best = Math.min(best, distance)
    }
  }
  return best
}

/**
 * The verified collection `name` imitates, if any: the one whose skeleton it equals, else the
 * nearest within the typos its length allows; a match word by word (filler or other words
 * around the verified name) ranks after a whole-name match as close.
 */
export function findLookalike<T extends { id: number; name: string }>(name: string, verified: readonly T[]): T | null {
  const skeleton = nameSkeleton(name)
  if (!skeleton) return null
  const words = nameWords(name)
  let best: { collection: T; distance: number } | null = null
  for (const collection of verified) {
    const other = nameSkeleton(collection.name)
    if (!other) continue
    const max = typosAllowed(Math.min(skeleton.length, other.length))
    const whole = editDistance(skeleton, other, max)
    const distance = whole <= max ? whole : wordDistance(words, nameWords(collection.name)) + 0.5
    if (distance < (best?.distance ?? Infinity)) best = { collection, distance }
    if (distance === 0) break
  }
  return best?.collection ?? null
}
