import type { NotificationChannel, NotificationKind } from '../../../db/notification-kinds'

/** Each kind as the settings name it. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  offer_received: 'An offer on a token you hold',
  outbid: 'You are outbid (an offer or an auction bid)',
  listing_sold: 'Your listing sold',
  offer_accepted: 'Your offer was accepted',
  order_unfillable: 'Your listing or offer can no longer be filled',
  auction_ending: 'An auction you are in ends within the hour',
  auction_ended: 'An auction you are in ended',
  import_finished: 'A collection you added is imported',
  import_failed: 'A collection you added failed to import',
  decision_taken: 'This marketplace acted on something of yours',
  decision_reversed: 'A decision on something of yours was reversed',
  appeal_decided: 'Your appeal was decided',
  report_decided: 'A report you made was decided',
}

export const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  site: 'Site',
  email: 'Email',
  webhook: 'Webhook',
}
