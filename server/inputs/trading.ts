/**
 * Prices a person types (a listing, a reserve, a bid, a lazy mint's price) and the forms that
 * sign them. The signed orders themselves are checked by server/trading/order-input.ts.
 */
import { z } from './zod'
import { formatEther, parseEther } from 'viem'

const ENTER_AMOUNT = 'Enter an amount in ETH.'

/** An amount of ETH as text ("0.05") → exact wei; `what` names it in the zero message. */
export const ethPriceSchema = (what = 'The price') =>
  z
    .string({ error: ENTER_AMOUNT })
    .trim()
    .min(1, ENTER_AMOUNT)
    .regex(/^(\d+\.?\d*|\.\d+)$/, { error: 'Use digits and one decimal point, like 0.05.', abort: true })
    .refine((value) => (value.split('.')[1]?.length ?? 0) <= 18, { error: 'ETH has at most 18 decimals.', abort: true })
    .transform((value) => parseEther(value))
    .refine((wei) => wei > 0n, `${what} must be more than 0 ETH.`)

/** How long a listing or an auction runs. */
export const LISTING_DAYS = [1, 3, 7, 30] as const

/**
 * The Sell form: a price (per token, for ERC-1155) and how long the order lasts; `held` is how
 * many of an ERC-1155 token the seller holds, of which they list `quantity`.
 */
export const listingForm = (held?: bigint) =>
  z.object({
    price: ethPriceSchema(),
    days: z.coerce.number().pipe(z.literal(LISTING_DAYS, { error: 'must be one of the durations offered' })),
    quantity:
      held === undefined
        ? z.undefined().optional()
        : z.coerce
            .bigint({ error: 'must be a whole number' })
            .min(1n, 'must be at least 1')
            .max(held, `must be at most ${held}, the number you hold`),
  })

/**
 * The Place bid form: a WETH amount (per token, for ERC-1155), above an auction's reserve and
 * highest bid when there is one, and the Terms ticked; of an ERC-1155 token (`editions`), how
 * many are wanted. The server checks the bounds again when the order arrives.
 */
export const bidForm = (auction?: { reserveWei: bigint; highestBidWei?: bigint }, editions = false) =>
  z.object({
    amount: ethPriceSchema('The bid').superRefine((wei, ctx) => {
      if (!auction) return
      if (wei < auction.reserveWei) {
        ctx.addIssue(`The reserve price is ${formatEther(auction.reserveWei)} ETH: bid at least that.`)
      } else if (auction.highestBidWei !== undefined && wei <= auction.highestBidWei) {
        ctx.addIssue(`Bid more than the highest bid, ${formatEther(auction.highestBidWei)} WETH.`)
      }
    }),
    quantity: editions
      ? z.coerce
          .bigint({ error: 'must be a whole number' })
          .min(1n, 'must be at least 1')
          .max(1_000_000_000n, 'must be at most 1,000,000,000')
      : z.undefined().optional(),
    terms: z.literal(true, { error: 'Please accept the Terms of Service to bid.' }),
  })

/** How long a collection or trait offer lasts. */
export const COLLECTION_OFFER_DAYS = [1, 3, 7, 30] as const

/**
 * The collection offer form: a WETH price for each token, how many tokens (at most `most`, the
 * tokens there are to give, when known), any token or one trait's, how long, and the Terms.
 */
export const collectionOfferForm = (most?: number) =>
  z.object({
    price: ethPriceSchema('The price'),
    quantity: z.coerce
      .bigint({ error: 'must be a whole number' })
      .min(1n, 'must be at least 1')
      .max(
        BigInt(most ?? 1_000_000),
        most === undefined ? 'must be at most 1,000,000' : `there are only ${most} to give`,
      ),
    trait: z.string().optional(),
    days: z.coerce.number().pipe(z.literal(COLLECTION_OFFER_DAYS, { error: 'must be one of the durations offered' })),
    terms: z.literal(true, { error: 'Please accept the Terms of Service to make an offer.' }),
  })
