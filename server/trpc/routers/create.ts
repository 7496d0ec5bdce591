import { creatorCollections, registerCollection, registerCollectionInput } from '../../create/collection'
import { lazyMintInput, publishLazyMint } from '../../create/lazy-mint'
import { mintedInput, registerMint } from '../../create/mint-now'
import { protectedProcedure, router, type Context } from '../init'

const creatorOf = (name: string | null | undefined) => (name ?? '').toLowerCase() as `0x${string}`
const originOf = (ctx: Context) => ctx.env.PUBLIC_URL ?? new URL(ctx.request.url).origin

/** Creating: collections deployed from the creator's wallet, lazy mints and minted tokens. */
export const createRouter = router({
  myCollections: protectedProcedure.query(({ ctx }) => creatorCollections(ctx, creatorOf(ctx.user.name))),
  registerCollection: protectedProcedure
    .input(registerCollectionInput)
    .mutation(({ ctx, input }) => registerCollection(ctx, creatorOf(ctx.user.name), input)),
  publishLazyMint: protectedProcedure
    .input(lazyMintInput)
    .mutation(({ ctx, input }) => publishLazyMint({ ...ctx, origin: originOf(ctx) }, creatorOf(ctx.user.name), input)),
  registerMint: protectedProcedure
    .input(mintedInput)
    .mutation(({ ctx, input }) => registerMint({ ...ctx, origin: originOf(ctx) }, creatorOf(ctx.user.name), input)),
})
