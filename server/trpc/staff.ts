/**
 * Procedures for the marketplace's staff (ADR 44): the role is checked before anything is read or
 * written, and a write also needs a sign-in within the last 15 minutes (server/auth/roles.ts). The
 * role found is passed on (`ctx.role`) for checks finer than the procedure's.
 */
import { requireRecentSignIn, requireRole, roleOf, type Role } from '../auth/roles'
import { protectedProcedure } from './init'

/** A read by one of `roles`: the role is enough, however old the sign-in. */
export const staffRead = (roles: readonly Role[], what: string) =>
  protectedProcedure.use(async ({ ctx, next }) => {
    const role = await roleOf(ctx, ctx.address)
    requireRole(role, roles, what)
    return next({ ctx: { role } })
  })

/** A write by one of `roles`, signed in recently. */
export const staffWrite = (roles: readonly Role[], what: string) =>
  protectedProcedure.use(async ({ ctx, next }) => {
    const role = await roleOf(ctx, ctx.address)
    requireRole(role, roles, what)
    requireRecentSignIn((await ctx.session())!)
    return next({ ctx: { role } })
  })

/** The roles of most staff procedures. */
export const STAFF: readonly Role[] = ['operator', 'moderator']
export const operatorRead = (what: string) => staffRead(['operator'], what)
export const operatorWrite = (what: string) => staffWrite(['operator'], what)
