/** What the email settings form sends (notifications.email.set) and the confirmation link carries. */
import { z } from './zod'
import { emailSchema } from './site'

export const notificationEmailInput = z.object({ email: emailSchema })

/** The token of a confirmation link: base64url, as mailed (anything else confirms nothing). */
export const emailConfirmInput = z.object({
  token: z.string().trim().min(1, 'is required').max(200, 'is too long'),
})
