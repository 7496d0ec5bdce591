/**
 * What a wallet can be told and where, and what it is told by default: plain values, shared by
 * the schema, the sender and the settings form in the browser.
 */

export const NOTIFICATION_KINDS = [
  'offer_received',
  'outbid',
  'listing_sold',
  'offer_accepted',
  'order_unfillable',
  'auction_ending',
  'auction_ended',
  'import_finished',
  'import_failed',
  // Moderation: a decision on what a wallet owns or made, its reversal, an appeal's outcome, and
  // a reporter told what was decided on its report.
  'decision_taken',
  'decision_reversed',
  'appeal_decided',
  'report_decided',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** The bell in the site, an email, a webhook to the wallet's own systems. */
export const NOTIFICATION_CHANNELS = ['site', 'email', 'webhook'] as const
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number]
/** The channels that leave the site, each delivered from the outbox. */
export const OUTBOUND_CHANNELS = ['email', 'webhook'] as const
export type OutboundChannel = (typeof OUTBOUND_CHANNELS)[number]

/** Per kind, the channels a wallet chose (a kind or channel it never set: the default). */
export type NotificationPreferences = Partial<Record<NotificationKind, Partial<Record<NotificationChannel, boolean>>>>

/**
 * Everything in the site and to a webhook (a wallet that sets one up wants its events); by email,
 * what a person acts on: not every offer on what they hold, which can be many a day.
 */
const EMAIL_OFF_BY_DEFAULT: NotificationKind[] = ['offer_received', 'auction_ending']

export function wants(
  preferences: NotificationPreferences,
  kind: NotificationKind,
  channel: NotificationChannel,
): boolean {
  return preferences[kind]?.[channel] ?? !(channel === 'email' && EMAIL_OFF_BY_DEFAULT.includes(kind))
}
