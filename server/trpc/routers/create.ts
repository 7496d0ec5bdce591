import { creatorCollections, registerCollection } from '../../create/collection'
import { registerCollectionInput } from '../../inputs/collections'
import { lazyMintInput, publishLazyMint } from '../../create/lazy-mint'
import { mintedInput, registerMint } from '../../create/mint-now'
import { protectedProcedure, router, type Context } from '../init'

const originOf = (ctx: Context) => ctx.env.PUBLIC_URL ?? new URL(ctx.request.url).origin

/** Creating: collections deployed from the creator's wallet, lazy mints and minted tokens. */
export const createRouter = router({
  myCollections: protectedProcedure.query(({ ctx }) => creatorCollections(ctx, ctx.address)),
  registerCollection: protectedProcedure
    .input(registerCollectionInput.strict())
    .mutation(({ ctx, input }) => registerCollection(ctx, ctx.address, input)),
  publishLazyMint: protectedProcedure
    .input(lazyMintInput.strict())
    .mutation(({ ctx, input }) => publishLazyMint({ ...ctx, origin: originOf(ctx) }, ctx.address, input)),
  registerMint: protectedProcedure
    .input(mintedInput.strict())
    .mutation(({ ctx, input }) => registerMint({ ...ctx, origin: originOf(ctx) }, ctx.address, input)),
})
