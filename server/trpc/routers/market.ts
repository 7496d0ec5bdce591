import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { indexedTo } from '../../queries/indexer-progress'
import { findOrder } from '../../queries/orders'
import { criteriaProofInput } from '../../inputs/criteria-offers'
import { criteriaProof } from '../../queries/criteria-offers'
import { startAuction } from '../../trading/auctions'
import { ChainUnavailableError } from '../../platform/clients'
import { DEV_INDEXER_HEADER, devIndexerKey, syncChain } from '../../trading/indexing'
import { submitBulkListingsInput, submitOrderInput, type SubmitOrderInput } from '../../trading/order-input'
import { submitListings } from '../../trading/bulk-listings'
import { submitAnyOffer } from '../../trading/criteria-offers'
import { submitListing } from '../../trading/orders'
import { protectedProcedure, publicProcedure, router } from '../init'
import { limitRate } from '../rate-limit'

/**
 * A run of the indexer costs RPC calls and database writes: a signed-in wallet may ask for one.
 * Outside production, `npm run dev`'s indexer loop may too, with a key derived from AUTH_SECRET.
 */
const syncProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const key = ctx.request.headers.get(DEV_INDEXER_HEADER)
  if (key && ctx.env.NODE_ENV !== 'production' && key === (await devIndexerKey(ctx.env.AUTH_SECRET))) return next()
  if (!(await ctx.session())?.user) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in with your wallet first.' })
  }
  return next()
})

/** Orders are signed by their maker; the session must be that maker's too (house rule). */
function assertMaker(address: string, input: SubmitOrderInput) {
  if (address !== input.order.offerer) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'order.offerer: is not the wallet you signed in with' })
  }
}

const hashInput = z.object({
  orderHash: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 32-byte order hash')
    .transform((h) => h.toLowerCase()),
})

/** Trading: signed Seaport orders in, fillable orders out, and the indexer on demand. */
export const marketRouter = router({
  submitListing: protectedProcedure.input(submitOrderInput).mutation(async ({ ctx, input }) => {
    assertMaker(ctx.address, input)
    await limitRate(ctx, 'orders')
    return submitListing(ctx, input)
  }),

  /**
   * Many listings at once (one bulk signature, usually): each stored or refused on its own, the
   * answer in the orders' order.
   */
  submitListings: protectedProcedure.input(submitBulkListingsInput).mutation(async ({ ctx, input }) => {
    await limitRate(ctx, 'bulk-orders')
    return submitListings(ctx, ctx.address, input)
  }),

  submitOffer: protectedProcedure.input(submitOrderInput).mutation(async ({ ctx, input }) => {
    assertMaker(ctx.address, input)
    await limitRate(ctx, 'orders')
    return submitAnyOffer(ctx, input)
  }),

  /** A timed auction of a token the signed-in wallet owns; bids are WETH offers. */
  startAuction: protectedProcedure
    .input(
      z.strictObject({
        nftId: z.coerce.number().int().positive(),
        reserveWei: z
          .string()
          .regex(/^\d{1,78}$/, 'must be a whole number of wei')
          .transform((v) => BigInt(v))
          .refine((v) => v > 0n, 'must be more than zero'),
        endsAt: z.coerce.date(),
      }),
    )
    .mutation(({ ctx, input }) => startAuction(ctx, ctx.address, input)),

  /** A stored order with its signature, as a filler needs it; only while it can be filled. */
  order: publicProcedure.input(hashInput).query(async ({ ctx, input }) => {
    const order = await findOrder(ctx.db, input.orderHash)
    if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: `no order ${input.orderHash}` })
    return order
  }),

  /**
   * What a holder gives Seaport to fill a collection or trait offer with their token: its proof
   * (empty for a collection offer). A token the offer does not cover is a 400 saying so.
   */
  criteriaProof: publicProcedure.input(criteriaProofInput).query(async ({ ctx, input }) => {
    await limitRate(ctx, 'criteria')
    const proof = await criteriaProof(ctx.db, input.orderHash, input.tokenId)
    if (proof === undefined)
      throw new TRPCError({ code: 'NOT_FOUND', message: `no collection or trait offer ${input.orderHash}` })
    if (proof === null) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: `tokenId: token ${input.tokenId} is not covered by this offer (it did not carry the trait when the offer was made)`,
      })
    }
    return proof
  }),

  /** The last block of a chain the indexer has read (null before its first run): a signed-out buyer waits for it. */
  indexedTo: publicProcedure
    .input(z.object({ chainId: z.coerce.number().int().positive() }))
    .query(async ({ ctx, input }) => ({ indexedTo: await indexedTo(ctx.db, input.chainId) })),

  /**
   * Index the chain now (after a transaction confirmed) instead of waiting for the next round.
   * Once at a time per chain across processes: a second caller waits for the running sync and gets
   * the block it reached; if that run outlasts SYNC_WAIT_MS, a 409. A chain that does not answer: 503.
   */
  sync: syncProcedure
    .input(z.strictObject({ chainId: z.coerce.number().int().positive() }))
    .mutation(async ({ ctx, input }) => {
      await limitRate(ctx, 'market-sync')
      const result = await syncChain(ctx, input.chainId)
      if (result === undefined) {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: `chainId: Vitrine does not trade on chain ${input.chainId}`,
        })
      }
      if (result && 'busy' in result) {
        throw new TRPCError({
          code: 'CONFLICT',
          message: `chainId: chain ${input.chainId} is being indexed by another request right now; try again in a few seconds`,
        })
      }
      if (result && 'unavailable' in result) throw new ChainUnavailableError(input.chainId)
      if (result && 'error' in result) throw new TRPCError({ code: 'BAD_GATEWAY', message: result.error })
      if (result && 'waitedFor' in result) return { indexedTo: result.waitedFor }
      return { indexedTo: result ? Number(result.to) : null }
    }),
})
