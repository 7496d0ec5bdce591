/**
 * Moderation (ADR 44, 45): reports any signed-in wallet files and reads back, the queue operators
 * and moderators read and decide on, appeals by whom a decision concerns, the audit log, and the
 * moderator role operators grant and revoke. A moderation write needs a recent sign-in
 * (server/auth/roles.ts).
 */
import {
  decideAppeal,
  grantModerator,
  recordAppeal,
  recordDecision,
  recordReport,
  reverseDecision,
  revokeModerator,
} from '../../../db/market'
import { DECISION_TARGETS } from '../../../db/decision-kinds'
import { DomainError } from '../../../db/errors'
import { requireRole, roleOf, RECENT_SIGN_IN_S } from '../../auth/roles'
import {
  appealInput,
  auditExportInput,
  auditPageInput,
  decideAppealInput,
  decideInput,
  decisionIdInput,
  reverseInput,
  targetDecisionsInput,
} from '../../inputs/decisions'
import { moderatorInput, reportInput, reportPageInput } from '../../inputs/moderation'
import { announceDecision } from '../../notify/decisions'
import {
  concernedParties,
  decisionJson,
  findDecision,
  listAudit,
  listOpenAppeals,
  listOwnAppeals,
  resolveDecisionTarget,
  targetDecisions,
} from '../../queries/decisions'
import { listOwnReports, listReportQueue, listStaff, resolveReportTarget } from '../../queries/moderation'
import { checksum } from '../../queries/serialize'
import { drainPageChanges } from '../../live/publish'
import { protectedProcedure, publicProcedure, router, type Context } from '../init'
import { STAFF, staffRead, staffWrite } from '../staff'
import { limitRate } from '../rate-limit'

/**
 * Purges the pages a decision changed and tells the open ones now, not at the next indexer round:
 * a page hidden for a legal reason must stop being served at once. A failure is left to that round.
 */
async function publishDecision(ctx: Context): Promise<void> {
  await drainPageChanges(ctx).catch((error: unknown) => console.warn(`decision purge: ${(error as Error).message}`))
}

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

  /** The signed-in wallet's role, and until when its sign-in allows moderation writes. */
  me: protectedProcedure.query(async ({ ctx }) => {
    const role = await roleOf(ctx, ctx.address)
    const signedInAt = (await ctx.session())?.signedInAt
    const writableUntil = typeof signedInAt === 'number' ? new Date((signedInAt + RECENT_SIGN_IN_S) * 1000) : null
    return { address: checksum(ctx.address), role, writableUntil: writableUntil?.toISOString() ?? null }
  }),

  /** Operators (configuration) and moderators (granted), for the console. */
  moderators: staffRead(STAFF, 'list the moderators').query(({ ctx }) => listStaff(ctx.db, ctx.env.operators)),

  /** Open reports grouped by target, most reported and oldest first (operators and moderators). */
  queue: staffRead(STAFF, 'read the report queue')
    .input(reportPageInput)
    .query(({ ctx, input }) => listReportQueue(ctx.db, input.cursor, input.limit)),

  grantModerator: staffWrite(['operator'], 'grant or revoke the moderator role')
    .input(moderatorInput)
    .mutation(async ({ ctx, input }) => {
      if (ctx.env.operators.includes(input.address as `0x${string}`)) {
        throw new DomainError('conflict', `address: ${checksum(input.address)} is an operator (OPERATORS) already`)
      }
      const changed = await grantModerator(ctx.db, input.address, ctx.address)
      return { address: checksum(input.address), moderator: true, changed }
    }),

  revokeModerator: staffWrite(['operator'], 'grant or revoke the moderator role')
    .input(moderatorInput)
    .mutation(async ({ ctx, input }) => {
      // Operators are configuration: no call can take the role from one, so the last one stays.
      if (ctx.env.operators.includes(input.address as `0x${string}`)) {
        throw new DomainError(
          'conflict',
          `address: ${checksum(input.address)} is an operator, named in OPERATORS; an operator's role is changed there, never from the console`,
        )
      }
      const changed = await revokeModerator(ctx.db, input.address, ctx.address)
      return { address: checksum(input.address), moderator: false, changed }
    }),

  /**
   * Takes a decision on a target: hide, flag stolen, mark spam, verify, feature, dismiss its reports
   * (operators and moderators), or block a contract (operators).
   */
  decide: staffWrite(STAFF, 'decide on reports')
    .input(decideInput)
    .mutation(async ({ ctx, input }) => {
      if (input.action === 'block_contract') requireRole(ctx.role, ['operator'], 'block a contract')
      const allowed = DECISION_TARGETS[input.action]
      if (!allowed.includes(input.target.kind)) {
        throw new DomainError(
          'bad_request',
          `target: ${input.action} applies to ${allowed.join(' or ')}, not ${input.target.kind}`,
        )
      }
      const target = await resolveDecisionTarget(ctx.db, input.target)
      const { id, reportsClosed } = await recordDecision(ctx.db, {
        action: input.action,
        target,
        category: input.category,
        reason: input.reason,
        actor: ctx.address,
      })
      await publishDecision(ctx)
      await announceDecision(ctx, id, { decided: id })
      const decision = decisionJson(await findDecision(ctx.db, id))
      return { ...decision, reportsClosed, concerned: (await concernedParties(ctx.db, target)).map((a) => checksum(a)) }
    }),

  /** Reverses a decision in force (block_contract: operators). */
  reverse: staffWrite(STAFF, 'reverse decisions')
    .input(reverseInput)
    .mutation(async ({ ctx, input }) => {
      const before = await findDecision(ctx.db, input.id)
      if (before.action === 'block_contract') requireRole(ctx.role, ['operator'], 'unblock a contract')
      await reverseDecision(ctx.db, input.id, { actor: ctx.address, reason: input.reason })
      await publishDecision(ctx)
      await announceDecision(ctx, input.id, { reversed: input.id })
      return decisionJson(await findDecision(ctx.db, input.id))
    }),

  /** One decision, as whom it concerns and everyone else may read it: its statement of reasons. */
  decision: publicProcedure
    .input(decisionIdInput)
    .query(async ({ ctx, input }) => decisionJson(await findDecision(ctx.db, input.id))),

  /** A target's decisions, newest first, in force or reversed (operators and moderators). */
  decisions: staffRead(STAFF, 'read decisions')
    .input(targetDecisionsInput)
    .query(async ({ ctx, input }) => ({
      data: await targetDecisions(ctx.db, await resolveDecisionTarget(ctx.db, input.target)),
    })),

  /** Appeals a decision in force; only whom it concerns may (owner, creator, the profile's wallet). */
  appeal: protectedProcedure.input(appealInput).mutation(async ({ ctx, input }) => {
    await limitRate(ctx, 'report', ctx.address)
    const decision = await findDecision(ctx.db, input.decisionId)
    const concerned = await concernedParties(ctx.db, { kind: decision.targetKind, key: decision.targetKey })
    if (!concerned.includes(ctx.address)) {
      throw new DomainError(
        'forbidden',
        `Only whom decision ${decision.id} concerns (its owner or creator) can appeal it.`,
      )
    }
    const { id } = await recordAppeal(ctx.db, {
      decisionId: decision.id,
      appellant: ctx.address,
      statement: input.statement,
    })
    return { id, decisionId: decision.id, status: 'open' as const }
  }),

  /** The signed-in wallet's appeals with their outcome. */
  myAppeals: protectedProcedure.query(async ({ ctx }) => ({ data: await listOwnAppeals(ctx.db, ctx.address) })),

  /** Open appeals, oldest first, each beside its decision (operators and moderators). */
  appeals: staffRead(STAFF, 'read appeals')
    .input(auditPageInput)
    .query(({ ctx, input }) => listOpenAppeals(ctx.db, input.cursor, input.limit)),

  /** Decides an appeal: upheld, or reversed (which reverses its decision). */
  decideAppeal: staffWrite(STAFF, 'decide appeals')
    .input(decideAppealInput)
    .mutation(async ({ ctx, input }) => {
      const { decisionId } = await decideAppeal(ctx.db, input.id, {
        status: input.outcome,
        reason: input.reason,
        actor: ctx.address,
      })
      await publishDecision(ctx)
      await announceDecision(ctx, decisionId, { appealDecided: input.id })
      return { id: input.id, status: input.outcome, decision: decisionJson(await findDecision(ctx.db, decisionId)) }
    }),

  /** Checks that the wallet may download the whole audit log (operators); REST streams it. */
  auditExport: protectedProcedure.input(auditExportInput).query(async ({ ctx, input }) => {
    requireRole(await roleOf(ctx, ctx.address), ['operator'], 'read the audit log')
    return input
  }),

  /** The audit log, newest first (operators). */
  audit: protectedProcedure.input(auditPageInput).query(async ({ ctx, input }) => {
    requireRole(await roleOf(ctx, ctx.address), ['operator'], 'read the audit log')
    return listAudit(ctx.db, input.cursor, input.limit)
  }),
})
