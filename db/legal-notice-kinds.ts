/**
 * What a legal notice (a notice sent without a wallet, its email confirmed by link) may claim and
 * how long its confirmation link works: shared by the schema, the input and the form, so it
 * imports nothing. ADR 47.
 */

/** The report a confirmed notice becomes has one of these reasons (db/report-reasons.ts). */
export const LEGAL_NOTICE_REASONS = ['illegal_content', 'intellectual_property'] as const
export type LegalNoticeReason = (typeof LEGAL_NOTICE_REASONS)[number]

export const LEGAL_NOTICE_REASON_LABELS: Record<LegalNoticeReason, string> = {
  illegal_content: 'Illegal content (a law is broken)',
  intellectual_property: 'Intellectual property (a right is infringed)',
}

/** Unconfirmed until its sender opens the mailed link; only then is it in the queue. */
export const LEGAL_NOTICE_STATUSES = ['unconfirmed', 'confirmed'] as const
export type LegalNoticeStatus = (typeof LEGAL_NOTICE_STATUSES)[number]

/** How long the confirmation link works. */
export const LEGAL_NOTICE_TOKEN_TTL_MS = 24 * 3_600_000

/** The reporter a confirmed notice's report carries: never a wallet (those start with 0x). */
export const noticeReporter = (noticeId: number) => `notice:${noticeId}`

export const LEGAL_NOTICE_TEXT_MAX = 5000
