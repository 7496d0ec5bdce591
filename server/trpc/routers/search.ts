import { z } from 'zod'
import { search } from '../../queries/search'
import { publicProcedure, router } from '../init'

/** A search: the query and how many of each kind (NFTs, collections, users) to show. */
export const searchInput = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters'),
  limit: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(20, 'must be at most 20')
    .default(8),
})

export const searchRouter = router({
  query: publicProcedure.input(searchInput).query(({ ctx, input }) => search(ctx.db, input)),
})
