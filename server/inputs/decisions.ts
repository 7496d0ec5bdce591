/**
 * What moderators' decisions, reversals and appeals take (tRPC moderation.*, REST /decisions,
 * /appeals, /audit), shared with the console in the browser (ADR 45).
 */
import { z } from './zod'
import { DECISION_ACTIONS, DECISION_CATEGORIES, DECISION_REASON_MAX } from '../../db/decision-kinds'
import { addressSchema, chainIdSchema, cursorSchema, limitSchema, paragraphs } from './fields'
import { reportTargetSchema } from './moderation'

const id = (what: string) =>
  z.coerce
    .number({ error: `must be ${what}` })
    .int(`must be ${what}`)
    .positive(`must be ${what}`)

/** What a decision is about: what can be reported, or a contract (to block it). */
export const decisionTargetSchema = z.union([
  reportTargetSchema,
  z.strictObject({ kind: z.literal('contract'), chainId: chainIdSchema, address: addressSchema }),
])
export type DecisionTargetInput = z.infer<typeof decisionTargetSchema>

/** The free text every decision, reversal and appeal carries: told to whom it concerns. */
const reasonText = paragraphs({ min: 1, max: DECISION_REASON_MAX })

export const decideInput = z.strictObject({
  action: z.enum(DECISION_ACTIONS, { error: `must be one of ${DECISION_ACTIONS.join(', ')}` }),
  target: decisionTargetSchema,
  category: z.enum(DECISION_CATEGORIES, { error: `must be one of ${DECISION_CATEGORIES.join(', ')}` }),
  reason: reasonText,
})

export const decisionIdInput = z.strictObject({ id: id('a decision id') })

export const reverseInput = z.strictObject({ id: id('a decision id'), reason: reasonText })

export const appealInput = z.strictObject({ decisionId: id('a decision id'), statement: reasonText })

export const decideAppealInput = z.strictObject({
  id: id('an appeal id'),
  outcome: z.enum(['upheld', 'reversed'], { error: 'must be upheld or reversed' }),
  reason: reasonText,
})

/**
 * A target written as one word, as a query parameter carries it: `item:12`, `collection:<id or
 * slug>`, `profile:0x…`, `contract:<chainId>:0x…`.
 */
const targetWord = z
  .string()
  .max(200, 'is too long')
  .transform((word): unknown => {
    const [kind, ...rest] = word.split(':')
    const key = rest.join(':')
    if (kind === 'item') return { kind, id: key }
    if (kind === 'collection') return { kind, idOrSlug: key }
    if (kind === 'profile') return { kind, address: key }
    if (kind === 'contract') return { kind, chainId: key.split(':')[0], address: key.split(':')[1] ?? '' }
    return { kind }
  })
  // The word's parts are checked by the target's own schema, as if given as an object.
  .pipe(decisionTargetSchema)

/** The decisions on one target, newest first. */
export const targetDecisionsInput = z.strictObject({
  target: targetWord.describe('item:<id>, collection:<id or slug>, profile:<address> or contract:<chainId>:<address>'),
})

export const auditPageInput = z.strictObject({ cursor: cursorSchema, limit: limitSchema })

export const auditExportInput = z.strictObject({
  format: z.enum(['csv', 'json'], { error: 'must be csv or json' }).default('json'),
})
