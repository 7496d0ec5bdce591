import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import {
  COLLECTION_TABS,
  findCollection,
  findCollectionMarks,
  listCollections,
  toCollectionJson,
} from '../../queries/collections'
import { importCollection } from '../../import/collection'
import { moderationOf, refuseHidden, visibleCollectionId } from '../../queries/hidden'
import { importCollectionInput } from '../../inputs/collections'
import { protectedProcedure, publicProcedure, router } from '../init'
import { limitRate } from '../rate-limit'
import {
  booleanParam,
  categoryFilterSchema,
  chainFilterSchema,
  cursorSchema,
  idOrSlugSchema,
  limitSchema,
} from '../../inputs/fields'
import { listFeaturedCollections } from '../../queries/featured'
import { nftListInput } from '../../inputs/nfts'
import { traitsInput } from '../../inputs/traits'
import { listTraits } from '../../queries/traits'
import { browseNfts } from '../../queries/nft-browse'
import { chartsInput, historyInput } from '../../inputs/history'
import { collectionCharts, collectionHistory } from '../../queries/history'
import { criteriaInput } from '../../inputs/criteria-offers'
import { collectionOffers, traitCriteria } from '../../queries/criteria-offers'
import { collectionOfferFees } from '../../trading/criteria-offers'
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
        /** Only the collections this marketplace features, newest featured first (`tab` is then not used). */
        featured: booleanParam.optional(),
      }),
    )
    .query(({ ctx, input }) => {
      const scope = { category: input.category, chainId: input.chain, cursor: input.cursor, limit: input.limit }
      return input.featured
        ? listFeaturedCollections(ctx.db, scope)
        : listCollections(ctx.db, { order: input.tab, ...scope })
    }),

  byIdOrSlug: publicProcedure.input(z.object({ idOrSlug: idOrSlugSchema })).query(async ({ ctx, input }) => {
    const collection = await findCollection(ctx.db, input.idOrSlug)
    if (!collection)
      throw new TRPCError({ code: 'NOT_FOUND', message: `collection "${input.idOrSlug}" does not exist` })
    await refuseHidden(ctx.db, 'collection', collection.hiddenBy)
    return { ...toCollectionJson(collection), moderation: await moderationOf(ctx.db, collection.spamBy) }
  }),

  /** Adds any ERC-721 or ERC-1155 contract by address (`created: false`: it was already known). */
  import: protectedProcedure.input(importCollectionInput.strict()).mutation(async ({ ctx, input }) => {
    await limitRate(ctx, 'import')
    return importCollection(ctx, ctx.address, input)
  }),

  /** Every trait value of the collection with its token count and floor (the trait panel). */
  traits: publicProcedure.input(traitsInput).query(async ({ ctx, input }) => {
    const [, traits] = await Promise.all([visibleCollectionId(ctx.db, input.idOrSlug), listTraits(ctx.db, input)])
    return traits
  }),

  /** The open collection and trait offers, the highest first. */
  offers: publicProcedure.input(z.object({ idOrSlug: idOrSlugSchema })).query(async ({ ctx, input }) => {
    const [, offers] = await Promise.all([
      visibleCollectionId(ctx.db, input.idOrSlug),
      collectionOffers(ctx.db, input.idOrSlug),
    ])
    return offers
  }),

  /** The fees a collection or trait offer on it carries (read from the chain for EIP-2981 collections). */
  offerFees: publicProcedure.input(z.object({ idOrSlug: idOrSlugSchema })).query(async ({ ctx, input }) => {
    const fees = await collectionOfferFees(ctx, input.idOrSlug)
    if (!fees) throw new TRPCError({ code: 'NOT_FOUND', message: `collection "${input.idOrSlug}" does not exist` })
    return fees
  }),

  /** The criteria a trait offer signs: the Merkle root of the ids that carry the trait now. */
  criteria: publicProcedure.input(criteriaInput).query(async ({ ctx, input }) => {
    await limitRate(ctx, 'criteria')
    const id = await visibleCollectionId(ctx.db, input.idOrSlug)
    const found = await traitCriteria(ctx.db, id, input.trait.type, input.trait.value)
    if (!found.root) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: `trait: no token of this collection carries ${input.trait.type}: ${input.trait.value}`,
      })
    }
    return { ...found, root: found.root }
  }),

  /** Floor, volume and sales per day or hour, oldest first (the charts and GET …/history). */
  history: publicProcedure.input(historyInput).query(async ({ ctx, input }) => {
    const [, history] = await Promise.all([
      visibleCollectionId(ctx.db, input.idOrSlug),
      collectionHistory(ctx.db, input),
    ])
    if (!history) throw new TRPCError({ code: 'NOT_FOUND', message: `collection "${input.idOrSlug}" does not exist` })
    return history
  }),

  /** The collection page's sales scatter and holders' spread. */
  charts: publicProcedure.input(chartsInput).query(async ({ ctx, input }) => {
    const [, charts] = await Promise.all([visibleCollectionId(ctx.db, input.idOrSlug), collectionCharts(ctx.db, input)])
    return charts
  }),

  /** The items of one collection, with every sort and filter of nft.list. */
  nfts: publicProcedure
    .input(nftListInput.and(z.object({ collection: idOrSlugSchema })))
    .query(({ ctx, input }) => browseNfts(ctx.db, input)),

  /** The `count` cheapest fillable fixed-price listings within `maxTotal` ETH, to buy in one transaction. */
  sweep: publicProcedure.input(sweepInput).query(async ({ ctx, input }) => {
    const [marks, sweep] = await Promise.all([
      findCollectionMarks(ctx.db, input.idOrSlug),
      sweepListings(ctx.db, input),
    ])
    if (marks === undefined)
      throw new TRPCError({ code: 'NOT_FOUND', message: `collection "${input.idOrSlug}" does not exist` })
    // A hidden collection is bought from nowhere; a hidden item is left out of the sweep itself.
    await refuseHidden(ctx.db, 'collection', marks.hiddenBy)
    return sweep
  }),
})
