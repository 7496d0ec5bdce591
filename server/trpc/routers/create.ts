import { lazyMintInput, publishLazyMint } from '../../create/lazy-mint'
import { protectedProcedure, router } from '../init'

/** Creating: publish a lazy mint the signed-in creator signed a voucher for. */
export const createRouter = router({
  publishLazyMint: protectedProcedure
    .input(lazyMintInput)
    .mutation(({ ctx, input }) =>
      publishLazyMint(
        { ...ctx, origin: ctx.env.PUBLIC_URL ?? new URL(ctx.request.url).origin },
        (ctx.user.name ?? '').toLowerCase() as `0x${string}`,
        input,
      ),
    ),
})
