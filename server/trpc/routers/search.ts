import { searchInput } from '../../inputs/search'
import { search } from '../../queries/search'
import { publicProcedure, router } from '../init'

export const searchRouter = router({
  query: publicProcedure.input(searchInput).query(({ ctx, input }) => search(ctx.db, input)),
})
