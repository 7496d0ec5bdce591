/**
 * The backfill: every imported collection (a non-null `indexStatus`) is read from its deployment
 * block until it has caught up with the main indexer's cursor: ERC-721 Transfer, ERC-1155
 * TransferSingle / TransferBatch (exact balances per holder), and ERC-4906 MetadataUpdate /
 * BatchMetadataUpdate and ERC-1155 URI (the token's metadata is read again). It reads no further
 * than the main indexer (./index.ts) has checked the chain, so that indexer's rewind covers
 * imported collections too. Once caught up (`following`), a collection is read with all the
 * others in the main round's shared request (./followed.ts), which sends it back here when its
 * logs are too many to share.
 *
 * Public RPCs cap getLogs by block range or by result count, each its own way. The range adapts:
 * halved when the RPC refuses it or does not answer in time, doubled (up to MAX_RANGE) after a
 * range that came back with few logs, and kept in `collections.indexRange` for the next run.
 * Each range's rows and the new `indexedBlock` are one transaction (db/market/imported.ts): a
 * crash mid-range leaves nothing of it, and the next run reads the whole range again.
 *
 * Any contract can be imported, so one may be an attacker's: it can log far more than any real
 * collection (a flood of Transfer events that move nothing). Its ranges shrink like any other's,
 * and past a bound (more of its events in one block than MAX_BLOCK_EVENTS, or more than the RPC
 * answers for one block) it is `paused` with its reason on its page: it stalls no one else, and
 * no flood reaches the database. Below that bound it still costs the others nothing: each
 * collection behind gets its share of a round, and one that ran past it sits out turns
 * (./backfill-turns.ts). One whose logs contradict themselves is paused too. Its ApprovalForAll
 * logs to Seaport are read too, so that its listings are checked again.
 */
import { BaseError, type Address, type PublicClient } from 'viem'
import { and, asc, eq, inArray, lte, or } from 'drizzle-orm'
import type { Database } from '../../db/client'
import {
  applyImportedRange,
  ImportedHistoryError,
  setBackfillTurns,
  setImportProgress,
  type ImportedCollection,
  type ImportedRange,
} from '../../db/market'
import { collections } from '../../db/schema'
import {
  decodeImported,
  eventCount,
  fittingBlocks,
  importedCollection,
  importedLogs,
  ofStandard,
} from './imported-logs'
import { listedBy } from './listed'
import { isRpcAnswer, message, refused, timedOut, unreachable } from './rpc-errors'
import { debtAfter, planTurns } from './backfill-turns'

/** Blocks per request for a collection read for the first time. */
export const INITIAL_RANGE = 2_000
/** The largest range asked for, however quiet the chain. */
export const MAX_RANGE = 100_000
/**
 * A range's events: each token a log moves (a TransferBatch moves many) and each other log. A
 * range with fewer than QUIET_EVENTS was quiet: the next one is twice as wide. One with more than
 * MAX_RANGE_EVENTS writes only its first blocks that fit (from the same answer) and narrows, so
 * that one write transaction stays short. One block
 * with more than MAX_BLOCK_EVENTS pauses the collection: a real one rarely moves more than a few
 * hundred tokens in a block (a block's gas buys about 600 plain mints).
 */
const QUIET_EVENTS = 1_000
export const MAX_RANGE_EVENTS = 2_000
export const MAX_BLOCK_EVENTS = 10_000
/**
 * Timeouts in a row after which a collection waits for the next round; when two collections in a
 * row end that way, the run stops (the chain, not a collection, is the trouble).
 */
const MAX_TIMEOUTS = 3

/**
 * A failed collection (no contract at its address, an RPC that refuses even one block, a history
 * that cannot be followed) is read again after 5 min × 2^n, at most a day apart, 10 times (about
 * two days in all): a node that was restarted or a provider's limit that was lifted heals by
 * itself. After that it waits until someone adds it again (importCollection asks for a try now).
 */
export const IMPORT_RETRY = { baseMs: 5 * 60_000, capMs: 24 * 3_600_000, maxAttempts: 10 } as const

export const importRetryDelayMs = (failedBefore: number) =>
  Math.min(IMPORT_RETRY.baseMs * 2 ** failedBefore, IMPORT_RETRY.capMs)

export interface BackfillOptions {
  db: Database
  client: PublicClient
  chainId: number
  /** Blocks below the head that are final enough to index (0 on the local chain). */
  confirmations: number
  /** The chain's Seaport: an imported token's approval of it may make its listings fillable again. */
  seaport: Address
  /** Read no further than this block (the main indexer's cursor). */
  upTo?: bigint | null
  /** Stop starting new ranges after this long (the run holds the chain's lease). */
  budgetMs?: number
  now?: () => Date
}

export interface BackfillResult {
  collectionId: number
  from: bigint | null
  to: bigint | null
  status: 'pending' | 'backfilling' | 'following' | 'failed' | 'paused'
  error?: string
  /** Set when the RPC did not answer its logs in time: its turn ended early. */
  timedOut?: true
  /** The NFTs whose owners, balances or approvals the run changed (their listings are checked again). */
  nftIds: number[]
}

/** A chain's imported collections still behind, and the failed or paused ones whose next try is due. */
export const dueForOwnReading = (chainId: number, now: Date) =>
  and(
    eq(collections.chainId, chainId),
    or(
      inArray(collections.indexStatus, ['pending', 'backfilling']),
      and(inArray(collections.indexStatus, ['failed', 'paused']), lte(collections.indexRetryAt, now)),
    ),
  )

/** Reads each imported collection of the chain on from where it stands, each within its share of the budget. */
export async function backfillChain(options: BackfillOptions): Promise<BackfillResult[]> {
  const { db, client, chainId, confirmations, seaport, budgetMs = 20_000, now = () => new Date() } = options
  // Collections still behind; failed and paused ones only once their next try is due. Those
  // caught up (`following`) are read by the main round (./followed.ts).
  const rows = await db.select().from(collections).where(dueForOwnReading(chainId, now())).orderBy(asc(collections.id))
  if (!rows.length) return []
  const head = await client.getBlockNumber({ cacheTime: 0 })
  const safe = head - BigInt(confirmations)
  const limit = options.upTo === undefined || options.upTo === null || options.upTo > safe ? safe : options.upTo
  // Each its share of the round, whatever the others' turns cost (./backfill-turns.ts).
  const plan = planTurns(
    rows.map((row) => ({ id: row.id, debtMs: row.indexDebtMs, turnAt: row.indexTurnAt })),
    budgetMs,
  )
  const byId = new Map(rows.map((row) => [row.id, row]))
  const visited = new Date()
  const turns = plan.sitOut.map((s) => ({ ...s, turnAt: visited }))
  const results: BackfillResult[] = []
  // Time a turn left unused goes to the next; no turn starts past twice the budget, whatever the
  // turns before cost (the chain's lease must outlast the round), and the rest keep their place.
  const hardEnd = Date.now() + 2 * budgetMs
  let carried = 0
  let failed = true
  try {
    for (const { id, allowanceMs } of plan.turns) {
      if (results.length >= 2 && results.at(-1)!.timedOut && results.at(-2)!.timedOut) break
      const started = Date.now()
      if (started >= hardEnd) break
      const row = byId.get(id)!
      const collection = importedCollection(row)
      const given = allowanceMs + carried
      const turn = backfillCollection(db, client, collection, seaport, {
        indexedBlock: row.indexedBlock === null ? null : BigInt(row.indexedBlock),
        deployBlock: BigInt(row.deployBlock ?? 0),
        range: row.indexRange ?? INITIAL_RANGE,
        attempts: row.indexAttempts,
        settled: row.indexStatus === 'pending' && row.indexError === null && row.indexRetryAt === null,
        head,
        limit,
        deadline: Math.min(started + given, hardEnd),
        now,
      })
      // Whatever one contract's answers do to its turn (one viem refuses, logs it cannot decode),
      // the others get theirs; a chain that does not answer, or a database in trouble, ends the round.
      results.push(
        await turn.catch(async (error: unknown): Promise<BackfillResult> => {
          if (unreachable(error) || !(error instanceof BaseError)) throw error
          const text = message(error)
          await setImportProgress(db, collection.id, { error: text })
          return { collectionId: collection.id, from: null, to: null, status: 'backfilling', error: text, nftIds: [] }
        }),
      )
      const spent = Date.now() - started
      carried = Math.max(0, given - spent)
      turns.push({ id, debtMs: debtAfter(given, spent), turnAt: visited })
    }
    failed = false
  } finally {
    // Written whatever ended the round; a failure to write them does not hide what ended it.
    await setBackfillTurns(db, turns).catch((error: unknown) => {
      if (!failed) throw error
    })
  }
  return results
}

async function backfillCollection(
  db: Database,
  client: PublicClient,
  collection: ImportedCollection,
  seaport: Address,
  state: {
    indexedBlock: bigint | null
    deployBlock: bigint
    range: number
    /** Failed runs in a row before this one. */
    attempts: number
    /** Pending, with no error nor retry on record: a turn that finds nothing to read writes nothing. */
    settled: boolean
    head: bigint
    limit: bigint
    deadline: number
    now: () => Date
  },
): Promise<BackfillResult> {
  const { head, limit, now } = state
  let range = Math.max(1, Math.min(state.range, MAX_RANGE))
  let from = state.indexedBlock === null ? state.deployBlock : state.indexedBlock + 1n
  const first = from
  const changed = new Set<number>()
  const result = (status: BackfillResult['status'], error?: string): BackfillResult => ({
    collectionId: collection.id,
    nftIds: [...changed],
    from: from > first ? first : null,
    to: from > first ? from - 1n : null,
    status,
    ...(error ? { error } : {}),
  })
  const fail = async (error: string) => {
    const attempts = state.attempts + 1
    const retryAt =
      attempts >= IMPORT_RETRY.maxAttempts ? null : new Date(now().getTime() + importRetryDelayMs(attempts - 1))
    await setImportProgress(db, collection.id, { status: 'failed', error, headBlock: head, range, attempts, retryAt })
    return result('failed', error)
  }
  // Not tried again by itself: a flood is the contract's doing, and waiting does not end it.
  const pause = async (error: string) => {
    await setImportProgress(db, collection.id, { status: 'paused', error, headBlock: head, range, retryAt: null })
    return result('paused', error)
  }
  try {
    if (state.indexedBlock === null) {
      const code = await client.getCode({ address: collection.contract as Address })
      if (!code || code === '0x') return await fail(`No contract at ${collection.contract} on this chain.`)
    }
    if (from > limit) {
      // Nothing to read yet (the main indexer has not reached the deployment block): still pending.
      const status = state.indexedBlock === null ? 'pending' : 'following'
      if (!(status === 'pending' && state.settled))
        await setImportProgress(db, collection.id, { status, headBlock: head, error: null, attempts: 0, retryAt: null })
      return result(status)
    }
    let timeouts = 0
    let saved = state.range
    while (from <= limit && Date.now() < state.deadline) {
      const to = from + BigInt(range) - 1n < limit ? from + BigInt(range) - 1n : limit
      let read: Awaited<ReturnType<typeof readRange>>
      try {
        read = await readRange(client, collection, from, to)
      } catch (error) {
        const timeout = timedOut(error)
        if (!timeout && !refused(error)) throw error
        if (timeout && (to === from || ++timeouts >= MAX_TIMEOUTS)) {
          // A slow answer may be this contract's many logs: its turn ends, the others' go on.
          const text = `The RPC did not answer this contract's logs from block ${from} in time.`
          await setImportProgress(db, collection.id, { range: Math.max(1, Number(to - from + 1n) >> 1), error: text })
          return { ...result('backfilling', text), timedOut: true }
        }
        if (to === from) {
          return await pause(`The RPC refuses this contract's logs of block ${from} even alone (${message(error)}).`)
        }
        range = Math.max(1, Number(to - from + 1n) >> 1)
        continue
      }
      timeouts = 0
      // More events than one write takes: the first blocks that fit are written now, from this very
      // answer (nothing read twice), and the range narrows to what they spanned.
      const part = read.events > MAX_RANGE_EVENTS ? fittingBlocks(read.list, MAX_RANGE_EVENTS) : { ...read, to }
      if (part.events > MAX_BLOCK_EVENTS) {
        return await pause(
          `Block ${part.list[0]!.blockNumber} holds ${part.events.toLocaleString('en-US')} of this contract's events, more than the ${MAX_BLOCK_EVENTS.toLocaleString('en-US')} Vitrine reads of one collection in one block.`,
        )
      }
      // Grow only after a full-width range: a short last one says nothing about the RPC's limit.
      if (part.to < to) range = Math.max(1, Number(part.to - from + 1n))
      else if (read.events < QUIET_EVENTS && Number(to - from + 1n) === range) range = Math.min(range * 2, MAX_RANGE)
      const { moves, refreshes, approvers } = await decodeImported(client, part.list, seaport)
      const next: ImportedRange = { from, to: part.to, head, range, following: part.to >= limit, moves, refreshes }
      for (const id of (await applyImportedRange(db, collection, next, now())).nftIds) changed.add(id)
      for (const id of await listedBy(db, collection.chainId, collection.contract, approvers)) changed.add(id)
      saved = range
      from = part.to + 1n
    }
    // A range narrowed by refusals is kept even when the turn wrote nothing.
    if (range !== saved) await setImportProgress(db, collection.id, { range })
    return result(from > limit ? 'following' : 'backfilling')
  } catch (error) {
    // Its own logs contradict themselves: reading them again gives the same answer.
    if (error instanceof ImportedHistoryError) return await pause(error.message)
    // The chain or the database is in trouble, not this collection: the next run tries again.
    if (!isRpcAnswer(error)) throw error
    const text = message(error)
    await setImportProgress(db, collection.id, { error: text, headBlock: head, range })
    return result('backfilling', text)
  }
}

/** One range of one collection's logs, in chain order, and how many events they hold. */
async function readRange(client: PublicClient, collection: ImportedCollection, fromBlock: bigint, toBlock: bigint) {
  const list = ofStandard(
    await importedLogs(client, collection.contract as Address, fromBlock, toBlock),
    collection.standard,
  )
  return { list, events: eventCount(list) }
}
