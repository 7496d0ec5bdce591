import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { and, eq } from 'drizzle-orm'
import { maxUint256, zeroAddress } from 'viem'
import { marketplaceContracts } from '../../../chain/marketplace'
import { collections, nfts, tokenBalances } from '../../../db/schema'
import { findCollectionId } from '../../queries/collections'
import { findNftDetail } from '../../queries/nft-detail'
import { listNfts, NFT_FILTERS, NFT_SORTS, NFT_STATUSES } from '../../queries/nfts'
import { toExactExpression } from '../../queries/search'
import { checksum, isoTime } from '../../queries/serialize'
import { requestMetadataRefresh } from '../../../db/market'
import { limitRate } from '../rate-limit'
import { ChainUnavailableError } from '../../trading/clients'
import { requiredFees } from '../../trading/royalties'
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

/**
 * The fees of an order on the token. An imported collection's royalty is read from its contract;
 * when the chain does not answer, the page still shows, saying so (the server checks again when an
 * order comes).
 */
async function itemFees(
  ctx: Context,
  nft: { chainId: number; contract: string; tokenId: string },
  terms: { creator: string; creatorFeeBps: number; royaltySource: 'vitrine' | 'eip2981' | 'none' },
) {
  try {
    return await requiredFees(ctx.env, { ...nft, ...terms })
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) throw error
    return [
      ...(await requiredFees(ctx.env, { ...nft, ...terms, royaltySource: 'none' })).slice(0, 1),
      {
        label: 'the creator earnings',
        recipient: zeroAddress,
        bps: 0,
        note: "The collection's EIP-2981 creator earnings could not be read from the chain just now",
      },
    ]
  }
}

async function nftDetail(ctx: Context, id: number) {
  const nft = await findNftDetail(ctx.db, id)
  if (!nft) return undefined
  const [terms] = await ctx.db
    .select({
      creator: collections.creator,
      creatorFeeBps: collections.creatorFeeBps,
      royaltySource: collections.royaltySource,
      standard: collections.standard,
      source: collections.source,
      metadataStatus: nfts.metadataStatus,
      metadataError: nfts.metadataError,
      metadataNextAttemptAt: nfts.metadataNextAttemptAt,
    })
    .from(nfts)
    .innerJoin(collections, eq(collections.id, nfts.collectionId))
    .where(eq(nfts.id, id))
  return {
    ...nft,
    /** `erc1155`: several may be held, listed and bought at once (listings state their quantity). */
    standard: terms!.standard,
    /** Whether this token trades on Vitrine (its network has Seaport and is configured). */
    tradable: marketplaceContracts(nft.chainId) !== null && ctx.env.chains.some((c) => c.id === nft.chainId),
    /** The fees every order on this token carries, as consideration items (the server checks them). */
    fees: (await itemFees(ctx, nft, terms!)).map((fee) => ({ ...fee, recipient: checksum(fee.recipient) })),
    metadata: {
      status: terms!.metadataStatus,
      error: terms!.metadataError,
      nextAttemptAt: terms!.metadataNextAttemptAt ? isoTime(terms!.metadataNextAttemptAt) : null,
      refreshable: terms!.source === 'imported',
    },
  }
}

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
      const nft = await nftDetail(ctx, input.id)
      if (!nft) throw new TRPCError({ code: 'NOT_FOUND', message: `NFT ${input.id} does not exist` })
      return nft
    }),

  /** How many of the token an address holds: an ERC-1155 balance, or 1 / 0 for an ERC-721's owner. */
  holding: publicProcedure
    .input(
      z.object({ id: z.coerce.number({ error: 'must be a numeric NFT id' }).int().positive(), address: addressSchema }),
    )
    .query(async ({ ctx, input }) => {
      const [row] = await ctx.db
        .select({ owner: nfts.owner, standard: collections.standard, balance: tokenBalances.quantity })
        .from(nfts)
        .innerJoin(collections, eq(collections.id, nfts.collectionId))
        .leftJoin(tokenBalances, and(eq(tokenBalances.nftId, nfts.id), eq(tokenBalances.owner, input.address)))
        .where(eq(nfts.id, input.id))
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: `NFT ${input.id} does not exist` })
      if (row.standard === 'erc1155') return { quantity: row.balance ?? '0' }
      return { quantity: row.owner === input.address ? '1' : '0' }
    }),

  /**
   * Read the token's metadata again from its URI (an imported collection's token): it joins the
   * queue, due now, and the indexer's next round reads it. Rate-limited per client.
   */
  refreshMetadata: publicProcedure
    .input(z.object({ id: z.coerce.number({ error: 'must be a numeric NFT id' }).int().positive() }))
    .mutation(async ({ ctx, input }) => {
      await limitRate(ctx, 'refresh-metadata')
      const [row] = await ctx.db
        .select({ source: collections.source })
        .from(nfts)
        .innerJoin(collections, eq(collections.id, nfts.collectionId))
        .where(eq(nfts.id, input.id))
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: `NFT ${input.id} does not exist` })
      if (row.source !== 'imported') {
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
    const [row] = await ctx.db
      .select({ id: nfts.id })
      .from(nfts)
      .where(and(eq(nfts.chainId, input.chainId), eq(nfts.contract, input.contract), eq(nfts.tokenId, input.tokenId)))
    const nft = row && (await nftDetail(ctx, row.id))
    if (!nft) {
      throw new TRPCError({
        code: 'NOT_FOUND',
        message: `token ${input.tokenId} of contract ${checksum(input.contract)} on chain ${input.chainId} is not on Vitrine`,
      })
    }
    return nft
  }),
})
