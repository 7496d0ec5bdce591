/**
 * Imported collections' history, as the backfill (chain/indexer/backfill.ts) reads it from the
 * chain: one block range at a time, its tokens, owners, ERC-1155 balances, feed lines and the
 * collection's progress written in one transaction. A range is applied only when it starts right
 * after the collection's `indexedBlock`, so a range read again after a crash or a restart counts
 * nothing twice, and one cut short by a crash left nothing behind.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { activity, collections, nfts, tokenBalances, type TokenStandard, type Category } from '../schema'
import { refreshCollectionCounts } from './stats'
import { logColumns, type ChainLog } from './chain'
import { tellOfImport } from './notifications'
import { chunks, type Db, type Tx } from './transaction'

const ZERO = '0x0000000000000000000000000000000000000000'

/** What a range needs to know of the collection it belongs to. */
export interface ImportedCollection {
  id: number
  slug: string
  chainId: number
  contract: string
  standard: TokenStandard
  category: Category
  /** Shown as the creator of its tokens (the contract's owner, else who it names as creator). */
  creator: string
}

/** One token moved by a Transfer, TransferSingle or one id of a TransferBatch. */
export interface TokenMove {
  log: ChainLog
  from: string
  to: string
  tokenId: bigint
  amount: bigint
}

/** One block range's decoded logs and where the backfill stands after it. */
export interface ImportedRange {
  from: bigint
  to: bigint
  /** The chain's head when the range was read. */
  head: bigint
  /** Blocks per request for the next range. */
  range: number
  /** The range reached the block the backfill follows the chain at. */
  following: boolean
  /** In chain order. */
  moves: TokenMove[]
  /** Token id intervals whose metadata changed (ERC-4906, ERC-1155 URI): read again. */
  refreshes: { from: bigint; to: bigint }[]
}

/**
 * The chain's record of a collection cannot be followed (an ERC-1155 balance that would go below
 * zero: a contract that moves tokens without the standard's events, or a wrong deployment block).
 */
export class ImportedHistoryError extends Error {
  override readonly name = 'ImportedHistoryError'
  constructor(
    /** The collection whose events contradict themselves: the fault is its alone. */
    readonly collectionId: number,
    message: string,
  ) {
    super(message)
  }
}

const lower = (a: string) => a.toLowerCase()

/**
 * Writes one range: new tokens (metadata pending), owners (ERC-721), balances and largest holders
 * (ERC-1155), mint and transfer lines in the feed, metadata refreshes, and the collection's
 * progress. Returns the NFTs it changed, and `applied: false` when the range was already in.
 */
export function applyImportedRange(
  db: Db,
  collection: ImportedCollection,
  range: ImportedRange,
  now = new Date(),
): Promise<{ applied: boolean; nftIds: number[] }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ indexedBlock: collections.indexedBlock })
      .from(collections)
      .where(eq(collections.id, collection.id))
    if (!row) return { applied: false, nftIds: [] }
    if (row.indexedBlock !== null && BigInt(row.indexedBlock) >= range.from) return { applied: false, nftIds: [] }

    const touched = await writeMoves(tx, collection, range, now)
    await tx
      .update(collections)
      .set({
        indexedBlock: Number(range.to),
        headBlock: Number(range.head),
        indexRange: range.range,
        indexStatus: range.following ? 'following' : 'backfilling',
        indexError: null,
        indexAttempts: 0,
        indexRetryAt: null,
      })
      .where(eq(collections.id, collection.id))
    if (range.following) await tellOfImport(tx, collection.id, 'finished')
    await refreshCollectionCounts(tx, [collection.id], now)
    return { applied: true, nftIds: [...touched] }
  })
}

/** A range's tokens, owners or balances, feed lines and metadata refreshes; the NFTs it named. */
async function writeMoves(
  tx: Tx,
  collection: ImportedCollection,
  range: Pick<ImportedRange, 'moves' | 'refreshes'>,
  now: Date,
) {
  const ids = await ensureTokens(tx, collection, range.moves, now)
  if (collection.standard === 'erc721') await moveOwners(tx, range.moves, ids)
  else await moveBalances(tx, collection.id, range.moves, ids)
  await feedLines(tx, collection, range.moves, ids)
  await markForRefresh(tx, collection.id, range.refreshes, now)
  return new Set(ids.values())
}

/** What the main round's shared read found of the caught-up collections in one block range. */
export interface FollowedRanges {
  from: bigint
  to: bigint
  /** The collections with logs in the range. */
  ranges: { collection: ImportedCollection; moves: TokenMove[]; refreshes: ImportedRange['refreshes'] }[]
  /** Collections whose logs are too many to share: read apart from `from` on. */
  sentBack: number[]
}

/**
 * Writes, in one transaction, the range of the collections that follow the chain (those that
 * have caught up): a collection is indexed up to the chain's cursor, so only those with logs in
 * the range are written, their `indexedBlock` set to its end (a round read again after a crash
 * skips what they hold); those sent back to their own reading start after the cursor. Returns
 * the NFTs it changed and how many collections it wrote.
 */
export function applyFollowedRanges(
  db: Db,
  followed: FollowedRanges,
  now = new Date(),
): Promise<{ nftIds: number[]; written: number; contradicted: ImportedHistoryError[] }> {
  const { from, to, ranges, sentBack } = followed
  const contradicted: ImportedHistoryError[] = []
  if (!ranges.length && !sentBack.length) return Promise.resolve({ nftIds: [], written: 0, contradicted })
  return db.transaction(async (tx) => {
    const touched = new Set<number>()
    if (sentBack.length) {
      const cursor = Number(from - 1n)
      // Its logs were too many for this range: its own reading starts at half of it, so that its
      // first request is no heavier than the one that sent it back.
      const half = Math.max(1, Number(to - from + 1n) >> 1)
      await tx
        .update(collections)
        .set({
          indexStatus: 'backfilling',
          indexedBlock: sql`max(coalesce(${collections.indexedBlock}, ${cursor}), ${cursor})`,
          indexRange: sql`min(coalesce(${collections.indexRange}, ${half}), ${half})`,
        })
        .where(and(inArray(collections.id, sentBack), eq(collections.indexStatus, 'following')))
    }
    if (!ranges.length) return { nftIds: [], written: sentBack.length, contradicted }
    const indexed = new Map(
      (
        await tx
          .select({ id: collections.id, indexedBlock: collections.indexedBlock })
          .from(collections)
          .where(
            and(
              inArray(
                collections.id,
                ranges.map((r) => r.collection.id),
              ),
              eq(collections.indexStatus, 'following'),
            ),
          )
      ).map((r) => [r.id, r.indexedBlock]),
    )
    const written: number[] = []
    for (const { collection, moves, refreshes } of ranges) {
      if (!indexed.has(collection.id)) continue // no longer following (sent back, paused, rewound)
      // Blocks it already holds (a round cut short after this write) are not counted twice.
      const held = indexed.get(collection.id) ?? null
      const fresh = held === null ? moves : moves.filter((m) => m.log.blockNumber > BigInt(held))
      if (held !== null && BigInt(held) >= to) continue
      const range = { moves: fresh, refreshes }
      // An ERC-1155's events may contradict themselves: its writes are undone alone (a savepoint),
      // and the caller pauses it, while the others' range is written.
      const wrote = await (
        collection.standard === 'erc1155'
          ? tx.transaction((savepoint) => writeMoves(savepoint, collection, range, now))
          : writeMoves(tx, collection, range, now)
      ).catch((error: unknown) => {
        if (!(error instanceof ImportedHistoryError)) throw error
        contradicted.push(error)
        return null
      })
      if (!wrote) continue
      for (const id of wrote) touched.add(id)
      written.push(collection.id)
    }
    if (written.length) {
      await tx
        .update(collections)
        .set({ indexedBlock: Number(to), headBlock: Number(to) })
        .where(inArray(collections.id, written))
      await refreshCollectionCounts(tx, written, now)
    }
    return { nftIds: [...touched], written: written.length + sentBack.length, contradicted }
  })
}

/** The NFT id of every token the moves name, adding rows for tokens seen for the first time. */
async function ensureTokens(tx: Tx, collection: ImportedCollection, moves: TokenMove[], now: Date) {
  const firstSeen = new Map<string, Date>()
  for (const move of moves)
    if (!firstSeen.has(move.tokenId.toString())) firstSeen.set(move.tokenId.toString(), move.log.at)
  const ids = new Map<string, number>()
  const where = (tokenIds: string[]) =>
    and(
      eq(nfts.chainId, collection.chainId),
      eq(nfts.contract, lower(collection.contract)),
      inArray(nfts.tokenId, tokenIds),
    )
  for (const part of chunks([...firstSeen.keys()])) {
    for (const r of await tx.select({ id: nfts.id, tokenId: nfts.tokenId }).from(nfts).where(where(part)))
      ids.set(r.tokenId, r.id)
  }
  const missing = [...firstSeen].filter(([tokenId]) => !ids.has(tokenId))
  for (const part of chunks(missing)) {
    const rows = await tx
      .insert(nfts)
      .values(
        part.map(([tokenId, at]) => ({
          collectionId: collection.id,
          chainId: collection.chainId,
          contract: lower(collection.contract),
          tokenId,
          // Until its metadata is read: its number, and drawn art so cards have a picture.
          name: `#${tokenId}`,
          description: '',
          image: `/api/art/nft/${collection.slug}/${tokenId}.svg`,
          owner: ZERO,
          creator: lower(collection.creator),
          category: collection.category,
          addDate: at,
          metadataStatus: 'pending' as const,
          metadataNextAttemptAt: now,
        })),
      )
      .returning({ id: nfts.id, tokenId: nfts.tokenId })
    for (const r of rows) ids.set(r.tokenId, r.id)
  }
  return ids
}

/** ERC-721: each token's owner is the recipient of its last transfer in the range. */
async function moveOwners(tx: Tx, moves: TokenMove[], ids: Map<string, number>) {
  const owners = new Map<number, string>()
  for (const move of moves) owners.set(ids.get(move.tokenId.toString())!, lower(move.to))
  const byOwner = new Map<string, number[]>()
  for (const [nftId, owner] of owners) byOwner.set(owner, [...(byOwner.get(owner) ?? []), nftId])
  for (const [owner, nftIds] of byOwner)
    for (const part of chunks(nftIds)) await tx.update(nfts).set({ owner }).where(inArray(nfts.id, part))
}

/** ERC-1155: every holder's exact quantity, and each token's owner its largest holder. */
async function moveBalances(tx: Tx, collectionId: number, moves: TokenMove[], ids: Map<string, number>) {
  const nftIds = [...new Set(moves.map((m) => ids.get(m.tokenId.toString())!))]
  const balances = new Map<number, Map<string, bigint>>(nftIds.map((id) => [id, new Map()]))
  const owners = new Map<number, string>()
  for (const part of chunks(nftIds)) {
    for (const r of await tx.select().from(tokenBalances).where(inArray(tokenBalances.nftId, part)))
      balances.get(r.nftId)!.set(r.owner, BigInt(r.quantity))
    for (const r of await tx.select({ id: nfts.id, owner: nfts.owner }).from(nfts).where(inArray(nfts.id, part)))
      owners.set(r.id, r.owner)
  }
  const changed = new Map<number, Set<string>>()
  for (const move of moves) {
    const nftId = ids.get(move.tokenId.toString())!
    const held = balances.get(nftId)!
    const from = lower(move.from)
    const to = lower(move.to)
    if (from !== ZERO) {
      const left = (held.get(from) ?? 0n) - move.amount
      if (left < 0n)
        throw new ImportedHistoryError(
          collectionId,
          `Its events contradict themselves: they say ${from} sent ${move.amount} of token ${move.tokenId} ` +
            `while holding ${held.get(from) ?? 0n} (block ${move.log.blockNumber}, transaction ${move.log.txHash}).`,
        )
      held.set(from, left)
    }
    if (to !== ZERO) held.set(to, (held.get(to) ?? 0n) + move.amount)
    const set = changed.get(nftId) ?? new Set<string>()
    if (from !== ZERO) set.add(from)
    if (to !== ZERO) set.add(to)
    changed.set(nftId, set)
  }
  for (const [nftId, holders] of changed) {
    const held = balances.get(nftId)!
    const gone = [...holders].filter((h) => held.get(h) === 0n)
    if (gone.length)
      await tx.delete(tokenBalances).where(and(eq(tokenBalances.nftId, nftId), inArray(tokenBalances.owner, gone)))
    const kept = [...holders].filter((h) => held.get(h)! > 0n)
    for (const part of chunks(kept)) {
      await tx
        .insert(tokenBalances)
        .values(part.map((owner) => ({ nftId, owner, quantity: held.get(owner)!.toString() })))
        .onConflictDoUpdate({
          target: [tokenBalances.nftId, tokenBalances.owner],
          set: { quantity: sql`excluded.quantity` },
        })
    }
    await tx
      .update(nfts)
      .set({ owner: largestHolder(held, owners.get(nftId)!) })
      .where(eq(nfts.id, nftId))
  }
}

/** The holder with the most; on a tie the current owner stays, else the lowest address. */
function largestHolder(held: Map<string, bigint>, current: string): string {
  const most = [...held.values()].reduce((max, q) => (q > max ? q : max), 0n)
  if (most === 0n) return ZERO
  const top = [...held].filter(([, q]) => q === most).map(([owner]) => owner)
  return top.includes(current) ? current : top.sort()[0]!
}

/**
 * A mint or transfer line per move, as the main indexer writes them, except for a transfer that
 * is a sale's (the sale shows instead). The feed is keyed by (transaction, log index, type): of a
 * TransferBatch, only its first id gets a line.
 */
async function feedLines(tx: Tx, collection: ImportedCollection, moves: TokenMove[], ids: Map<string, number>) {
  const sold = new Set<string>()
  const hashes = [...new Set(moves.filter((m) => lower(m.from) !== ZERO).map((m) => m.log.txHash))]
  for (const part of chunks(hashes)) {
    const rows = await tx
      .select({ nftId: activity.nftId, txHash: activity.txHash })
      .from(activity)
      .where(and(eq(activity.type, 'sale'), inArray(activity.txHash, part)))
    for (const r of rows) sold.add(`${r.nftId} ${r.txHash}`)
  }
  const lines = moves.flatMap((move) => {
    const nftId = ids.get(move.tokenId.toString())!
    const mint = lower(move.from) === ZERO
    if (!mint && sold.has(`${nftId} ${move.log.txHash}`)) return []
    return [
      {
        type: mint ? ('mint' as const) : ('transfer' as const),
        nftId,
        collectionId: collection.id,
        fromAddress: mint ? null : lower(move.from),
        toAddress: lower(move.to),
        ...logColumns(move.log),
        createdAt: move.log.at,
      },
    ]
  })
  for (const part of chunks(lines)) await tx.insert(activity).values(part).onConflictDoNothing()
}

/** Tokens whose metadata changed go back in the metadata queue, due now. */
/**
 * The refreshed id ranges sorted and merged: a contract may log thousands of MetadataUpdate events
 * in a block, and checking each token against each would cost their product.
 */
function mergedSpans(refreshes: ImportedRange['refreshes']): { from: bigint; to: bigint }[] {
  const sorted = refreshes
    .filter((r) => r.from <= r.to)
    .toSorted((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))
  const spans: { from: bigint; to: bigint }[] = []
  for (const r of sorted) {
    const last = spans.at(-1)
    if (last && r.from <= last.to + 1n) last.to = r.to > last.to ? r.to : last.to
    else spans.push({ from: r.from, to: r.to })
  }
  return spans
}

/** Whether `id` lies in one of the sorted, disjoint spans (a binary search). */
function inSpans(spans: { from: bigint; to: bigint }[], id: bigint): boolean {
  let [low, high] = [0, spans.length - 1]
  while (low <= high) {
    const mid = (low + high) >> 1
    const span = spans[mid]!
    if (id < span.from) high = mid - 1
    else if (id > span.to) low = mid + 1
    else return true
  }
  return false
}

async function markForRefresh(tx: Tx, collectionId: number, refreshes: ImportedRange['refreshes'], now: Date) {
  if (!refreshes.length) return
  const tokens = await tx
    .select({ id: nfts.id, tokenId: nfts.tokenId })
    .from(nfts)
    .where(eq(nfts.collectionId, collectionId))
  const spans = mergedSpans(refreshes)
  const due = tokens.filter((t) => inSpans(spans, BigInt(t.tokenId))).map((t) => t.id)
  for (const part of chunks(due)) {
    await tx
      .update(nfts)
      .set({ metadataStatus: 'pending', metadataNextAttemptAt: now, metadataAttempts: 0, metadataError: null })
      .where(inArray(nfts.id, part))
  }
}

/** The backfill's state of a collection outside a range: started, caught up, a new range size, or failed. */
export async function setImportProgress(
  db: Db,
  collectionId: number,
  progress: {
    status?: 'pending' | 'backfilling' | 'following' | 'failed' | 'paused'
    headBlock?: bigint
    range?: number
    error?: string | null
    /** Failed runs in a row (0 once a run succeeds). */
    attempts?: number
    /** When a failed collection is next tried; null: not automatically. */
    retryAt?: Date | null
  },
): Promise<void> {
  await db
    .update(collections)
    .set({
      ...(progress.status ? { indexStatus: progress.status } : {}),
      ...(progress.headBlock !== undefined ? { headBlock: Number(progress.headBlock) } : {}),
      ...(progress.range !== undefined ? { indexRange: progress.range } : {}),
      ...(progress.error !== undefined ? { indexError: progress.error } : {}),
      ...(progress.attempts !== undefined ? { indexAttempts: progress.attempts } : {}),
      ...(progress.retryAt !== undefined ? { indexRetryAt: progress.retryAt } : {}),
    })
    .where(eq(collections.id, collectionId))
  // Who added it hears once that it caught up, and once that it failed.
  if (progress.status === 'following') await tellOfImport(db, collectionId, 'finished')
  if (progress.status === 'failed' || progress.status === 'paused') {
    await tellOfImport(db, collectionId, 'failed', progress.error ?? undefined)
  }
}

/**
 * Someone added a failed or paused collection again: it is tried at the indexer's next round, its
 * count of failures kept (the waits after a new failure go on doubling). True when it was either.
 */
export async function retryFailedImport(db: Db, collectionId: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(collections)
    .set({ indexRetryAt: now })
    .where(and(eq(collections.id, collectionId), inArray(collections.indexStatus, ['failed', 'paused'])))
    .returning({ id: collections.id })
  return rows.length > 0
}

/**
 * The backfill's turns of a round (chain/indexer/backfill-turns.ts): each visited collection's
 * debt of time and when it was visited, a statement per CHUNK of them.
 */
export async function setBackfillTurns(db: Db, turns: { id: number; debtMs: number; turnAt: Date }[]): Promise<void> {
  for (const part of chunks(turns)) {
    const debts = sql.join(
      part.map((t) => sql`when ${t.id} then ${t.debtMs}`),
      sql` `,
    )
    const times = sql.join(
      part.map((t) => sql`when ${t.id} then ${t.turnAt.getTime()}`),
      sql` `,
    )
    await db
      .update(collections)
      .set({
        indexDebtMs: sql`case ${collections.id} ${debts} end`,
        indexTurnAt: sql`case ${collections.id} ${times} end`,
      })
      .where(
        inArray(
          collections.id,
          part.map((t) => t.id),
        ),
      )
  }
}
