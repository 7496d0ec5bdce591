/** What the legal notice form sends (tRPC legalNotices.submit, REST POST /legal-notices), ADR 47. */
import { z } from './zod'
import { LEGAL_NOTICE_REASONS, LEGAL_NOTICE_TEXT_MAX } from '../../db/legal-notice-kinds'
import { line, paragraphs } from './fields'
import { emailSchema } from './site'

export const legalNoticeInput = z.strictObject({
  /** One line: a name never reaches a mail header as more than one (CR and LF become spaces). */
  name: line({ min: 2, max: 100 }),
  email: emailSchema,
  /** A page of this site (an item, a collection, a profile), its path, an item's id or a wallet address. */
  content: line({ min: 1, max: 500 }),
  reason: z.enum(LEGAL_NOTICE_REASONS, { error: `must be one of ${LEGAL_NOTICE_REASONS.join(', ')}` }),
  infringed: paragraphs({ min: 3, max: 1000 }),
  statement: paragraphs({ max: LEGAL_NOTICE_TEXT_MAX }).default(''),
  goodFaith: z.literal(true, {
    error: 'must be true: state that the notice is accurate and sent in good faith',
  }),
})
export type LegalNoticeInput = z.infer<typeof legalNoticeInput>
