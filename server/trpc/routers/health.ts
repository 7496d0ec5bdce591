import { checkHealth } from '../../health'
import { publicProcedure } from '../init'

/** `health`: database and chain round trips, reported without throwing. */
export const healthQuery = publicProcedure.query(({ ctx }) => checkHealth(ctx.db, ctx.env.CHAIN_RPC_URL))
