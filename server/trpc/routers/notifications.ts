import { markNotificationsRead, saveNotificationPreferences } from '../../../db/market'
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, wants, type NotificationPreferences } from '../../../db/schema'
import { markReadInput, notificationListInput, preferencesInput } from '../../inputs/notifications'
import { listNotifications, preferencesOf, unreadCount } from '../../notify/inbox'
import { protectedProcedure } from '../init'

/** Every kind with every channel's setting, defaults filled in. */
const resolved = (preferences: NotificationPreferences) =>
  Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, wants(preferences, kind, channel)])),
    ]),
  ) as Record<(typeof NOTIFICATION_KINDS)[number], Record<(typeof NOTIFICATION_CHANNELS)[number], boolean>>

/**
 * The signed-in wallet's notifications: the bell, and what it wants told where. The root router
 * puts them together with each channel's own settings (`notifications.email`, `.webhook`).
 */
export const notificationProcedures = {
  list: protectedProcedure
    .input(notificationListInput)
    .query(({ ctx, input }) =>
      listNotifications(ctx.db, { ...input, address: ctx.address, origin: ctx.env.siteOrigins[0]! }),
    ),

  unreadCount: protectedProcedure.query(({ ctx }) => unreadCount(ctx.db, ctx.address)),

  markRead: protectedProcedure.input(markReadInput).mutation(async ({ ctx, input }) => {
    const marked = await markNotificationsRead(ctx.db, ctx.address, 'ids' in input ? input.ids : undefined)
    return { marked, unread: await unreadCount(ctx.db, ctx.address) }
  }),

  preferences: protectedProcedure.query(async ({ ctx }) => resolved(await preferencesOf(ctx.db, ctx.address))),

  savePreferences: protectedProcedure
    .input(preferencesInput)
    .mutation(async ({ ctx, input }) => resolved(await saveNotificationPreferences(ctx.db, ctx.address, input))),
}
