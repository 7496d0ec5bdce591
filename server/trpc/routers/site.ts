import { z } from 'zod'
import { recordContactMessage, subscribeNewsletter } from '../../../db/market'
import { ethUsd } from '../../prices/eth-usd'
import { publicProcedure, router } from '../init'
import { limitRate } from '../rate-limit'

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'is too long')
  .pipe(z.email('must be a valid email address'))

export const contactInput = z.object({
  name: z.string().trim().min(2, 'must be at least 2 characters').max(100, 'must be at most 100 characters'),
  email: emailSchema,
  subject: z.string().trim().min(3, 'must be at least 3 characters').max(150, 'must be at most 150 characters'),
  message: z.string().trim().min(10, 'must be at least 10 characters').max(5000, 'must be at most 5,000 characters'),
})

export const newsletterInput = z.object({
  email: emailSchema,
  topic: z.enum(['news', 'status']).default('news'),
})

/** Forms of the content pages: contact messages and newsletter sign-ups. */
export const siteRouter = router({
  /** USD per ETH from Chainlink (null when unavailable), for fiat beside prices. */
  ethUsd: publicProcedure.query(({ ctx }) => ethUsd(ctx.env)),
  /** The origin canonical URLs use: PUBLIC_URL, else the request's own. */
  origin: publicProcedure.query(({ ctx }) => ctx.env.PUBLIC_URL ?? new URL(ctx.request.url).origin),
  contact: publicProcedure.input(contactInput).mutation(async ({ ctx, input }) => {
    await limitRate(ctx, 'contact')
    await recordContactMessage(ctx.db, input)
    return { message: 'Thanks, your message is on its way. We answer within two working days.' }
  }),
  subscribe: publicProcedure.input(newsletterInput).mutation(async ({ ctx, input }) => {
    await limitRate(ctx, 'newsletter')
    const subscribed = await subscribeNewsletter(ctx.db, input)
    return {
      alreadySubscribed: !subscribed,
      message: subscribed ? 'You are subscribed. Welcome aboard!' : 'You are already subscribed with this email.',
    }
  }),
})
