/**
 * Trait filters as a URL names them: `trait=Type:Value` (repeatable: values of one type are OR'd,
 * types AND'ed) and `traitRange=Type:min..max` for numeric traits (either bound may be left out).
 * The first unescaped colon ends the type; a colon or backslash inside a type is written `\:` or
 * `\\`. The value is everything after, colons and all.
 */
import { z } from './zod'
import { idOrSlugSchema } from './fields'

/** Trait values one list may ask for at once (of all types together). */
export const TRAIT_VALUES_MAX = 50
/** What a stored trait may be (server/metadata/parse.ts cuts longer ones). */
const TYPE_MAX = 64
const VALUE_MAX = 200

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

type Ctx = z.core.$RefinementCtx<string>

function traitType(text: string, ctx: Ctx, form: string): { type: string; rest: string } | typeof z.NEVER {
  const split = splitTrait(text)
  if (!split) {
    ctx.addIssue({ code: 'custom', message: `"${text}" must be ${form} (a colon after the trait type)` })
    return z.NEVER
  }
  if (!split.type.trim()) {
    ctx.addIssue({ code: 'custom', message: `"${text}" names no trait type before the colon` })
    return z.NEVER
  }
  if (split.type.length > TYPE_MAX) {
    ctx.addIssue({ code: 'custom', message: `a trait type is at most ${TYPE_MAX} characters` })
    return z.NEVER
  }
  return split
}

export const traitFilterSchema = z.string().transform((text, ctx) => {
  const split = traitType(text, ctx, 'Type:Value')
  if (split === z.NEVER) return z.NEVER
  if (split.rest === '') {
    ctx.addIssue({ code: 'custom', message: `"${text}" names no value after the colon` })
    return z.NEVER
  }
  if (split.rest.length > VALUE_MAX) {
    ctx.addIssue({ code: 'custom', message: `a trait value is at most ${VALUE_MAX} characters` })
    return z.NEVER
  }
  return { type: split.type, value: split.rest }
})
export type TraitFilter = z.output<typeof traitFilterSchema>

const bound = (text: string) => (text.trim() === '' ? undefined : Number(text))

export const traitRangeSchema = z.string().transform((text, ctx) => {
  const split = traitType(text, ctx, 'Type:min..max')
  if (split === z.NEVER) return z.NEVER
  const [low, high, ...more] = split.rest.split('..')
  const min = bound(low ?? '')
  const max = high === undefined ? undefined : bound(high)
  const numbers = [min, max].filter((n) => n !== undefined)
  if (high === undefined || more.length || !numbers.length || numbers.some((n) => !Number.isFinite(n))) {
    ctx.addIssue({ code: 'custom', message: `"${text}" must be Type:min..max with numbers (either may be left out)` })
    return z.NEVER
  }
  if (min !== undefined && max !== undefined && min > max) {
    ctx.addIssue({ code: 'custom', message: `"${text}": min ${min} is greater than max ${max}` })
    return z.NEVER
  }
  return { type: split.type, min, max }
})
export type TraitRange = z.output<typeof traitRangeSchema>

/** A repeatable query parameter: one value or several (a form or URL may give either). */
const repeatable = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(item))

export const traitFiltersSchema = repeatable(traitFilterSchema).refine(
  (filters) => filters.length <= TRAIT_VALUES_MAX,
  {
    message: `at most ${TRAIT_VALUES_MAX} trait values at once`,
  },
)
export const traitRangesSchema = repeatable(traitRangeSchema).refine((ranges) => ranges.length <= TRAIT_VALUES_MAX, {
  message: `at most ${TRAIT_VALUES_MAX} ranges at once`,
})

/** The filters grouped by type, in the order first asked (values of a type OR'd, types AND'ed). */
export function groupTraits(filters: TraitFilter[]): { type: string; values: string[] }[] {
  const groups = new Map<string, Set<string>>()
  for (const { type, value } of filters) groups.set(type, (groups.get(type) ?? new Set()).add(value))
  return [...groups].map(([type, values]) => ({ type, values: [...values] }))
}

/** collection.traits and GET /collections/{idOrSlug}/traits. */
export const traitsInput = z.object({
  idOrSlug: idOrSlugSchema,
  type: z.string().min(1, 'must not be empty').max(TYPE_MAX, `must be at most ${TYPE_MAX} characters`).optional(),
  q: z.string().trim().max(VALUE_MAX, `must be at most ${VALUE_MAX} characters`).optional(),
})
