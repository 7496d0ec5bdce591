import { recordContactMessage, subscribeNewsletter } from '../../../db/market'
import { ethUsd } from '../../prices/eth-usd'
import { contactInput, newsletterInput } from '../../inputs/site'
import { publicProcedure, router } from '../init'
import { limitRate } from '../rate-limit'

/** Forms of the content pages: contact messages and newsletter sign-ups. */
export const siteRouter = router({
  /** USD per ETH from Chainlink (null when unavailable), for fiat beside prices. */
  ethUsd: publicProcedure.query(({ ctx }) => ethUsd(ctx.env)),
  /** The origin canonical URLs use: PUBLIC_URL, else the request's own. */
  origin: publicProcedure.query(({ ctx }) => ctx.env.PUBLIC_URL ?? new URL(ctx.request.url).origin),
  contact: publicProcedure.input(contactInput.strict()).mutation(async ({ ctx, input }) => {
    await limitRate(ctx, 'contact')
    await recordContactMessage(ctx.db, input)
    return { message: 'Thanks, your message is on its way. We answer within two working days.' }
  }),
  subscribe: publicProcedure.input(newsletterInput.strict()).mutation(async ({ ctx, input }) => {
    await limitRate(ctx, 'newsletter')
    const subscribed = await subscribeNewsletter(ctx.db, input)
    return {
      alreadySubscribed: !subscribed,
      message: subscribed ? 'You are subscribed. Welcome aboard!' : 'You are already subscribed with this email.',
    }
  }),
})
