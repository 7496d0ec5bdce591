/**
 * What the outbound channels are handed, and what they answer: the sender (./send.ts) claims due
 * deliveries from the outbox, writes each notification's message (./message.ts) and gives it to
 * the email channel (./email.ts: one mail for one or several notifications of a wallet) or the
 * webhook channel (./webhook.ts: one signed POST per notification).
 */
import type { NotificationData, NotificationKind } from '../../db/schema'

/** A notification as words and a link, the same in the bell, a mail and a webhook. */
export interface NotificationMessage {
  title: string
  body: string
  /** Absolute: the page it is about, on the site's origin. */
  url: string
}

/** One delivery of one notification, as a channel sends it. */
export interface Outgoing {
  deliveryId: number
  notificationId: number
  kind: NotificationKind
  /** The wallet told. */
  recipient: string
  /** The email address or webhook URL. */
  target: string
  message: NotificationMessage
  data: NotificationData
  nft: { id: number; chainId: number; contract: string; tokenId: string; name: string } | null
  collection: { id: number; slug: string; name: string } | null
  createdAt: Date
  /** 1 for the first attempt. */
  attempt: number
}

/** What one attempt met. `permanent`: trying again cannot help (a bounce, a URL refused). */
export type Attempt =
  | { ok: true; status?: number; durationMs: number }
  | { ok: false; status?: number; error: string; permanent?: boolean; durationMs: number }

export interface EmailChannel {
  /** One mail to `to` telling of `items` (one, or several grouped). */
  send(to: string, items: Outgoing[]): Promise<Attempt>
}

export interface WebhookChannel {
  /** One signed POST of `item` to `item.target`, signed with the wallet's `whsec_` secret. */
  send(item: Outgoing, secret: string): Promise<Attempt>
}
