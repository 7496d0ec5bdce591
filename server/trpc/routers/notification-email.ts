/**
 * The signed-in wallet's email address for notifications: read it, set it (a confirmation mail
 * goes at once), remove it; and the confirmation itself, by the token the mailed link carries.
 */
import { getAddress } from 'viem'
import { confirmNotificationEmail, removeNotificationEmail } from '../../../db/market'
import { emailConfirmInput, notificationEmailInput } from '../../inputs/notification-email'
import { emailKey, requestEmailAddress } from '../../notify/email-address'
import { findEmailSettings } from '../../queries/notification-email'
import { protectedProcedure, publicProcedure, router } from '../init'
import { limitRate } from '../rate-limit'

export const notificationEmailRouter = router({
  /** The address, its state, and whether this server sends mail at all. */
  get: protectedProcedure.query(async ({ ctx }) => ({
    ...(await findEmailSettings(ctx.db, ctx.address)),
    available: ctx.env.mail !== undefined,
  })),

  /** Sets the address, unconfirmed, and mails the link that confirms it (limited per client and per address). */
  set: protectedProcedure.input(notificationEmailInput.strict()).mutation(async ({ ctx, input }) => {
    await limitRate(ctx, 'email-confirm')
    await limitRate(ctx, 'email-confirm-to', await emailKey(input.email))
    const { mailed } = await requestEmailAddress(ctx, ctx.address, input.email)
    return { ...(await findEmailSettings(ctx.db, ctx.address)), mailed }
  }),

  remove: protectedProcedure.mutation(async ({ ctx }) => {
    await removeNotificationEmail(ctx.db, ctx.address)
    return findEmailSettings(ctx.db, ctx.address)
  }),

  /**
   * Confirms the address whose link carries `token`. Answers the wallet it belongs to (a token
   * that matches nothing: the signed-in wallet, if any) for the settings page to show the outcome.
   */
  confirm: publicProcedure.input(emailConfirmInput).mutation(async ({ ctx, input }) => {
    const outcome = await confirmNotificationEmail(ctx.db, input.token)
    const wallet = outcome.wallet ?? (await ctx.session())?.user?.name ?? null
    return { status: outcome.status, wallet: wallet && /^0x[0-9a-fA-F]{40}$/.test(wallet) ? getAddress(wallet) : null }
  }),
})
