/**
 * Notifications: what a wallet is told, filed by the market's own writes inside their transaction
 * (so an event and its notification are written together or not at all), and the outbox of their
 * email and webhook deliveries. Every row is keyed by the event it tells of (`eventKey`), never by
 * a row id: a block indexed twice, or again after a rewind, files nothing new.
 */
import { and, desc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm'
import {
  listings,
  notifications,
  notificationSettings,
  offers,
  OPEN_ORDER_STATUSES as OPEN,
  tokenBalances,
  type NotificationData,
  type NotificationKind,
  type NotificationPreferences,
} from '../schema'
import type { Db, Tx } from './transaction'

export interface NewNotification {
  recipient: string
  kind: NotificationKind
  eventKey: string
  nftId?: number | null
  collectionId?: number | null
  data?: NotificationData
}

/**
 * Files `rows`; one already filed for the same wallet and event is left as it is. Answers how many
 * were new.
 */
export async function tell(tx: Db, rows: NewNotification[], now = new Date()): Promise<number> {
  const values = rows
    .filter((row) => row.recipient && row.recipient !== ZERO)
    .map((row) => ({ ...row, recipient: row.recipient.toLowerCase(), data: row.data ?? {}, createdAt: now }))
  if (!values.length) return 0
  const filed = await tx.insert(notifications).values(values).onConflictDoNothing().returning({ id: notifications.id })
  return filed.length
}

const ZERO = '0x0000000000000000000000000000000000000000'
/** Holders of an ERC-1155 token told of one offer on it, at most. */
const MAX_HOLDERS_TOLD = 1_000

/**
 * A new offer (or auction bid) on `nftId`: its holders are told of it and the maker of the best
 * open offer it beat is told they were outbid. Called before the offer is stored.
 */
export async function tellOfOffer(
  tx: Tx,
  offer: {
    nftId: number
    collectionId: number
    owner: string | null
    maker: string
    priceWei: bigint
    orderHash: string
  },
  now: Date,
): Promise<void> {
  const maker = offer.maker.toLowerCase()
  const facts = { actor: maker, priceWei: offer.priceWei.toString(), currency: 'WETH', orderHash: offer.orderHash }
  const about = { nftId: offer.nftId, collectionId: offer.collectionId, data: facts }
  // An ERC-721's owner, or every holder of an ERC-1155 token.
  const holders = offer.owner
    ? [offer.owner]
    : (
        await tx
          .select({ owner: tokenBalances.owner })
          .from(tokenBalances)
          .where(and(eq(tokenBalances.nftId, offer.nftId), ne(tokenBalances.quantity, '0')))
          // An edition held by thousands tells its largest holders: one offer is not a flood of rows.
          .orderBy(desc(sql`cast(${tokenBalances.quantity} as integer)`))
          .limit(MAX_HOLDERS_TOLD)
      ).map((row) => row.owner)
  const [best] = await tx
    .select({ maker: offers.maker, priceWei: offers.priceWei })
    .from(offers)
    .where(
      and(eq(offers.nftId, offer.nftId), eq(offers.status, 'active'), gt(offers.endsAt, now), ne(offers.maker, maker)),
    )
    .orderBy(desc(offers.priceSort))
    .limit(1)
  const outbid = best && BigInt(best.priceWei) < offer.priceWei ? [best.maker] : []
  await tell(
    tx,
    [
      ...holders
        .filter((holder) => holder.toLowerCase() !== maker)
        .map((recipient) => ({
          ...about,
          recipient,
          kind: 'offer_received' as const,
          eventKey: `offer:${offer.orderHash}`,
        })),
      ...outbid.map((recipient) => ({
        ...about,
        recipient,
        kind: 'outbid' as const,
        eventKey: `outbid:${offer.orderHash}`,
      })),
    ],
    now,
  )
}

/** The chain filled one of our orders: its maker is told (a sale of their listing, their offer accepted). */
export async function tellOfFill(
  tx: Tx,
  fill: {
    side: 'listing' | 'offer'
    nftId: number
    collectionId: number
    maker: string
    counterparty: string | null
    priceWei: bigint
    currency: string
    orderHash: string | null
    /**
     * What names the fill whatever block holds it (a reorg may move a transaction to another block
     * and log index): the order and its transaction, or a lazy mint's token (redeemed once).
     */
    event: string
  },
  now: Date,
): Promise<void> {
  const kind = fill.side === 'listing' ? 'listing_sold' : 'offer_accepted'
  await tell(
    tx,
    [
      {
        recipient: fill.maker,
        kind,
        eventKey: `${kind}:${fill.event}`,
        nftId: fill.nftId,
        collectionId: fill.collectionId,
        data: {
          ...(fill.counterparty ? { actor: fill.counterparty } : {}),
          priceWei: fill.priceWei.toString(),
          currency: fill.currency,
          ...(fill.orderHash ? { orderHash: fill.orderHash } : {}),
        },
      },
    ],
    now,
  )
}

/**
 * Orders the indexer found it can no longer fill: each maker is told once per order and reason
 * (an order that comes back and goes again for the same reason is not told twice).
 */
export async function tellOfUnfillable(
  tx: Tx,
  side: 'listing' | 'offer',
  orders: { nftId: number; maker: string; orderHash: string | null; reason: string }[],
  now: Date,
): Promise<void> {
  await tell(
    tx,
    orders
      .filter((order) => order.orderHash)
      .map((order) => ({
        recipient: order.maker,
        kind: 'order_unfillable' as const,
        eventKey: `unfillable:${order.orderHash}:${order.reason}`,
        nftId: order.nftId,
        data: { orderHash: order.orderHash!, reason: order.reason, ...(side === 'offer' ? { currency: 'WETH' } : {}) },
      })),
    now,
  )
}

/** A collection someone added caught up with the chain, or failed: who added it is told, once each. */
export async function tellOfImport(tx: Db, collectionId: number, outcome: 'finished' | 'failed', error?: string) {
  const kind = outcome === 'finished' ? 'import_finished' : 'import_failed'
  await tx.run(sql`
    INSERT INTO notifications (recipient, kind, event_key, collection_id, data)
    SELECT imported_by, ${kind}, ${`${kind}:${collectionId}`}, id, ${JSON.stringify(error ? { error } : {})}
    FROM collections WHERE id = ${collectionId} AND imported_by IS NOT NULL
    ON CONFLICT DO NOTHING`)
}

/** How long before its end an auction's seller and bidders are told it is ending. */
export const AUCTION_ENDING_MS = 60 * 60 * 1000
/** Auctions that ended longer ago than this are not told of (a database restored from an old copy). */
const ENDED_LOOKBACK_MS = 24 * 60 * 60 * 1000

/**
 * Auctions ending within the hour, and those just ended: their seller and every bidder are told,
 * once each. Returns how many notifications it filed. Read by end time (listings_open_idx).
 */
export async function tellOfAuctionTimes(db: Db, now = new Date()): Promise<number> {
  const soon = new Date(now.getTime() + AUCTION_ENDING_MS)
  const since = new Date(now.getTime() - ENDED_LOOKBACK_MS)
  const auctions = await db
    .select({ id: listings.id, nftId: listings.nftId, seller: listings.maker, endsAt: listings.endsAt })
    .from(listings)
    .where(
      and(
        inArray(listings.status, OPEN),
        eq(listings.kind, 'auction'),
        gt(listings.endsAt, since),
        lte(listings.endsAt, soon),
      ),
    )
  if (!auctions.length) return 0
  const bids = await db
    .select({ nftId: offers.nftId, maker: offers.maker, priceWei: offers.priceWei, priceSort: offers.priceSort })
    .from(offers)
    .where(
      and(
        inArray(
          offers.nftId,
          auctions.map((a) => a.nftId),
        ),
        inArray(offers.status, [...OPEN, 'filled']),
      ),
    )
  const rows: NewNotification[] = []
  for (const auction of auctions) {
    const ended = auction.endsAt.getTime() <= now.getTime()
    const kind = ended ? 'auction_ended' : 'auction_ending'
    const onIt = bids.filter((bid) => bid.nftId === auction.nftId)
    const top = onIt.reduce<(typeof onIt)[number] | undefined>(
      (a, b) => (!a || b.priceSort > a.priceSort ? b : a),
      undefined,
    )
    const data: NotificationData = {
      endsAt: auction.endsAt.getTime(),
      ...(top ? { actor: top.maker, priceWei: top.priceWei, currency: 'WETH' } : {}),
    }
    for (const recipient of new Set([auction.seller, ...onIt.map((bid) => bid.maker)])) {
      rows.push({ recipient, kind, eventKey: `${kind}:${auction.id}`, nftId: auction.nftId, data })
    }
  }
  // Told already are most of them: only new rows count.
  return tell(db, rows, now)
}

/** Marks `ids` (or, without them, every notification) of `recipient` read; how many were unread. */
export async function markNotificationsRead(
  db: Db,
  recipient: string,
  ids: number[] | undefined,
  now = new Date(),
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.recipient, recipient.toLowerCase()),
        isNull(notifications.readAt),
        ...(ids ? [inArray(notifications.id, ids)] : []),
      ),
    )
    .returning({ id: notifications.id })
  return rows.length
}

/** Saves a wallet's choice of channels per kind (merged over what it had). */
export async function saveNotificationPreferences(
  db: Db,
  address: string,
  preferences: NotificationPreferences,
  now = new Date(),
): Promise<NotificationPreferences> {
  const owner = address.toLowerCase()
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ preferences: notificationSettings.preferences })
      .from(notificationSettings)
      .where(eq(notificationSettings.address, owner))
    const merged: NotificationPreferences = { ...current?.preferences }
    for (const [kind, channels] of Object.entries(preferences) as [NotificationKind, Record<string, boolean>][]) {
      merged[kind] = { ...merged[kind], ...channels }
    }
    await tx
      .insert(notificationSettings)
      .values({ address: owner, preferences: merged, updatedAt: now })
      .onConflictDoUpdate({ target: notificationSettings.address, set: { preferences: merged, updatedAt: now } })
    return merged
  })
}
