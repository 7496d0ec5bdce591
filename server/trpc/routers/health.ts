import { checkHealth } from '../../health/check'
import { followerReports } from '../../trading/follower'
import { publicProcedure } from '../init'

/** `health`: database and chain round trips (and the Workers build's followers), reported without throwing. */
export const healthQuery = publicProcedure.query(({ ctx }) =>
  checkHealth(
    ctx.db,
    { url: ctx.env.DATABASE_URL, authToken: ctx.env.DATABASE_AUTH_TOKEN },
    ctx.env.CHAIN_RPC_URL,
    ctx.followers && (() => followerReports(ctx)),
  ),
)
