/**
 * The bell: a wallet's notifications, newest first, in words (./message.ts), with how many are
 * unread; kinds the wallet turned off in the site are left out of both.
 */
import { and, count, desc, eq, isNull, lt, notInArray } from 'drizzle-orm'
import type { Database } from '../../db/client'
import {
  collections,
  NOTIFICATION_KINDS,
  notifications,
  notificationSettings,
  nfts,
  wants,
  type NotificationKind,
  type NotificationPreferences,
} from '../../db/schema'
import { encodeCursor, keysetValues, splitPage } from '../queries/cursor'
import { checksumOrNull, isoTime } from '../queries/serialize'
import { notificationMessage } from './message'
import { collectionOfNotification, nftOfNotification, subjectColumns } from './subjects'

export async function preferencesOf(db: Database, address: string): Promise<NotificationPreferences> {
  const [row] = await db
    .select({ preferences: notificationSettings.preferences })
    .from(notificationSettings)
    .where(eq(notificationSettings.address, address.toLowerCase()))
  return row?.preferences ?? {}
}

const hiddenKinds = (preferences: NotificationPreferences): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((kind) => !wants(preferences, kind, 'site'))

const shown = (recipient: string, preferences: NotificationPreferences) => {
  const hidden = hiddenKinds(preferences)
  return and(eq(notifications.recipient, recipient), hidden.length ? notInArray(notifications.kind, hidden) : undefined)
}

/** How many the bell counts; `preferences` when the caller has read them already. */
export async function unreadCount(
  db: Database,
  address: string,
  preferences?: NotificationPreferences,
): Promise<number> {
  const recipient = address.toLowerCase()
  preferences ??= await preferencesOf(db, recipient)
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(shown(recipient, preferences), isNull(notifications.readAt)))
  return row?.n ?? 0
}

export async function listNotifications(
  db: Database,
  {
    address,
    cursor,
    limit,
    unread,
    origin,
  }: { address: string; cursor?: string; limit: number; unread?: boolean; origin: string },
) {
  const recipient = address.toLowerCase()
  const preferences = await preferencesOf(db, recipient)
  const { afterId, limit: take } = keysetValues(cursor, 'notifications', limit)
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      data: notifications.data,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      ...subjectColumns,
    })
    .from(notifications)
    .leftJoin(nfts, nftOfNotification)
    .leftJoin(collections, collectionOfNotification)
    .where(
      and(
        shown(recipient, preferences),
        unread ? isNull(notifications.readAt) : undefined,
        afterId === undefined ? undefined : lt(notifications.id, afterId),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(take)
  const { page, last } = splitPage(rows, limit)
  return {
    data: page.map((row) => {
      const { title, body, url } = notificationMessage(row, origin)
      return {
        id: row.id,
        kind: row.kind,
        title,
        body,
        url,
        path: new URL(url).pathname,
        read: row.readAt !== null,
        createdAt: isoTime(row.createdAt),
        actor: checksumOrNull(row.data.actor ?? null),
        nft: row.nft ? { id: row.nft.id, name: row.nft.name, image: row.nft.image } : null,
      }
    }),
    nextCursor: last ? encodeCursor('notifications', last.id, last.id) : null,
    unread: await unreadCount(db, recipient, preferences),
  }
}
