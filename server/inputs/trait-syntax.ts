/**
 * Trait filters as a URL names them, without zod (the browser builds its links with these):
 * `trait=Type:Value` (repeatable: values of one type are any-of, types all-of) and
 * `traitRange=Type:min..max` for numeric traits (either bound may be left out). The first
 * unescaped colon ends the type; a colon or backslash inside a type is written `\:` or `\\`.
 * The value is everything after, colons and all.
 */

/** Trait values one list may ask for at once (of all types together). */
export const TRAIT_VALUES_MAX = 50
/** Types a page of a collection's traits answers, most common first, each with its most common values. */
export const TYPES_PER_PAGE = 30
/** Values answered per type on a page of types; the rest are asked for by `type`. */
export const VALUES_PER_TYPE = 20
/** Values a page of one type answers at most. */
export const VALUES_PER_PAGE = 200
/** What a stored trait may be (server/metadata/parse.ts cuts longer ones). */
export const TRAIT_TYPE_MAX = 64
export const TRAIT_VALUE_MAX = 200

/** `Type:rest` at the first unescaped colon, the type unescaped; null without one. */
export function splitTrait(text: string): { type: string; rest: string } | null {
  let type = ''
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (char === '\\' && i + 1 < text.length) type += text[++i]
    else if (char === ':') return { type, rest: text.slice(i + 1) }
    else type += char
  }
  return null
}

/** A trait type as `trait` and `traitRange` write it. */
export const escapeTraitType = (type: string) => type.replace(/[\\:]/g, (c) => `\\${c}`)

/** A value of a type, as `trait=` names it. */
export const traitFilter = (type: string, value: string) => `${escapeTraitType(type)}:${value}`

/** A numeric type's range, as `traitRange=` names it (an absent bound left empty). */
export const traitRange = (type: string, min: number | undefined, max: number | undefined) =>
  `${escapeTraitType(type)}:${min ?? ''}..${max ?? ''}`
