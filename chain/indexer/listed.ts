import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { listings, nfts } from '../../db/schema'

/**
 * The NFTs of one contract listed by any of `makers`: their approval of Seaport (given or taken
 * back) decides whether those listings can be filled, so they are checked again.
 */
export async function listedBy(db: Database, chainId: number, contract: string, makers: string[]): Promise<number[]> {
  if (!makers.length) return []
  const rows = await db
    .selectDistinct({ id: nfts.id })
    .from(nfts)
    .innerJoin(listings, eq(listings.nftId, nfts.id))
    .where(
      and(
        eq(nfts.chainId, chainId),
        eq(nfts.contract, contract.toLowerCase()),
        inArray(
          listings.maker,
          makers.map((m) => m.toLowerCase()),
        ),
      ),
    )
  return rows.map((row) => row.id)
}
