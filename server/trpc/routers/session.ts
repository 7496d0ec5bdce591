import { publicProcedure } from '../init'

/** The signed-in wallet (Auth.js JWT session), or null. */
export const sessionQuery = publicProcedure.query(async ({ ctx }) => {
  const session = await ctx.session()
  const address = session?.user?.name
  return address ? { address } : null
})
