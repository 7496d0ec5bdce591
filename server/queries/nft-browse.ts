/**
 * An NFT list as its input names it (nft.list, collection.nfts, GET /api/v1/nfts): the
 * collection by id or slug, a name search in words; resolved, then paged by listNfts.
 */
import type { Database } from '../../db/client'
import { DomainError, refuse } from '../../db/errors'
import { groupTraits } from '../inputs/traits'
import type { NftListInput } from '../inputs/nfts'
import { findCollectionMarks } from './collections'
import { refuseHidden } from './hidden'
import { listNfts } from './nfts'
import { toExactExpression } from './search'
import { unknownTraitTypes } from './traits'

export async function browseNfts(db: Database, input: NftListInput) {
  // A collection by id, or by slug resolved inside the list's own statement; the check that it
  // exists is read beside the page, so over HTTP both share one round trip.
  const named = input.collection
  const byId = named !== undefined && /^\d+$/.test(named)
  const nameMatch = input.q ? (toExactExpression(input.q) ?? undefined) : undefined
  const traits = input.trait ? groupTraits(input.trait) : undefined
  const ranges = input.traitRange
  const [exists, unknown, page] = await Promise.all([
    named === undefined || findCollectionMarks(db, named),
    named === undefined
      ? { values: [], ranges: [] }
      : unknownTraitTypes(db, named, {
          values: (traits ?? []).map((t) => t.type),
          ranges: (ranges ?? []).map((r) => r.type),
        }),
    listNfts(db, {
      sort: input.sort,
      filter: input.filter,
      status: input.status,
      category: input.category,
      collectionId: byId ? Number(named) : undefined,
      collectionSlug: named !== undefined && !byId ? named.toLowerCase() : undefined,
      chainId: input.chain,
      owner: input.owner,
      minPrice: input.minPrice,
      maxPrice: input.maxPrice,
      nameMatch,
      traits,
      ranges,
      cursor: input.cursor,
      limit: input.limit,
      now: new Date(),
    }),
  ])
  if (!exists) throw new DomainError('not_found', `collection "${named}" does not exist`)
  // A hidden collection's items are listed nowhere, its own list included.
  if (exists !== true) await refuseHidden(db, 'collection', exists.hiddenBy)
  const quoted = (types: string[]) => types.map((type) => `"${type}"`).join(', ')
  if (unknown.values.length) refuse(`trait: the collection has no trait ${quoted(unknown.values)}`)
  if (unknown.ranges.length) refuse(`traitRange: the collection has no numeric trait ${quoted(unknown.ranges)}`)
  return page
}
