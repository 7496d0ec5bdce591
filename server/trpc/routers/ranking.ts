import { z } from 'zod'
import { listRankings, RANKING_PERIODS } from '../../queries/collections'
import { publicProcedure, router } from '../init'
import { categoryFilterSchema, chainFilterSchema, limitSchema } from '../../inputs/fields'

/** 'All' in the category and chain pickers means "no filter": `all`, or leave the field out. */
export const rankingRouter = router({
  list: publicProcedure
    .input(
      z.object({
        period: z.enum(RANKING_PERIODS, { error: `must be one of ${RANKING_PERIODS.join(', ')}` }).default('24h'),
        category: categoryFilterSchema,
        chain: chainFilterSchema,
        cursor: z.string().max(220, 'is too long').optional(),
        limit: limitSchema,
      }),
    )
    .query(({ ctx, input }) =>
      listRankings(ctx.db, {
        period: input.period,
        category: input.category,
        chainId: input.chain,
        cursor: input.cursor,
        limit: input.limit,
      }),
    ),
})
