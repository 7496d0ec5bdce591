/**
 * A notification in words: the one place its text is written, for the bell, the mail and the
 * webhook alike. Names are read when it is shown (a token's name may arrive after the event).
 */
import { formatEther } from 'viem'
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
  }
}
