/**
 * What can be reported and why (ADR 44): shared by the schema, the inputs and the report form in
 * the browser, so it imports nothing.
 */

/** Why something is reported; the report form and the API take exactly these. */
export const REPORT_REASONS = [
  'stolen',
  'scam_or_spam',
  'impersonation',
  'intellectual_property',
  'illegal_content',
  'sexual_content_not_marked_nsfw',
  'other',
] as const
export type ReportReason = (typeof REPORT_REASONS)[number]

/** How the form names each reason. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  stolen: 'Stolen',
  scam_or_spam: 'Scam or spam',
  impersonation: 'Impersonation',
  intellectual_property: 'Intellectual property',
  illegal_content: 'Illegal content',
  sexual_content_not_marked_nsfw: 'Sexual content not marked NSFW',
  other: 'Other',
}

/** What can be reported: an item (its NFT id), a collection (its id) or a profile (its wallet). */
export const REPORT_TARGET_KINDS = ['item', 'collection', 'profile'] as const
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number]

/** A report is open until a decision on its target closes it: acted on, or dismissed. */
export const REPORT_STATUSES = ['open', 'actioned', 'dismissed'] as const
export type ReportStatus = (typeof REPORT_STATUSES)[number]

/** The longest note a report may carry, in characters after cleaning. */
export const REPORT_NOTE_MAX = 1000
