import { parseEther } from 'viem'
import { z } from 'zod'
import { idOrSlugSchema } from './fields'

/** The most listings one sweep buys: one transaction's gas stays far below a block's. */
export const SWEEP_MAX_COUNT = 50

/** A sweep: the `count` cheapest fillable fixed-price listings of a collection within `maxTotal` ETH. */
export const sweepInput = z.strictObject({
  idOrSlug: idOrSlugSchema,
  count: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(SWEEP_MAX_COUNT, `must be at most ${SWEEP_MAX_COUNT}`),
  /** ETH as decimal text (`1.25`): exact, never a float. */
  maxTotal: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,18})?$/, 'must be an amount of ETH such as 1.25 (at most 18 decimals)')
    .transform((eth) => parseEther(eth))
    .refine((wei) => wei > 0n, 'must be more than zero'),
  /** The buyer: their own listings are left out (nobody sweeps what they sell). */
  buyer: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address')
    .transform((a) => a.toLowerCase())
    .optional(),
})

export type SweepInput = z.output<typeof sweepInput>
