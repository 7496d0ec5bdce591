/**
 * Many listings in one request, as a bulk signature hands them out: each order is checked and
 * stored on its own (its own transaction), so one refused (a token the maker does not hold, a
 * bad proof) does not stop the others. A chain or database that does not answer stops the
 * request: what was stored before stays, and sending it again answers those as already submitted.
 */
import { DomainError } from '../../db/errors'
import { orderHash } from '../../chain/seaport'
import type { Database } from '../../db/client'
import type { Env } from '../platform/env'
import type { SubmitBulkListingsInput } from './order-input'
import { submitListing } from './orders'

export type BulkListingResult =
  | { status: 'listed'; orderHash: string; id: number; nftId: number }
  | {
      status: 'refused'
      orderHash: string
      code: 'bad_request' | 'forbidden' | 'not_found' | 'conflict'
      message: string
    }

export async function submitListings(
  ctx: { db: Database; env: Env; now?: Date },
  maker: string,
  input: SubmitBulkListingsInput,
): Promise<BulkListingResult[]> {
  const results: BulkListingResult[] = []
  for (const { order, signature } of input.orders) {
    const hash = orderHash(order)
    if (order.offerer !== maker) {
      results.push({
        status: 'refused',
        orderHash: hash,
        code: 'forbidden',
        message: 'order.offerer: is not the wallet you signed in with',
      })
      continue
    }
    try {
      const stored = await submitListing(ctx, { chainId: input.chainId, order, signature })
      results.push({ status: 'listed', ...stored })
    } catch (error) {
      if (!(error instanceof DomainError) || error.code === 'unavailable') throw error
      // A hidden item's refusal (410/451) is, in a batch's answer, an item not found here.
      const code = error.code === 'gone' || error.code === 'legal' ? 'not_found' : error.code
      results.push({ status: 'refused', orderHash: hash, code, message: error.message })
    }
  }
  return results
}
