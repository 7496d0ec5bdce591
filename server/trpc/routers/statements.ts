/**
 * A decision's statement of reasons, as its page shows it to anyone, and to whom it concerns with
 * their appeals (ADR 47). Appeals themselves are filed by moderation.appeal.
 */
import { decisionIdInput } from '../../inputs/decisions'
import { decisionStatement } from '../../queries/statements'
import { publicProcedure, router } from '../init'

export const statementsRouter = router({
  byDecision: publicProcedure.input(decisionIdInput).query(async ({ ctx, input }) => {
    const session = await ctx.session()
    const wallet = session?.user?.name
    const viewer = wallet && /^0x[0-9a-fA-F]{40}$/.test(wallet) ? wallet.toLowerCase() : null
    return decisionStatement(ctx.db, input.id, viewer)
  }),
})
