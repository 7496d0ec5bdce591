/**
 * Legal notices (ADR 47): anyone, without a wallet, sends one about an item, a collection or a
 * profile; it enters the moderation queue as a report once its email is confirmed by the mailed link.
 */
import { confirmLegalNotice } from '../../../db/market'
import { legalNoticeInput } from '../../inputs/legal-notices'
import { emailConfirmInput } from '../../inputs/notification-email'
import { emailKey } from '../../notify/email-address'
import { sendLegalNotice } from '../../notify/legal-notice'
import { publicProcedure, router } from '../init'
import { limitRate } from '../rate-limit'

export const legalNoticesRouter = router({
  /** Stores a notice, unconfirmed, and mails the link that confirms it (limited per client and per inbox). */
  submit: publicProcedure.input(legalNoticeInput).mutation(async ({ ctx, input }) => {
    await limitRate(ctx, 'legal-notice')
    await limitRate(ctx, 'legal-notice-to', await emailKey(input.email))
    const { id } = await sendLegalNotice(ctx, input)
    return { id, status: 'unconfirmed' as const }
  }),

  /** Confirms the notice whose link carries `token`: it enters the queue (once; `used` or `expired` change nothing). */
  confirm: publicProcedure.input(emailConfirmInput).mutation(async ({ ctx, input }) => {
    const outcome = await confirmLegalNotice(ctx.db, input.token)
    return { status: outcome.status, id: 'id' in outcome ? outcome.id : null }
  }),
})
