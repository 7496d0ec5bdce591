/**
 * The indexer's bookkeeping of the chain it read, and the undo of what it read from blocks the
 * chain no longer has (a reorg deeper than the confirmations, a node that lags, a local chain
 * restarted from an older saved state). Each exported write is one transaction.
 */
import { and, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import {
  activity,
  chainCursors,
  collections,
  criteriaOffers,
  indexedBlocks,
  listings,
  nfts,
  offers,
  sales,
  tokenBalances,
} from '../schema'
import { refreshInTx } from './refresh'
import type { Database } from '../client'
import type { Db, Tx } from './transaction'

/** Block hashes kept per chain: enough to find the fork point of any rewind seen in practice. */
const KEPT_BLOCKS = 1_000

const ZERO = '0x0000000000000000000000000000000000000000'

const chainNfts = (db: Db, chainId: number) => db.select({ id: nfts.id }).from(nfts).where(eq(nfts.chainId, chainId))

/** Lazy mints of the chain redeemed in a block after `after`: a rewind makes them lazy again. */
const redeemedAfter = (db: Db, chainId: number, after: number) =>
  and(
    gt(listings.closedBlock, after),
    eq(listings.kind, 'voucher'),
    eq(listings.status, 'filled'),
    inArray(listings.nftId, chainNfts(db, chainId)),
  )

/** Indexed up to `block`: a rewind whose head that reaches is over. */
async function caughtUp(tx: Db, chainId: number, block: number) {
  await tx
    .update(chainCursors)
    .set({ rewindFrom: null, rewindTo: null, rewindHead: null, rewoundAt: null })
    .where(and(eq(chainCursors.chainId, chainId), lte(chainCursors.rewindHead, block)))
}

/**
 * The end of an indexer run: the hashes of the blocks it read (the last one, and those with
 * logs), the oldest beyond KEPT_BLOCKS dropped, the cursor moved to `to`, and the rewind state
 * cleared once `to` reaches the head it was catching up to. One batch: one round trip, all or
 * nothing.
 */
export async function advanceCursor(
  db: Database,
  chainId: number,
  run: { to: bigint; range?: number; safeHead?: bigint; hashes: { block: bigint; hash: string }[]; now: Date },
): Promise<void> {
  const to = Number(run.to)
  const safeHead = run.safeHead === undefined ? undefined : Number(run.safeHead)
  const oldestKept = db
    .select({ block: indexedBlocks.block })
    .from(indexedBlocks)
    .where(eq(indexedBlocks.chainId, chainId))
    .orderBy(desc(indexedBlocks.block))
    .limit(1)
    .offset(KEPT_BLOCKS - 1)
  // Caught up with the head the rewind saw: its state goes (as caughtUp does).
  const over = sql`${chainCursors.rewindHead} <= ${to}`
  const cleared = <T>(column: T) => sql`CASE WHEN ${over} THEN NULL ELSE ${column} END`
  const cursor = db
    .insert(chainCursors)
    .values({ chainId, block: to, updatedAt: run.now, range: run.range, safeHead })
    .onConflictDoUpdate({
      target: chainCursors.chainId,
      set: {
        block: to,
        updatedAt: run.now,
        range: run.range,
        safeHead,
        rewindFrom: cleared(chainCursors.rewindFrom),
        rewindTo: cleared(chainCursors.rewindTo),
        rewindHead: cleared(chainCursors.rewindHead),
        rewoundAt: cleared(chainCursors.rewoundAt),
      },
    })
  const prune = db
    .delete(indexedBlocks)
    .where(and(eq(indexedBlocks.chainId, chainId), sql`${indexedBlocks.block} < ${oldestKept}`))
  if (!run.hashes.length) {
    await db.batch([prune, cursor])
    return
  }
  const hashes = db
    .insert(indexedBlocks)
    .values(run.hashes.map(({ block, hash }) => ({ chainId, block: Number(block), hash })))
    .onConflictDoUpdate({ target: [indexedBlocks.chainId, indexedBlocks.block], set: { hash: sql`excluded.hash` } })
  await db.batch([hashes, prune, cursor])
}

/**
 * A run that failed still says how far the chain has gone, so that health sees its cursor fall
 * behind (the run's own cursor and hashes are left as they were).
 */
export async function noteSafeHead(db: Db, chainId: number, safeHead: bigint): Promise<void> {
  await db
    .update(chainCursors)
    .set({ safeHead: Number(safeHead) })
    .where(eq(chainCursors.chainId, chainId))
}

/** The recorded hashes of `chainId` up to `block`, oldest first. */
export function recordedBlocks(db: Db, chainId: number, upTo: bigint) {
  return db
    .select({ block: indexedBlocks.block, hash: indexedBlocks.hash })
    .from(indexedBlocks)
    .where(and(eq(indexedBlocks.chainId, chainId), lte(indexedBlocks.block, Number(upTo))))
    .orderBy(indexedBlocks.block)
}

/** The indexer found the chain disagreeing with what it indexed up to `from`: it says so (health) while it looks for the fork. */
export async function beginRewind(
  db: Db,
  chainId: number,
  rewind: { from: bigint; head: bigint; now: Date },
): Promise<void> {
  await db
    .update(chainCursors)
    .set({ rewindFrom: Number(rewind.from), rewindTo: null, rewindHead: Number(rewind.head), rewoundAt: rewind.now })
    .where(eq(chainCursors.chainId, chainId))
}

/**
 * The tokens whose owner came from a log after `block`, to be read again from the chain (a
 * lazy mint the rewind undoes goes back to its creator instead).
 */
export async function ownersToReread(db: Db, chainId: number, block: bigint) {
  const after = Number(block)
  const moved = await db
    .selectDistinct({ nftId: activity.nftId })
    .from(activity)
    .where(
      and(
        gt(activity.block, after),
        inArray(activity.type, ['mint', 'transfer', 'sale']),
        inArray(activity.nftId, chainNfts(db, chainId)),
      ),
    )
  const unminted = await db
    .selectDistinct({ nftId: listings.nftId })
    .from(listings)
    .where(redeemedAfter(db, chainId, after))
  const lazy = new Set(unminted.map((r) => r.nftId))
  return moved.length
    ? await db
        .select({ id: nfts.id, contract: nfts.contract, tokenId: nfts.tokenId })
        .from(nfts)
        .where(
          inArray(
            nfts.id,
            moved.map((r) => r.nftId).filter((id) => !lazy.has(id)),
          ),
        )
    : []
}

/**
 * Undoes, in one transaction, what the indexer recorded from the blocks of `chainId` after
 * `to`: their sales and feed lines go, the orders their logs filled or cancelled reopen (the
 * indexer re-checks them, and reading those blocks again settles them as the chain now says),
 * a lazy mint they redeemed is lazy again, owners are those read from the chain at `to`, and
 * the cursor goes back to `to`. Returns the NFTs it touched and whether sales went.
 */
export function rewindMarket(
  db: Db,
  rewind: { chainId: number; to: bigint; owners: { nftId: number; owner: string | null }[]; now: Date },
): Promise<{ nftIds: number[]; salesRemoved: number }> {
  const { chainId, now } = rewind
  const after = Number(rewind.to)
  return db.transaction(async (tx) => {
    const touched = new Set<number>()
    const feed = await tx
      .delete(activity)
      .where(and(gt(activity.block, after), inArray(activity.nftId, chainNfts(tx, chainId))))
      .returning({ nftId: activity.nftId })
    const sold = await tx
      .delete(sales)
      .where(and(gt(sales.block, after), inArray(sales.nftId, chainNfts(tx, chainId))))
      .returning({ nftId: sales.nftId, orderHash: sales.orderHash, quantity: sales.quantity })
    for (const row of [...feed, ...sold]) touched.add(row.nftId)
    await giveBackParts(tx, sold)

    const redeemed = await tx
      .select({ nftId: listings.nftId, maker: listings.maker })
      .from(listings)
      .where(redeemedAfter(tx, chainId, after))
    for (const table of [listings, offers]) {
      const reopened = await tx
        .update(table)
        .set({ status: 'active', closedBlock: null, unfillable: null })
        .where(and(gt(table.closedBlock, after), inArray(table.nftId, chainNfts(tx, chainId))))
        .returning({ nftId: table.nftId })
      for (const row of reopened) touched.add(row.nftId)
      // A check read from the blocks undone says nothing of the chain now: the next rounds check again.
      await tx
        .update(table)
        .set({ checkedBlock: null })
        .where(and(gt(table.checkedBlock, after), inArray(table.nftId, chainNfts(tx, chainId))))
    }
    // Collection and trait offers the undone blocks filled or cancelled are open again (their parts given back above).
    const chainCollections = tx.select({ id: collections.id }).from(collections).where(eq(collections.chainId, chainId))
    await tx
      .update(criteriaOffers)
      .set({ status: 'active', closedBlock: null, unfillable: null })
      .where(and(gt(criteriaOffers.closedBlock, after), inArray(criteriaOffers.collectionId, chainCollections)))
    await tx
      .update(criteriaOffers)
      .set({ checkedBlock: null })
      .where(and(gt(criteriaOffers.checkedBlock, after), inArray(criteriaOffers.collectionId, chainCollections)))
    // Not minted on this chain (yet): the creator holds it as a lazy mint again.
    for (const { nftId, maker } of redeemed) {
      await tx.update(nfts).set({ lazyMinted: true, owner: maker }).where(eq(nfts.id, nftId))
    }
    // An approval revoked after `to` made listings inactive without a row of its own: re-check them all.
    const inactive = await tx
      .select({ nftId: listings.nftId })
      .from(listings)
      .where(and(eq(listings.status, 'inactive'), inArray(listings.nftId, chainNfts(tx, chainId))))
    for (const row of inactive) touched.add(row.nftId)
    const replayed = await rewindImported(tx, chainId, after)
    for (const id of replayed.nftIds) touched.add(id)
    for (const { nftId, owner } of rewind.owners) {
      // Vitrine's own token without an owner at `to` keeps its row as it is (a Transfer read again sets it);
      // an imported one is owned by no one until then.
      if (owner === null && !replayed.importedNfts.has(nftId)) continue
      await tx
        .update(nfts)
        .set({ owner: owner?.toLowerCase() ?? ZERO })
        .where(eq(nfts.id, nftId))
      touched.add(nftId)
    }
    await refreshInTx(tx, touched, now)

    await tx.delete(indexedBlocks).where(and(eq(indexedBlocks.chainId, chainId), gt(indexedBlocks.block, after)))
    await tx
      .update(chainCursors)
      .set({ block: after, rewindTo: after, updatedAt: now })
      .where(eq(chainCursors.chainId, chainId))
    await caughtUp(tx, chainId, after)
    return { nftIds: [...touched], salesRemoved: sold.length }
  })
}

/**
 * An order for several ERC-1155 tokens is bought a part at a time (`filledQuantity`): each sale the
 * rewind removes gives its part back, so the order offers exactly what the chain says is left.
 * Orders of one token keep `filledQuantity` at 0 (their status says it all).
 */
async function giveBackParts(tx: Tx, sold: { orderHash: string | null; quantity: string }[]) {
  const parts = new Map<string, bigint>()
  for (const { orderHash, quantity } of sold) {
    if (orderHash) parts.set(orderHash, (parts.get(orderHash) ?? 0n) + BigInt(quantity))
  }
  if (!parts.size) return
  for (const table of [listings, offers, criteriaOffers]) {
    const orders = await tx
      .select({ id: table.id, orderHash: table.orderHash, quantity: table.quantity, filled: table.filledQuantity })
      .from(table)
      .where(inArray(table.orderHash, [...parts.keys()]))
    for (const order of orders) {
      if (BigInt(order.quantity) <= 1n) continue
      const left = BigInt(order.filled) - parts.get(order.orderHash!)!
      await tx
        .update(table)
        .set({ filledQuantity: (left > 0n ? left : 0n).toString() })
        .where(eq(table.id, order.id))
    }
  }
}

/**
 * Imported collections read past `after` (db/market/imported.ts) go back with the chain. An
 * ERC-721 one reads on from `after`: its feed lines after it are gone with the others, and its
 * tokens' owners are read from the chain at `after` (ownersToReread). An ERC-1155 one's balances
 * cannot be read back without knowing every holder, and a collection deployed after `after` may
 * not exist any more: both are read again from their deployment block, their balances, owners,
 * mint and transfer lines cleared first.
 */
/**
 * A failed or paused collection stays so (the backfill skips it until someone adds it again)
 * whatever the rewind does to its progress: a paused one is paused for what its own logs say.
 */
const unlessStopped = (status: 'pending' | 'backfilling') =>
  sql<
    'pending' | 'backfilling' | 'failed' | 'paused'
  >`CASE WHEN ${collections.indexStatus} IN ('failed', 'paused') THEN ${collections.indexStatus} ELSE ${status} END`

async function rewindImported(tx: Tx, chainId: number, after: number) {
  const rows = await tx
    .select({ id: collections.id, standard: collections.standard, deployBlock: collections.deployBlock })
    .from(collections)
    .where(
      and(eq(collections.chainId, chainId), isNotNull(collections.indexStatus), gt(collections.indexedBlock, after)),
    )
  const ids = rows.map((r) => r.id)
  const importedNfts = new Set(
    ids.length
      ? (await tx.select({ id: nfts.id }).from(nfts).where(inArray(nfts.collectionId, ids))).map((r) => r.id)
      : [],
  )
  const nftIds: number[] = []
  for (const row of rows) {
    if (row.standard === 'erc721' && (row.deployBlock ?? 0) <= after) {
      await tx
        .update(collections)
        .set({ indexedBlock: after, indexStatus: unlessStopped('backfilling') })
        .where(eq(collections.id, row.id))
      continue
    }
    const tokens = tx.select({ id: nfts.id }).from(nfts).where(eq(nfts.collectionId, row.id))
    await tx.delete(tokenBalances).where(inArray(tokenBalances.nftId, tokens))
    await tx
      .delete(activity)
      .where(and(eq(activity.collectionId, row.id), inArray(activity.type, ['mint', 'transfer'])))
    const reset = await tx
      .update(nfts)
      .set({ owner: ZERO })
      .where(eq(nfts.collectionId, row.id))
      .returning({ id: nfts.id })
    nftIds.push(...reset.map((r) => r.id))
    await tx
      .update(collections)
      .set({ indexedBlock: null, indexStatus: unlessStopped('pending') })
      .where(eq(collections.id, row.id))
  }
  return { nftIds, importedNfts }
}
