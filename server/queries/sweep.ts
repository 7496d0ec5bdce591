/**
 * A sweep: the cheapest fillable fixed-price listings of one collection, `count` tokens at most,
 * whose running total stays within a maximum. Walks the collection's tokens by their best price
 * (nfts_collection_price_asc_idx) and each one's live listings (listings_nft_idx), a page at a time.
 */
import { sql, type SQL } from 'drizzle-orm'
import { formatEther } from 'viem'
import type { Database } from '../../db/client'
import { collections, listings, nfts, UNLISTED_SORT_KEY } from '../../db/schema'
import type { SweepInput } from '../inputs/sweep'
import { checksum } from './serialize'

/** Pages of tokens read at most: a sweep's cost stays bounded whatever the collection holds. */
const MAX_PAGES = 3

interface Row {
  orderHash: string
  priceWei: string
  quantity: string
  filledQuantity: string
  maker: string
  nftId: number
  name: string
  image: string
  tokenId: string
  contract: string
  chainId: number
  key: number
}

const collectionIdOf = (idOrSlug: string): SQL =>
  /^\d+$/.test(idOrSlug)
    ? sql`${Number(idOrSlug)}`
    : sql`(SELECT ${collections.id} FROM ${collections} WHERE ${collections.slug} = ${idOrSlug.toLowerCase()})`

/**
 * One page: tokens after (`key`, `id`) in price order, with each of their live fixed-price Seaport
 * listings; a token flagged stolen is passed over (none of its listings can be bought here).
 */
export function sweepPageStatement(
  db: Database,
  query: { idOrSlug: string; buyer?: string; after?: { key: number; id: number }; limit: number; now: Date },
) {
  const after = query.after
    ? sql` AND (${nfts.priceAscKey}, ${nfts.id}) > (${query.after.key}, ${query.after.id})`
    : sql``
  const buyer = query.buyer ? sql` AND ${listings.maker} <> ${query.buyer}` : sql``
  return db.all<Row>(sql`
    SELECT ${listings.orderHash} AS orderHash, ${listings.priceWei} AS priceWei, ${listings.quantity} AS quantity,
      ${listings.filledQuantity} AS filledQuantity, ${listings.maker} AS maker, ${nfts.id} AS nftId,
      ${nfts.name} AS name, ${nfts.image} AS image, ${nfts.tokenId} AS tokenId, ${nfts.contract} AS contract,
      ${nfts.chainId} AS chainId, ${nfts.priceAscKey} AS key
    FROM ${nfts} INNER JOIN ${listings} ON ${listings.nftId} = ${nfts.id}
      AND ${listings.status} = 'active' AND ${listings.endsAt} > ${query.now.getTime()}
    WHERE ${nfts.collectionId} = ${collectionIdOf(query.idOrSlug)} AND ${nfts.priceAscKey} < ${UNLISTED_SORT_KEY}${after}
      AND ${nfts.flaggedBy} IS NULL AND ${listings.kind} = 'fixed' AND ${listings.orderHash} IS NOT NULL${buyer}
      AND +${nfts.hiddenBy} IS NULL
    ORDER BY ${nfts.priceAscKey}, ${nfts.id}
    LIMIT ${query.limit}`)
}

export interface SweepItem {
  orderHash: string
  nftId: number
  name: string
  image: string
  chainId: number
  contract: string
  tokenId: string
  maker: string
  /** The price of one token, and how many of them the sweep takes (ERC-1155 listings may give several). */
  price: { wei: string; eth: string }
  units: string
  /** What the listing offers in all (1 for an ERC-721): a sweep may take part of an ERC-1155 listing. */
  quantity: string
  total: { wei: string; eth: string }
}

const money = (wei: bigint) => ({ wei: wei.toString(), eth: formatEther(wei) })

/**
 * The sweep: listings cheapest first (exact wei, ties by token and order), each taking as many of
 * its tokens as are left and still fit, until `count` tokens or the maximum is reached. The answer
 * says plainly when the maximum does not buy one, or when fewer than `count` could be found.
 */
export async function sweepListings(db: Database, input: SweepInput, now = new Date()) {
  const limit = Math.min(200, input.count * 2 + 10)
  const rows: Row[] = []
  let after: { key: number; id: number } | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    const found = await sweepPageStatement(db, { ...input, after, limit, now })
    rows.push(...found)
    // Every token not read yet lists at or above the best price of each token read: once the tokens
    // read offer `count` at their best prices, the cheapest `count` are among them.
    const seen = new Set<number>()
    let units = 0n
    for (const row of rows)
      if (!seen.has(row.nftId)) {
        seen.add(row.nftId)
        units += BigInt(row.quantity) - BigInt(row.filledQuantity)
      }
    if (found.length < limit || units >= BigInt(input.count)) break
    const last = found[found.length - 1]!
    after = { key: last.key, id: last.nftId }
  }
  const candidates = rows
    .map((row) => ({ row, price: BigInt(row.priceWei), left: BigInt(row.quantity) - BigInt(row.filledQuantity) }))
    .filter((c) => c.left > 0n && c.price > 0n)
    .sort((a, b) => (a.price !== b.price ? (a.price < b.price ? -1 : 1) : a.row.orderHash < b.row.orderHash ? -1 : 1))
  const items: SweepItem[] = []
  let total = 0n
  let wanted = BigInt(input.count)
  for (const { row, price, left } of candidates) {
    if (wanted === 0n) break
    const fits = (input.maxTotal - total) / price
    const take = [left, wanted, fits].reduce((a, b) => (a < b ? a : b))
    if (take === 0n) break // cheapest first: nothing after this one fits either
    total += take * price
    wanted -= take
    items.push({
      orderHash: row.orderHash,
      nftId: row.nftId,
      name: row.name,
      image: row.image,
      chainId: row.chainId,
      contract: checksum(row.contract),
      tokenId: row.tokenId,
      maker: checksum(row.maker),
      price: money(price),
      units: take.toString(),
      quantity: row.quantity,
      total: money(take * price),
    })
  }
  const cheapest = candidates[0]?.price
  const bought = BigInt(input.count) - wanted
  const listed = candidates.reduce((sum, c) => sum + c.left, 0n)
  const message =
    cheapest === undefined
      ? 'No listing of this collection can be bought right now.'
      : items.length === 0
        ? `The maximum of ${formatEther(input.maxTotal)} ETH does not buy one: the cheapest listing costs ${formatEther(cheapest)} ETH.`
        : bought === BigInt(input.count)
          ? null
          : listed < BigInt(input.count)
            ? `Only ${bought} of the ${input.count} asked for are listed and can be bought.`
            : `${bought} of the ${input.count} asked for fit within ${formatEther(input.maxTotal)} ETH.`
  return { count: input.count, maxTotal: money(input.maxTotal), total: money(total), items, message }
}
