/** What the NFT lists take (nft.list, collection.nfts, GET /api/v1/nfts) and how a token is named. */
import { z } from './zod'
import { maxUint256 } from 'viem'
import {
  addressSchema,
  categoryFilterSchema,
  chainFilterSchema,
  chainIdSchema,
  cursorSchema,
  ethAmountSchema,
  idOrSlugSchema,
  limitSchema,
} from './fields'
import { searchWords } from './search'
import { traitFiltersSchema, traitRangesSchema } from './traits'

/** An NFT by its numeric id (nft.byId, nft.sales, activity of one NFT). */
export const nftIdSchema = z.coerce
  .number({ error: 'must be a numeric NFT id' })
  .int('must be a numeric NFT id')
  .positive('must be a numeric NFT id')

export const NFT_SORTS = ['price-asc', 'price-desc', 'recently-added', 'ending-soon', 'rarest'] as const
export const NFT_FILTERS = ['verified', 'nsfw', 'lazy-minted'] as const
export const NFT_STATUSES = ['buy-now', 'on-auction', 'has-offers'] as const
export type NftSort = (typeof NFT_SORTS)[number]

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
    // A name search inside a list needs a word the trigram index can look up (lowercase, as the
    // list looks it up).
    trait: traitFiltersSchema.optional().meta({
      description:
        'Type:Value, repeatable: values of one type are any-of, types all-of (needs collection). A colon or backslash in the type is escaped with a backslash.',
    }),
    traitRange: traitRangesSchema.optional().meta({
      description: 'Type:min..max for a numeric trait, repeatable; either bound may be left out (needs collection)',
    }),
    q: z
      .string()
      .trim()
      .max(100, 'must be at most 100 characters')
      .refine((q) => q === '' || searchWords(q.toLowerCase()).length > 0, 'needs a word of three characters or more')
      .optional(),
    cursor: cursorSchema,
    limit: limitSchema,
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    message: 'must not be below minPrice',
    path: ['maxPrice'],
  })
  // Traits and ranks belong to one collection: across collections they mean nothing.
  .refine((v) => v.collection !== undefined || !(v.trait?.length || v.traitRange?.length), {
    message: 'trait filters need a collection',
    path: ['trait'],
  })
  .refine((v) => v.collection !== undefined || v.sort !== 'rarest', {
    message: 'rarest needs a collection (ranks are within a collection)',
    path: ['sort'],
  })
export type NftListInput = z.infer<typeof nftListInput>

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
