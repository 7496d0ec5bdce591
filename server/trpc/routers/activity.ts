import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { ACTIVITY_TYPES } from '../../../db/schema'
import { listActivity } from '../../queries/activity'
import { findCollectionId } from '../../queries/collections'
import { publicProcedure, router } from '../init'
import { addressSchema, cursorSchema, idOrSlugSchema, limitSchema } from '../../inputs/fields'

export const activityRouter = router({
  list: publicProcedure
    .input(
      z.object({
        type: z.enum(ACTIVITY_TYPES, { error: `must be one of ${ACTIVITY_TYPES.join(', ')}` }).optional(),
        collection: idOrSlugSchema.optional(),
        user: addressSchema.optional(),
        nft: z.coerce
          .number({ error: 'must be a numeric NFT id' })
          .int('must be a numeric NFT id')
          .positive('must be a numeric NFT id')
          .optional(),
        cursor: cursorSchema,
        limit: limitSchema,
      }),
    )
    .query(async ({ ctx, input }) => {
      let collectionId: number | undefined
      if (input.collection !== undefined) {
        collectionId = await findCollectionId(ctx.db, input.collection)
        if (collectionId === undefined)
          throw new TRPCError({ code: 'NOT_FOUND', message: `collection "${input.collection}" does not exist` })
      }
      return listActivity(ctx.db, {
        type: input.type,
        collectionId,
        user: input.user,
        nftId: input.nft,
        cursor: input.cursor,
        limit: input.limit,
      })
    }),
})
