import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import {
  COLLECTION_TABS,
  findCollection,
  findCollectionId,
  listCollections,
  toCollectionJson,
} from '../../queries/collections'
import { importCollection } from '../../import/collection'
import { importCollectionInput } from '../../inputs/collections'
import { protectedProcedure, publicProcedure, router } from '../init'
import { limitRate } from '../rate-limit'
import { categoryFilterSchema, chainFilterSchema, cursorSchema, idOrSlugSchema, limitSchema } from '../../inputs/fields'
import { nftListInput } from '../../inputs/nfts'
import { traitsInput } from '../../inputs/traits'
import { listTraits } from '../../queries/traits'
import { browseNfts } from '../../queries/nft-browse'
import { chartsInput, historyInput } from '../../inputs/history'
import { collectionCharts, collectionHistory } from '../../queries/history'
import { sweepInput } from '../../inputs/sweep'
import { sweepListings } from '../../queries/sweep'

export const collectionRouter = router({
  list: publicProcedure
    .input(
      z.object({
        tab: z.enum(COLLECTION_TABS, { error: `must be one of ${COLLECTION_TABS.join(', ')}` }).default('trending'),
        category: categoryFilterSchema,
        chain: chainFilterSchema,
        cursor: cursorSchema,
        limit: limitSchema,
      }),
    )
    .query(({ ctx, input }) =>
      listCollections(ctx.db, {
        order: input.tab,
        category: input.category,
        chainId: input.chain,
        cursor: input.cursor,
        limit: input.limit,
      }),
    ),

  byIdOrSlug: publicProcedure.input(z.object({ idOrSlug: idOrSlugSchema })).query(async ({ ctx, input }) => {
    const collection = await findCollection(ctx.db, input.idOrSlug)
    if (!collection)
      throw new TRPCError({ code: 'NOT_FOUND', message: `collection "${input.idOrSlug}" does not exist` })
    return toCollectionJson(collection)
  }),

  /** Adds any ERC-721 or ERC-1155 contract by address (`created: false`: it was already known). */
  import: protectedProcedure.input(importCollectionInput.strict()).mutation(async ({ ctx, input }) => {
    await limitRate(ctx, 'import')
    return importCollection(ctx, ctx.address, input)
  }),

  /** Every trait value of the collection with its token count and floor (the trait panel). */
  traits: publicProcedure.input(traitsInput).query(async ({ ctx, input }) => {
    const [id, traits] = await Promise.all([findCollectionId(ctx.db, input.idOrSlug), listTraits(ctx.db, input)])
    if (id === undefined)
      throw new TRPCError({ code: 'NOT_FOUND', message: `collection "${input.idOrSlug}" does not exist` })
    return traits
  }),

  /** Floor, volume and sales per day or hour, oldest first (the charts and GET …/history). */
  history: publicProcedure.input(historyInput).query(async ({ ctx, input }) => {
    const history = await collectionHistory(ctx.db, input)
    if (!history) throw new TRPCError({ code: 'NOT_FOUND', message: `collection "${input.idOrSlug}" does not exist` })
    return history
  }),

  /** The collection page's sales scatter and holders' spread. */
  charts: publicProcedure.input(chartsInput).query(async ({ ctx, input }) => {
    const [id, charts] = await Promise.all([findCollectionId(ctx.db, input.idOrSlug), collectionCharts(ctx.db, input)])
    if (id === undefined)
      throw new TRPCError({ code: 'NOT_FOUND', message: `collection "${input.idOrSlug}" does not exist` })
    return charts
  }),

  /** The items of one collection, with every sort and filter of nft.list. */
  nfts: publicProcedure
    .input(nftListInput.and(z.object({ collection: idOrSlugSchema })))
    .query(({ ctx, input }) => browseNfts(ctx.db, input)),

  /** The `count` cheapest fillable fixed-price listings within `maxTotal` ETH, to buy in one transaction. */
  sweep: publicProcedure.input(sweepInput).query(async ({ ctx, input }) => {
    const [id, sweep] = await Promise.all([findCollectionId(ctx.db, input.idOrSlug), sweepListings(ctx.db, input)])
    if (id === undefined)
      throw new TRPCError({ code: 'NOT_FOUND', message: `collection "${input.idOrSlug}" does not exist` })
    return sweep
  }),
})
