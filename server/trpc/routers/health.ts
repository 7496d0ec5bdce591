import { checkHealth } from '../../health'
import { publicProcedure } from '../init'

/** `health`: a database round trip, reported without throwing. */
export const healthQuery = publicProcedure.query(({ ctx }) => checkHealth(ctx.db))
