/** What the webhook settings form sends (notifications.webhook.set) and the delivery log takes. */
import { z } from './zod'
import { cursorSchema, limitSchema } from './fields'

export const webhookUrlInput = z.object({
  url: z
    .string()
    .trim()
    .max(2048, 'must be at most 2,048 characters')
    .pipe(z.url({ protocol: /^https?$/, error: 'must be a web address starting with https://' })),
})

export const webhookLogInput = z.object({ cursor: cursorSchema, limit: limitSchema })
