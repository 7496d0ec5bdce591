/**
 * A notification in words: the one place its text is written, for the bell, the mail and the
 * webhook alike. Names are read when it is shown (a token's name may arrive after the event).
 */
import { formatEther } from 'viem'
import {
  DECISION_ACTION_LABELS,
  DECISION_CATEGORY_LABELS,
  type DecisionAction,
  type DecisionCategory,
} from '../../db/decision-kinds'
import type { NotificationData, NotificationKind } from '../../db/schema'
import type { NotificationMessage } from './channels'

export interface MessageFacts {
  kind: NotificationKind
  data: NotificationData
  nft: { id: number; name: string } | null
  collection: { slug: string; name: string } | null
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
const amount = (data: NotificationData) => {
  if (!data.priceWei) return ''
  const [whole = '0', fraction = ''] = formatEther(BigInt(data.priceWei)).split('.')
  const cut = fraction.slice(0, 4).replace(/0+$/, '')
  return `${cut ? `${whole}.${cut}` : whole} ${data.currency ?? 'ETH'}`
}

const UNFILLABLE_WHY: Record<string, string> = {
  not_owner: 'you no longer hold the token',
  not_approved: 'Seaport may no longer move the token for you',
  insufficient_balance: 'you no longer hold enough WETH',
  insufficient_allowance: 'Seaport may no longer spend enough of your WETH',
}

/** Actions that take something from whom they concern: their statement offers an appeal. */
const RESTRICTING: readonly string[] = ['hide', 'flag_stolen', 'mark_spam', 'block_contract']

/** A moderation notification: the action and category in words, the reason, and the statement's page. */
function decisionMessage(
  facts: MessageFacts & { kind: 'decision_taken' | 'decision_reversed' | 'appeal_decided' | 'report_decided' },
  origin: string,
): NotificationMessage {
  const { kind, data, nft, collection } = facts
  // A decision names its item or collection (a blocked contract's, when imported); else a profile's.
  const what = nft?.name ?? collection?.name ?? (data.action === 'block_contract' ? 'your contract' : 'your profile')
  const action = DECISION_ACTION_LABELS[data.action as DecisionAction] ?? 'A decision'
  const category = DECISION_CATEGORY_LABELS[data.category as DecisionCategory] ?? 'Other'
  const why = data.reason ? `: ${data.reason}` : '.'
  const url = `${origin}/decisions/${data.decision ?? ''}`
  switch (kind) {
    case 'decision_reversed':
      return {
        title: `Decision on ${what} reversed`,
        body: `This marketplace reversed its decision (${action}, ${category})${why}`,
        url,
      }
    case 'appeal_decided':
      return data.outcome === 'reversed'
        ? { title: `Your appeal on ${what} was granted`, body: `The decision (${action}) is reversed${why}`, url }
        : { title: `Your appeal on ${what} was turned down`, body: `The decision (${action}) stands${why}`, url }
    case 'report_decided':
      return { title: `Your report of ${what} was decided`, body: `${action} (${category})${why}`, url }
    case 'decision_taken': {
      const appeal = RESTRICTING.includes(data.action ?? '') ? ' You can appeal this decision.' : ''
      return { title: `${action} by this marketplace: ${what}`, body: `${action} (${category})${why}${appeal}`, url }
    }
  }
}

export function notificationMessage(facts: MessageFacts, origin: string): NotificationMessage {
  const { kind, data, nft, collection } = facts
  const item = nft?.name ?? 'a token'
  const by = data.actor ? ` from ${short(data.actor)}` : ''
  const url = nft
    ? `${origin}/item/${nft.id}`
    : collection
      ? `${origin}/collection/${encodeURIComponent(collection.slug)}`
      : `${origin}/`
  const price = amount(data)
  switch (kind) {
    case 'offer_received':
      return { title: `New offer on ${item}`, body: `An offer of ${price}${by} on ${item}.`, url }
    case 'outbid':
      return { title: `Outbid on ${item}`, body: `Someone bid ${price} on ${item}, more than your offer.`, url }
    case 'listing_sold':
      return { title: `${item} sold`, body: `Your listing of ${item} sold for ${price}.`, url }
    case 'offer_accepted':
      return { title: `Offer accepted on ${item}`, body: `Your offer of ${price} on ${item} was accepted.`, url }
    case 'order_unfillable': {
      const side = data.currency === 'WETH' ? 'offer' : 'listing'
      const why = UNFILLABLE_WHY[data.reason ?? ''] ?? 'it can no longer be filled'
      return {
        title: `Your ${side} on ${item} can no longer be filled`,
        body: `Your ${side} on ${item} cannot be filled: ${why}.`,
        url,
      }
    }
    case 'auction_ending':
      return {
        title: `Auction of ${item} ends within the hour`,
        body: price
          ? `The auction of ${item} ends soon; the top bid is ${price}.`
          : `The auction of ${item} ends soon.`,
        url,
      }
    case 'auction_ended':
      return {
        title: `Auction of ${item} ended`,
        body: price
          ? `The auction of ${item} ended with a top bid of ${price}${by}.`
          : `The auction of ${item} ended without a bid.`,
        url,
      }
    case 'import_finished':
      return {
        title: `${collection?.name ?? 'Your collection'} is imported`,
        body: `${collection?.name ?? 'The collection you added'} has caught up with the chain and can be traded.`,
        url,
      }
    case 'import_failed':
      return {
        title: `${collection?.name ?? 'Your collection'} could not be imported`,
        body: `Importing ${collection?.name ?? 'the collection you added'} failed${data.error ? `: ${data.error}` : '.'}`,
        url,
      }
    case 'decision_taken':
    case 'decision_reversed':
    case 'appeal_decided':
    case 'report_decided':
      return decisionMessage({ ...facts, kind }, origin)
  }
}
