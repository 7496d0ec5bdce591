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
import { moderators } from '../../../db/schema'
import { requireRecentSignIn, requireRole, roleOf, RECENT_SIGN_IN_S, type Role } from '../../auth/roles'
import {
  appealInput,
  auditPageInput,
  decideAppealInput,
  decideInput,
  decisionIdInput,
  reverseInput,
  targetDecisionsInput,
} from '../../inputs/decisions'
import { moderatorInput, reportInput, reportPageInput } from '../../inputs/moderation'
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
import { listOwnReports, listReportQueue, resolveReportTarget } from '../../queries/moderation'
import { checksum } from '../../queries/serialize'
import { protectedProcedure, publicProcedure, router } from '../init'
import { limitRate } from '../rate-limit'

/** A moderation write by one of `roles` (checked before anything is read or written), signed in recently. */
const moderationWrite = (roles: readonly Role[], what: string) =>
  protectedProcedure.use(async ({ ctx, next }) => {
    const role = await roleOf(ctx, ctx.address)
    requireRole(role, roles, what)
    requireRecentSignIn((await ctx.session())!)
    return next({ ctx: { role } })
  })

/** A moderation read: the role is enough, however old the sign-in. */
const moderationRead = (what: string) =>
  protectedProcedure.use(async ({ ctx, next }) => {
    requireRole(await roleOf(ctx, ctx.address), ['operator', 'moderator'], what)
    return next()
  })

const STAFF = ['operator', 'moderator'] as const

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
  moderators: moderationRead('list the moderators').query(async ({ ctx }) => {
    const rows = await ctx.db.select().from(moderators).orderBy(moderators.createdAt)
    return {
      operators: ctx.env.operators.map((a) => checksum(a)),
      moderators: rows.map((r) => ({
        address: checksum(r.address),
        grantedBy: checksum(r.grantedBy),
        grantedAt: r.createdAt.toISOString(),
      })),
    }
  }),

  /** Open reports grouped by target, most reported and oldest first (operators and moderators). */
  queue: moderationRead('read the report queue')
    .input(reportPageInput)
    .query(({ ctx, input }) => listReportQueue(ctx.db, input.cursor, input.limit)),

  grantModerator: moderationWrite(['operator'], 'grant or revoke the moderator role')
    .input(moderatorInput)
    .mutation(async ({ ctx, input }) => {
      if (ctx.env.operators.includes(input.address as `0x${string}`)) {
        throw new DomainError('conflict', `address: ${checksum(input.address)} is an operator (OPERATORS) already`)
      }
      const changed = await grantModerator(ctx.db, input.address, ctx.address)
      return { address: checksum(input.address), moderator: true, changed }
    }),

  revokeModerator: moderationWrite(['operator'], 'grant or revoke the moderator role')
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
  decide: moderationWrite(STAFF, 'decide on reports')
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
      const decision = decisionJson(await findDecision(ctx.db, id))
      return { ...decision, reportsClosed, concerned: (await concernedParties(ctx.db, target)).map((a) => checksum(a)) }
    }),

  /** Reverses a decision in force (block_contract: operators). */
  reverse: moderationWrite(STAFF, 'reverse decisions')
    .input(reverseInput)
    .mutation(async ({ ctx, input }) => {
      const before = await findDecision(ctx.db, input.id)
      if (before.action === 'block_contract') requireRole(ctx.role, ['operator'], 'unblock a contract')
      await reverseDecision(ctx.db, input.id, { actor: ctx.address, reason: input.reason })
      return decisionJson(await findDecision(ctx.db, input.id))
    }),

  /** One decision, as whom it concerns and everyone else may read it: its statement of reasons. */
  decision: publicProcedure
    .input(decisionIdInput)
    .query(async ({ ctx, input }) => decisionJson(await findDecision(ctx.db, input.id))),

  /** A target's decisions, newest first, in force or reversed (operators and moderators). */
  decisions: moderationRead('read decisions')
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
  appeals: moderationRead('read appeals')
    .input(auditPageInput)
    .query(({ ctx, input }) => listOpenAppeals(ctx.db, input.cursor, input.limit)),

  /** Decides an appeal: upheld, or reversed (which reverses its decision). */
  decideAppeal: moderationWrite(STAFF, 'decide appeals')
    .input(decideAppealInput)
    .mutation(async ({ ctx, input }) => {
      const { decisionId } = await decideAppeal(ctx.db, input.id, {
        status: input.outcome,
        reason: input.reason,
        actor: ctx.address,
      })
      return { id: input.id, status: input.outcome, decision: decisionJson(await findDecision(ctx.db, decisionId)) }
    }),

  /** The audit log, newest first (operators). */
  audit: protectedProcedure.input(auditPageInput).query(async ({ ctx, input }) => {
    requireRole(await roleOf(ctx, ctx.address), ['operator'], 'read the audit log')
    return listAudit(ctx.db, input.cursor, input.limit)
  }),
})
