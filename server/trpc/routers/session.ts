import { endSessions } from '../../../db/market'
import { issueNonce } from '../../auth/siwe'
import { protectedProcedure, publicProcedure } from '../init'
import { limitRate } from '../rate-limit'

/** The signed-in wallet (Auth.js JWT session), or null. */
export const sessionQuery = publicProcedure.query(async ({ ctx }) => {
  const session = await ctx.session()
  const address = session?.user?.name
  return address ? { address } : null
})

/** A one-time nonce for the next Sign-In with Ethereum message. */
export const nonceMutation = publicProcedure.mutation(async ({ ctx }) => {
  await limitRate(ctx, 'siwe-nonce')
  return issueNonce(ctx.db)
})

/** Ends every session of the signed-in wallet, on every device, this one included. */
export const signOutEverywhereMutation = protectedProcedure.mutation(async ({ ctx }) => {
  await endSessions(ctx.db, ctx.address)
  return { signedOut: true }
})
