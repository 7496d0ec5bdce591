/**
 * What moderators decide and why: shared by the schema, the inputs, the console and the pages that
 * say a thing was hidden, so it imports nothing. The decisions themselves: db/market/decisions.ts.
 */

/**
 * Every action is reversible except `dismiss`, which closes a target's open reports and changes
 * nothing else. `block_contract` refuses a contract's import from then on.
 */
export const DECISION_ACTIONS = [
  'hide',
  'flag_stolen',
  'mark_spam',
  'verify',
  'feature',
  'block_contract',
  'dismiss',
] as const
export type DecisionAction = (typeof DECISION_ACTIONS)[number]

/** What each action may be taken on. */
export const DECISION_TARGETS: Record<DecisionAction, readonly DecisionTargetKind[]> = {
  hide: ['item', 'collection', 'profile'],
  flag_stolen: ['item'],
  mark_spam: ['collection'],
  verify: ['collection'],
  feature: ['collection'],
  block_contract: ['contract'],
  dismiss: ['item', 'collection', 'profile'],
}

/** What a decision is about; a contract is `chainId:address`, so a blocked one need not be imported. */
export const DECISION_TARGET_KINDS = ['item', 'collection', 'profile', 'contract'] as const
export type DecisionTargetKind = (typeof DECISION_TARGET_KINDS)[number]

/** Why, in the words the statement of reasons uses; `legal` ones make a hidden page answer 451. */
export const DECISION_CATEGORIES = [
  'legal_notice',
  'intellectual_property',
  'illegal_content',
  'stolen',
  'scam',
  'spam',
  'impersonation',
  'sexual_content',
  'terms_of_service',
  'authentic',
  'editorial',
  'no_violation',
  'other',
] as const
export type DecisionCategory = (typeof DECISION_CATEGORIES)[number]

export const DECISION_CATEGORY_LABELS: Record<DecisionCategory, string> = {
  legal_notice: 'A legal notice',
  intellectual_property: 'Intellectual property',
  illegal_content: 'Illegal content',
  stolen: 'Reported stolen',
  scam: 'Scam',
  spam: 'Spam',
  impersonation: 'Impersonation',
  sexual_content: 'Sexual content not marked NSFW',
  terms_of_service: 'Against this marketplace’s terms',
  authentic: 'Confirmed authentic',
  editorial: 'Chosen by this marketplace',
  no_violation: 'No violation found',
  other: 'Other',
}

/** Categories that are a legal reason: a page hidden for one answers HTTP 451, otherwise 410. */
export const LEGAL_CATEGORIES: readonly DecisionCategory[] = [
  'legal_notice',
  'intellectual_property',
  'illegal_content',
]

export const DECISION_ACTION_LABELS: Record<DecisionAction, string> = {
  hide: 'Hidden',
  flag_stolen: 'Flagged stolen',
  mark_spam: 'Marked spam or scam',
  verify: 'Verified',
  feature: 'Featured',
  block_contract: 'Contract blocked',
  dismiss: 'Reports dismissed',
}

/** The longest reason a decision, a reversal or an appeal may carry, in characters after cleaning. */
export const DECISION_REASON_MAX = 2000

export const APPEAL_STATUSES = ['open', 'upheld', 'reversed'] as const
export type AppealStatus = (typeof APPEAL_STATUSES)[number]

/** What the append-only audit log records. */
export const AUDIT_EVENTS = [
  'moderator_granted',
  'moderator_revoked',
  'decided',
  'reversed',
  'appealed',
  'appeal_upheld',
  'appeal_reversed',
  // Shared lists (ADR 48): a list signed here, another instance's list followed or dropped.
  'list_published',
  'list_subscribed',
  'list_unsubscribed',
] as const
export type AuditEvent = (typeof AUDIT_EVENTS)[number]
