/**
 * Collections: adding one by address (collection.import), registering one deployed from the
 * creator's wallet (create.registerCollection), and the New collection form that deploys it.
 */
import { z } from './zod'
import type { Address } from 'viem'
import { CATEGORIES } from '../../db/schema/categories'
import { addressSchema, chainIdSchema, line, paragraphs } from './fields'

export const importCollectionInput = z.object({
  chainId: chainIdSchema,
  contract: addressSchema.transform((a) => a as Address),
})
export type ImportCollectionInput = z.infer<typeof importCollectionInput>

export const registerCollectionInput = z.object({
  chainId: z.coerce.number().int().positive(),
  contract: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address')
    .transform((a) => a.toLowerCase() as Address),
  description: paragraphs({ max: 2000 }).default(''),
  category: z.enum(CATEGORIES, { error: `must be one of ${CATEGORIES.join(', ')}` }),
})

/** Creator earnings a new collection may ask, in percent of each sale. */
export const MAX_EARNINGS_PERCENT = 10

/**
 * The New collection form: the contract's constructor arguments (name, symbol, earnings), which
 * the chain keeps, and the listing details the registration sends.
 */
export const newCollectionForm = registerCollectionInput.pick({ description: true, category: true }).extend({
  name: line({ min: 1, max: 60 }),
  symbol: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,11}$/, 'must be 1 to 11 letters or digits')
    .transform((symbol) => symbol.toUpperCase()),
  /** Percent, to basis points (5 → 500). */
  earnings: z.coerce
    .number({ error: 'must be a percentage' })
    .min(0, 'must not be negative')
    .max(MAX_EARNINGS_PERCENT, `must be at most ${MAX_EARNINGS_PERCENT}%`)
    .transform((percent) => Math.round(percent * 100)),
})
