/**
 * An NFT list as its input names it (nft.list, collection.nfts, GET /api/v1/nfts): the
 * collection by id or slug, a name search in words; resolved, then paged by listNfts.
 */
import type { Database } from '../../db/client'
import { DomainError } from '../../db/errors'
import type { NftListInput } from '../inputs/nfts'
import { findCollectionId } from './collections'
import { listNfts } from './nfts'
import { toExactExpression } from './search'

export async function browseNfts(db: Database, input: NftListInput) {
  let collectionId: number | undefined
  if (input.collection !== undefined) {
    collectionId = await findCollectionId(db, input.collection)
    if (collectionId === undefined)
      throw new DomainError('not_found', `collection "${input.collection}" does not exist`)
  }
  const nameMatch = input.q ? (toExactExpression(input.q) ?? undefined) : undefined
  return listNfts(db, {
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
