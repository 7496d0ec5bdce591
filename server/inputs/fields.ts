/** zod fields shared by the tRPC inputs, the REST shims and the forms (same schema, same messages). */
import { z } from './zod'
import { CATEGORIES } from '../../db/schema/categories'
import { cleanLine, cleanParagraphs } from '../metadata/text'

export const MAX_LIMIT = 100
export const DEFAULT_LIMIT = 24

export const limitSchema = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(MAX_LIMIT, `must be at most ${MAX_LIMIT}`)
  .default(DEFAULT_LIMIT)

/** A wallet address in any case; always handed on lowercase. */
export const addressSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
  .transform((value) => value.toLowerCase())

export const categorySchema = z.enum(CATEGORIES, { error: `must be one of ${CATEGORIES.join(', ')}` })
export const chainIdSchema = z.coerce
  .number({ error: 'must be a chain id' })
  .int('must be a chain id')
  .positive('must be a chain id')

/** A category to filter by (any case), or `all` for every category. */
export const categoryFilterSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum([...CATEGORIES, 'all'], { error: `must be all or one of ${CATEGORIES.join(', ')}` }))
  .transform((value) => (value === 'all' ? undefined : value))
  .optional()
  .meta({ enum: [...CATEGORIES, 'all'], description: 'a category (any case), or all for every category' })

/**
 * A chain id to filter by, or `all` for every chain. A union (not a preprocess) so the OpenAPI
 * document says both: a JSON Schema pattern has no flags, hence the spelled-out letter classes.
 */
export const chainFilterSchema = z
  .union(
    [
      z
        .string()
        .trim()
        .regex(/^[Aa][Ll][Ll]$/)
        .transform(() => undefined),
      chainIdSchema,
    ],
    { error: 'must be a chain id, or all' },
  )
  .optional()
  .meta({ description: 'a chain id, or all (any case) for every chain' })

/** A price in ETH as decimal text or number, e.g. "0.5". */
export const ethAmountSchema = z.coerce
  .number({ error: 'must be an amount in ETH' })
  .finite('must be an amount in ETH')
  .nonnegative('must not be negative')

export const idOrSlugSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'is too long')
  .regex(/^[A-Za-z0-9-]+$/, 'must be a numeric id or a slug (letters, digits, dashes)')

export const cursorSchema = z.string().max(200, 'is too long').optional()

/** A yes/no filter: a boolean from tRPC, `true` or `false` from a query string. */
export const booleanParam = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' })
  .transform((value) => value === true || value === 'true')

/** Lengths counted after cleaning, so text of nothing but invisible characters is empty. */
function lengthOf(min: number, max: number) {
  const within = z.string().max(max, `must be at most ${max.toLocaleString('en-US')} characters`)
  if (min === 0) return within
  return within.min(min, min === 1 ? 'must not be empty' : `must be at least ${min} characters`)
}

/**
 * One line of text a person typed that others will read (a name, a title, a trait), cleaned as
 * token metadata is: no bidi overrides, zero-width or control characters to make it read other
 * than it is.
 */
export const line = ({ min = 0, max }: { min?: number; max: number }) =>
  z
    .string()
    .transform((text) => cleanLine(text))
    .pipe(lengthOf(min, max))

/** Paragraphs a person typed (a description, a bio, a message): cleaned like `line`, line breaks kept. */
export const paragraphs = ({ min = 0, max }: { min?: number; max: number }) =>
  z
    .string()
    .transform((text) => cleanParagraphs(text))
    .pipe(lengthOf(min, max))
