/**
 * tRPC setup: the request context, the procedure builders, and an error formatter
 * that hands zod issues to clients so forms can show them next to their fields.
 */
import { initTRPC, TRPCError } from '@trpc/server'
import type { Session } from '@auth/core/types'
import { isAddress, type Address } from 'viem'
import { ZodError } from 'zod'
import { noteShown } from '../http/cache-tags'
import { internalErrorMessage, reportInternalError } from '../http/errors'
import { asDatabaseBusy, DomainError } from '../../db/errors'
import { getSession } from '../auth/session'
import { toTRPCError } from '../http/errors'
import type { Runtime } from '../platform/runtime'

export interface Context extends Runtime {
  request: Request
  /** Resolved lazily: public procedures never pay for reading the session. */
  session: () => Promise<Session | null>
}

export function createContext({ request, runtime }: { request: Request; runtime: Runtime }): Context {
  let session: Promise<Session | null> | undefined
  return {
    ...runtime,
    request,
    session: () => (session ??= getSession(request, runtime)),
  }
}

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error, ctx, path }) {
    const zodIssues = error.cause instanceof ZodError ? error.cause.issues : null
    if (error.code !== 'INTERNAL_SERVER_ERROR') {
      // A domain refusal's details (a hidden page's decision) reach clients as REST's do.
      const details = error.cause instanceof DomainError ? error.cause.details : undefined
      return { ...shape, data: { ...shape.data, zodIssues, ...(details === undefined ? {} : { details }) } }
    }
    // An unexpected failure: the details go to the log under an id. Outside development the
    // answer says only that (no SQL, parameters, RPC URLs or stack); without a context, assume production.
    const errorId = reportInternalError(error.cause ?? error, path ? `tRPC ${path}` : 'tRPC')
    const development = ctx !== undefined && ctx.env.NODE_ENV !== 'production'
    const data = { ...shape.data, zodIssues, errorId }
    if (development) return { ...shape, data }
    return { ...shape, message: internalErrorMessage(errorId), data: { ...data, stack: undefined } }
  },
})

export const router = t.router
export const createCallerFactory = t.createCallerFactory

/**
 * A refusal thrown by business code (DomainError), or a write the database was too busy for,
 * leaves every procedure with its matching code. A query's answer notes what it showed, for the
 * edge cache's tags (server/http/cache-tags.ts).
 */
export const publicProcedure = t.procedure.use(async ({ next, type, path, getRawInput }) => {
  const result = await next()
  if (result.ok) {
    if (type === 'query') noteShown(path, await getRawInput().catch(() => undefined), result.data)
    return result
  }
  const refusal = result.error.cause instanceof DomainError ? result.error.cause : asDatabaseBusy(result.error)
  if (refusal) throw toTRPCError(refusal)
  return result
})

/**
 * Procedures that need a signed-in wallet; `ctx.user` is the session's user and `ctx.address`
 * its wallet, lowercase (the session's name is the address it signed in with).
 */
export const protectedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const session = await ctx.session()
  if (!session?.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in with your wallet first.' })
  const address = session.user.name?.toLowerCase()
  if (!address || !isAddress(address)) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in with your wallet first.' })
  }
  return next({ ctx: { ...ctx, user: session.user, address: address as Address } })
})
