/** The inputs of collection and trait offers' reads: a trait's criteria, and a token's proof. */
import { maxUint256 } from 'viem'
import { z } from './zod'
import { idOrSlugSchema } from './fields'
import { splitTrait, TRAIT_TYPE_MAX, TRAIT_VALUE_MAX } from './trait-syntax'

/** `Type:Value`, as a trait filter names it. */
export const traitNameSchema = z
  .string({ error: 'name the trait as Type:Value' })
  .max(TRAIT_TYPE_MAX * 2 + TRAIT_VALUE_MAX + 1, 'is longer than any trait')
  .transform((text, ctx) => {
    const split = splitTrait(text)
    if (!split || !split.type.trim() || !split.rest.trim()) {
      ctx.addIssue('write it as Type:Value, like Background:Blue')
      return z.NEVER
    }
    return { type: split.type.trim(), value: split.rest.trim() }
  })

export const criteriaInput = z.strictObject({ idOrSlug: idOrSlugSchema, trait: traitNameSchema })

export const criteriaProofInput = z.strictObject({
  orderHash: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 32-byte order hash')
    .transform((h) => h.toLowerCase()),
  tokenId: z
    .string({ error: 'name the token you give: tokenId' })
    .regex(/^\d{1,78}$/, 'must be a whole number (a token id)')
    .transform((v) => BigInt(v))
    .refine((v) => v <= maxUint256, 'must be at most 2^256 − 1 (a uint256)'),
})
