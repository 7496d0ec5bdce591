import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { findHolding, findNftId, findNftTerms } from '../../queries/nft-lookups'
import { findItem } from '../../trading/item'
import { browseNfts } from '../../queries/nft-browse'
import { tokenSales } from '../../queries/history'
import { checksum, isoTime } from '../../queries/serialize'
import { requestMetadataRefresh } from '../../../db/market'
import { limitRate } from '../rate-limit'
import { publicProcedure, router } from '../init'
import { addressSchema } from '../../inputs/fields'
import { nftIdSchema, nftListInput, tokenInput } from '../../inputs/nfts'

export const nftRouter = router({
  list: publicProcedure.input(nftListInput).query(({ ctx, input }) => browseNfts(ctx.db, input)),

  byId: publicProcedure.input(z.object({ id: nftIdSchema })).query(async ({ ctx, input }) => {
    const nft = await findItem(ctx, input.id)
    if (!nft) throw new TRPCError({ code: 'NOT_FOUND', message: `NFT ${input.id} does not exist` })
    return nft
  }),

  /** The token's sales, oldest first (its price chart); empty for an id that names no token. */
  sales: publicProcedure.input(z.object({ id: nftIdSchema })).query(({ ctx, input }) => tokenSales(ctx.db, input.id)),

  /** How many of the token an address holds: an ERC-1155 balance, or 1 / 0 for an ERC-721's owner. */
  holding: publicProcedure
    .input(
      z.object({ id: z.coerce.number({ error: 'must be a numeric NFT id' }).int().positive(), address: addressSchema }),
    )
    .query(async ({ ctx, input }) => {
      const quantity = await findHolding(ctx.db, input.id, input.address)
      if (quantity === undefined) throw new TRPCError({ code: 'NOT_FOUND', message: `NFT ${input.id} does not exist` })
      return { quantity }
    }),

  /**
   * Read the token's metadata again from its URI (an imported collection's token): it joins the
   * queue, due now, and the indexer's next round reads it. Rate-limited per client.
   */
  refreshMetadata: publicProcedure
    .input(z.strictObject({ id: z.coerce.number({ error: 'must be a numeric NFT id' }).int().positive() }))
    .mutation(async ({ ctx, input }) => {
      await limitRate(ctx, 'refresh-metadata')
      const terms = await findNftTerms(ctx.db, input.id)
      if (!terms) throw new TRPCError({ code: 'NOT_FOUND', message: `NFT ${input.id} does not exist` })
      if (terms.source !== 'imported') {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: 'id: this item was created on Vitrine; its metadata is stored with it and has nothing to refresh',
        })
      }
      const now = new Date()
      await requestMetadataRefresh(ctx.db, input.id, now)
      return { queued: true as const, at: isoTime(now) }
    }),

  /** The same answer as byId, found as wallets and aggregators name a token. */
  byToken: publicProcedure.input(tokenInput).query(async ({ ctx, input }) => {
    const id = await findNftId(ctx.db, input)
    const nft = id !== undefined ? await findItem(ctx, id) : undefined
    if (!nft) {
      throw new TRPCError({
        code: 'NOT_FOUND',
        message: `token ${input.tokenId} of contract ${checksum(input.contract)} on chain ${input.chainId} is not on Vitrine`,
      })
    }
    return nft
  }),
})
