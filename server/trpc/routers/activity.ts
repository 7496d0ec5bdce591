import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { ACTIVITY_TYPES } from '../../../db/schema'
import { listActivity } from '../../queries/activity'
import { findCollectionMarks } from '../../queries/collections'
import { refuseHidden } from '../../queries/hidden'
import { publicProcedure, router } from '../init'
import { addressSchema, cursorSchema, idOrSlugSchema, limitSchema } from '../../inputs/fields'
import { nftIdSchema } from '../../inputs/nfts'

export const activityRouter = router({
  list: publicProcedure
    .input(
      z.object({
        type: z.enum(ACTIVITY_TYPES, { error: `must be one of ${ACTIVITY_TYPES.join(', ')}` }).optional(),
        collection: idOrSlugSchema.optional(),
        user: addressSchema.optional(),
        nft: nftIdSchema.optional(),
        cursor: cursorSchema,
        limit: limitSchema,
      }),
    )
    .query(async ({ ctx, input }) => {
      const key = input.collection
      const byId = key !== undefined && /^\d+$/.test(key)
      // The page and the collection's existence are read together (one round trip over HTTP): the
      // page finds the collection by its slug itself, so it needs no id first.
      const [exists, page] = await Promise.all([
        key === undefined ? true : findCollectionMarks(ctx.db, key),
        listActivity(ctx.db, {
          type: input.type,
          collectionId: byId ? Number(key) : undefined,
          collectionSlug: key !== undefined && !byId ? key.toLowerCase() : undefined,
          user: input.user,
          nftId: input.nft,
          cursor: input.cursor,
          limit: input.limit,
        }),
      ])
      if (!exists) throw new TRPCError({ code: 'NOT_FOUND', message: `collection "${key}" does not exist` })
      if (exists !== true) await refuseHidden(ctx.db, 'collection', exists.hiddenBy)
      return page
    }),
})
