/**
 * What moderation takes (tRPC moderation.*, REST /reports and /moderators), shared with the report
 * form in the browser (ADR 44).
 */
import { z } from './zod'
import { REPORT_NOTE_MAX, REPORT_REASONS } from '../../db/report-reasons'
import { addressSchema, cursorSchema, idOrSlugSchema, limitSchema, paragraphs } from './fields'

export const reportReasonSchema = z.enum(REPORT_REASONS, { error: `must be one of ${REPORT_REASONS.join(', ')}` })

/** An item by its id, a collection by its id or slug, a profile by its wallet. */
export const reportTargetSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('item'),
      id: z.coerce.number({ error: 'must be an item id' }).int('must be an item id').positive('must be an item id'),
    }),
    z.strictObject({ kind: z.literal('collection'), idOrSlug: idOrSlugSchema }),
    z.strictObject({ kind: z.literal('profile'), address: addressSchema }),
  ],
  { error: 'must be { kind: "item", id }, { kind: "collection", idOrSlug } or { kind: "profile", address }' },
)
export type ReportTargetInput = z.infer<typeof reportTargetSchema>

export const reportInput = z.strictObject({
  target: reportTargetSchema,
  reason: reportReasonSchema,
  /** What the reporter wants a moderator to know (cleaned; may be empty). */
  note: paragraphs({ max: REPORT_NOTE_MAX }).default(''),
})

/** A page of a list (the reporter's own reports, the queue). */
export const reportPageInput = z.strictObject({ cursor: cursorSchema, limit: limitSchema })

/** The wallet an operator makes a moderator or takes the role from. */
export const moderatorInput = z.strictObject({ address: addressSchema })
