/** Trait filters (`trait=Type:Value`, `traitRange=Type:min..max`; ./trait-syntax.ts) and the traits query. */
import { z } from './zod'
import { idOrSlugSchema } from './fields'
import {
  splitTrait,
  TRAIT_TYPE_MAX as TYPE_MAX,
  TRAIT_VALUE_MAX as VALUE_MAX,
  TRAIT_VALUES_MAX,
  TYPES_PER_PAGE,
  VALUES_PER_PAGE,
} from './trait-syntax'

export { TRAIT_VALUES_MAX }

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

/** collection.traits and GET /collections/{idOrSlug}/traits: a page of types, or of one type's values. */
export const traitsInput = z
  .object({
    idOrSlug: idOrSlugSchema,
    type: z.string().min(1, 'must not be empty').max(TYPE_MAX, `must be at most ${TYPE_MAX} characters`).optional(),
    q: z.string().trim().max(VALUE_MAX, `must be at most ${VALUE_MAX} characters`).optional(),
    limit: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(VALUES_PER_PAGE, `must be at most ${VALUES_PER_PAGE}`)
      .optional(),
    // Long enough for a type's cursor, whose row holds a value of up to 200 characters.
    cursor: z.string().max(2_000, 'is too long').optional(),
  })
  .refine((input) => input.type !== undefined || input.limit === undefined || input.limit <= TYPES_PER_PAGE, {
    path: ['limit'],
    message: `must be at most ${TYPES_PER_PAGE} types (or ${VALUES_PER_PAGE} values with type)`,
  })
