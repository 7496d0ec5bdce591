import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { maxUint256 } from 'viem'
import { findCollectionId } from '../../queries/collections'
import { findHolding, findNftId, findNftTerms } from '../../queries/nft-lookups'
import { findItem } from '../../trading/item'
import { listNfts, NFT_FILTERS, NFT_SORTS, NFT_STATUSES } from '../../queries/nfts'
import { toExactExpression } from '../../queries/search'
import { checksum, isoTime } from '../../queries/serialize'
import { requestMetadataRefresh } from '../../../db/market'
import { limitRate } from '../rate-limit'
import type { Context } from '../init'
import { publicProcedure, router } from '../init'
import {
  addressSchema,
  categoryFilterSchema,
  chainFilterSchema,
  chainIdSchema,
  cursorSchema,
  ethAmountSchema,
  idOrSlugSchema,
  limitSchema,
} from '../inputs'

export const nftListInput = z
  .object({
    sort: z.enum(NFT_SORTS, { error: `must be one of ${NFT_SORTS.join(', ')}` }).default('recently-added'),
    filter: z.enum(NFT_FILTERS, { error: `must be one of ${NFT_FILTERS.join(', ')}` }).optional(),
    status: z.enum(NFT_STATUSES, { error: `must be one of ${NFT_STATUSES.join(', ')}` }).optional(),
    category: categoryFilterSchema,
    collection: idOrSlugSchema.optional(),
    chain: chainFilterSchema,
    owner: addressSchema.optional(),
    minPrice: ethAmountSchema.optional(),
    maxPrice: ethAmountSchema.optional(),
    // A name search inside a list needs a word the trigram index can look up.
    q: z
      .string()
      .trim()
      .max(100, 'must be at most 100 characters')
      .refine((q) => q === '' || toExactExpression(q) !== null, 'needs a word of three characters or more')
      .optional(),
    cursor: cursorSchema,
    limit: limitSchema,
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    message: 'must not be below minPrice',
    path: ['maxPrice'],
  })
export type NftListInput = z.infer<typeof nftListInput>

/** Shared by nft.list and collection.nfts: resolves slugs and search words, then pages. */
export async function runNftList(ctx: Context, input: NftListInput) {
  let collectionId: number | undefined
  if (input.collection !== undefined) {
    collectionId = await findCollectionId(ctx.db, input.collection)
    if (collectionId === undefined)
      throw new TRPCError({ code: 'NOT_FOUND', message: `collection "${input.collection}" does not exist` })
  }
  const nameMatch = input.q ? (toExactExpression(input.q) ?? undefined) : undefined
  return listNfts(ctx.db, {
    sort: input.sort,
    filter: input.filter,
    status: input.status,
    category: input.category,
    collectionId,
    chainId: input.chain,
    owner: input.owner,
    minPrice: input.minPrice,
    maxPrice: input.maxPrice,
    nameMatch,
    cursor: input.cursor,
    limit: input.limit,
    now: new Date(),
  })
}

/** A token as chains name it: chain id, contract (any case), token id in decimal. */
export const tokenInput = z.object({
  chainId: chainIdSchema,
  contract: addressSchema,
  tokenId: z
    .string()
    .regex(/^\d{1,78}$/, 'must be a token id in decimal')
    .transform((v) => BigInt(v))
    .refine((v) => v <= maxUint256, 'must be at most 2^256 − 1 (a uint256)')
    .transform((v) => v.toString())
    .meta({ description: 'a uint256 in decimal' }),
})

export const nftRouter = router({
  list: publicProcedure.input(nftListInput).query(({ ctx, input }) => runNftList(ctx, input)),

  byId: publicProcedure
    .input(
      z.object({
        id: z.coerce
          .number({ error: 'must be a numeric NFT id' })
          .int('must be a numeric NFT id')
          .positive('must be a numeric NFT id'),
      }),
    )
    .query(async ({ ctx, input }) => {
      const nft = await findItem(ctx, input.id)
      if (!nft) throw new TRPCError({ code: 'NOT_FOUND', message: `NFT ${input.id} does not exist` })
      return nft
    }),

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
    .input(z.object({ id: z.coerce.number({ error: 'must be a numeric NFT id' }).int().positive() }))
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
