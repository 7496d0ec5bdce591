/** What the bell and the notification settings send (tRPC notifications.*, REST /notifications). */
import { z } from './zod'
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '../../db/notification-kinds'
import { cursorSchema, limitSchema } from './fields'

export const notificationListInput = z.object({
  cursor: cursorSchema,
  limit: limitSchema,
  /** Only those not read yet. */
  unread: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' })
    .transform((value) => value === true || value === 'true')
    .optional(),
})

/** Some (`ids`) or all (`all: true`) of the signed-in wallet's notifications, marked read. */
export const markReadInput = z.union(
  [
    z.strictObject({
      ids: z
        .array(z.number({ error: 'must be notification ids' }).int().positive(), { error: 'must be a list of ids' })
        .min(1, 'must name at least one notification')
        .max(100, 'must name at most 100 notifications'),
    }),
    z.strictObject({ all: z.literal(true, { error: 'must be true' }) }),
  ],
  { error: 'body: must be { "ids": [ … ] } or { "all": true }' },
)

const channelChoices = z.strictObject(
  Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, z.boolean().optional()])) as Record<
    (typeof NOTIFICATION_CHANNELS)[number],
    z.ZodOptional<z.ZodBoolean>
  >,
)

/** Per kind, the channels turned on or off (kinds left out keep what they had). */
export const preferencesInput = z.strictObject(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelChoices.optional()])) as Record<
    (typeof NOTIFICATION_KINDS)[number],
    z.ZodOptional<typeof channelChoices>
  >,
)
