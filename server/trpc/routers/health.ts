import { checkHealth } from '../../health/check'
import { publicProcedure } from '../init'

/** `health`: database and chain round trips, reported without throwing. */
export const healthQuery = publicProcedure.query(({ ctx }) =>
  checkHealth(ctx.db, { url: ctx.env.DATABASE_URL, authToken: ctx.env.DATABASE_AUTH_TOKEN }, ctx.env.CHAIN_RPC_URL),
)
