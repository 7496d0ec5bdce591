/**
 * Moderation (ADR 44): reports any signed-in wallet files and reads back, the queue operators and
 * moderators read, and the moderator role operators grant and revoke. A moderation write needs a
 * recent sign-in (server/auth/roles.ts).
 */
import { grantModerator, recordReport, revokeModerator } from '../../../db/market'
import { requireRecentSignIn, requireRole, roleOf } from '../../auth/roles'
import { moderatorInput, reportInput, reportPageInput } from '../../inputs/moderation'
import { listOwnReports, listReportQueue, resolveReportTarget } from '../../queries/moderation'
import { checksum } from '../../queries/serialize'
import { protectedProcedure, router } from '../init'
import { limitRate } from '../rate-limit'

/** A moderation write: an operator's (checked before anything is read or written), signed in recently. */
const operatorWrite = protectedProcedure.use(async ({ ctx, next }) => {
  requireRole(await roleOf(ctx, ctx.address), ['operator'], 'grant or revoke the moderator role')
  requireRecentSignIn((await ctx.session())!)
  return next()
})

export const moderationRouter = router({
  /** Files a report of an item, a collection or a profile; one open report per wallet and target. */
  report: protectedProcedure.input(reportInput).mutation(async ({ ctx, input }) => {
    await limitRate(ctx, 'report', ctx.address)
    const target = await resolveReportTarget(ctx.db, input.target)
    const { id } = await recordReport(ctx.db, {
      reporter: ctx.address,
      target,
      reason: input.reason,
      note: input.note,
    })
    return { id, status: 'open' as const }
  }),

  /** The signed-in wallet's own reports, newest first, with their status. */
  myReports: protectedProcedure
    .input(reportPageInput)
    .query(({ ctx, input }) => listOwnReports(ctx.db, ctx.address, input.cursor, input.limit)),

  /** Open reports grouped by target, most reported and oldest first (operators and moderators). */
  queue: protectedProcedure.input(reportPageInput).query(async ({ ctx, input }) => {
    requireRole(await roleOf(ctx, ctx.address), ['operator', 'moderator'], 'read the report queue')
    return listReportQueue(ctx.db, input.cursor, input.limit)
  }),

  grantModerator: operatorWrite.input(moderatorInput).mutation(async ({ ctx, input }) => {
    const changed = await grantModerator(ctx.db, input.address, ctx.address)
    return { address: checksum(input.address), moderator: true, changed }
  }),

  revokeModerator: operatorWrite.input(moderatorInput).mutation(async ({ ctx, input }) => {
    const changed = await revokeModerator(ctx.db, input.address)
    return { address: checksum(input.address), moderator: false, changed }
  }),
})
