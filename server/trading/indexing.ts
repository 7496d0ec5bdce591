/**
 * Runs the indexer (chain/indexer) over every configured chain that has marketplace contracts:
 * from `npm run dev`'s loop, the Workers build's chain followers (./follower.ts), and on demand
 * after a transaction.
 */
import { indexChain, recheckListings, type IndexerRun } from '../../chain/indexer'
import { backfillChain } from '../../chain/indexer/backfill'
import { CHECK_FAILED, roundIsIdle } from '../../chain/indexer/idle'
import { LOCAL_CHAIN_ID, marketplaceContracts } from '../../chain/marketplace'
import { eq } from 'drizzle-orm'
import { leaseHeld, releaseLease, takeLease } from '../../db/leases'
import { purgesFiled, rankCollection, rarityDueQuery, refreshNftMarket } from '../../db/market'
import type { Database } from '../../db/client'
import { chainCursors } from '../../db/schema'
import { drainPageChanges } from '../live/publish'
import { readDueMetadata } from '../metadata/queue'
import { wakeSender } from '../notify/wake'
import type { Runtime } from '../platform/runtime'
import { ChainUnavailableError, chainClient } from '../platform/clients'

/** Blocks a public chain's log must be under before it is indexed; the local chain has no reorgs. */
const DEFAULT_CONFIRMATIONS = 12
/**
 * How long a run may hold its chain before another process may index it anyway (a run reads at
 * most 2,000 blocks; a process that died mid-run blocks its chain no longer than this).
 */
export const INDEX_LEASE_MS = 60_000

/**
 * One chain's outcome: the blocks read (null: nothing new), an error (`unavailable`: the chain did
 * not answer), or `busy`: another caller, in this process or another, is indexing it right now.
 */
export type ChainIndexResult = IndexerRun | null | { error: string; unavailable?: true } | { busy: true }

/** How long a run's backfill of imported collections may keep starting new block ranges. */
export const BACKFILL_BUDGET_MS = 20_000
/** How long a run may keep taking imported tokens whose metadata is due (reads under way finish). */
export const METADATA_BUDGET_MS = 10_000
/** How long a run may keep ranking collections (a 10,000-token collection takes well under a second). */
export const RARITY_BUDGET_MS = 5_000
const RARITY_BATCH = 20

export async function indexConfiguredChains(
  { db, env, media, live, notifier }: Runtime,
  only?: number,
  {
    backfillBudgetMs = BACKFILL_BUDGET_MS,
    metadataBudgetMs = METADATA_BUDGET_MS,
    rarityBudgetMs = RARITY_BUDGET_MS,
    holder: stableHolder,
  }: {
    backfillBudgetMs?: number
    metadataBudgetMs?: number
    rarityBudgetMs?: number
    /** Who takes the chain's lease: a caller that never runs twice at once (a follower) names itself. */
    holder?: string
  } = {},
): Promise<Record<number, ChainIndexResult>> {
  const results: Record<number, ChainIndexResult> = {}
  let purgeDue = false
  const filedBefore = purgesFiled()
  for (const { id } of env.chains) {
    const contracts = marketplaceContracts(id)
    const client = chainClient(env, id)
    if ((only !== undefined && id !== only) || !contracts || !client) continue
    const local = id === LOCAL_CHAIN_ID
    const confirmations = local ? 0 : (env.INDEXER_CONFIRMATIONS ?? DEFAULT_CONFIRMATIONS)
    // A round with nothing to do takes no lease and writes nothing (a failed check runs the round).
    const check = await roundIsIdle({ db, client, chainId: id, confirmations }).catch(() => CHECK_FAILED)
    if (check.purgeDue) purgeDue = true
    if (check.rarityDue) {
      await rankDueCollections(db, id, rarityBudgetMs).catch((error: unknown) =>
        console.warn(`rarity: chain ${id}: ${(error as Error).message.split('\n')[0]}`),
      )
    }
    if (check.idle) {
      results[id] = null
      continue
    }
    // Once at a time per chain: two runs at once would race over the same rows and the cursor.
    const lease = indexLease(id)
    const holder = stableHolder ?? crypto.randomUUID()
    if (!(await takeLease(db, lease, holder, INDEX_LEASE_MS))) {
      results[id] = { busy: true }
      continue
    }
    try {
      results[id] = await indexChain({
        db,
        client,
        chainId: id,
        seaport: contracts.seaport,
        weth: contracts.weth,
        confirmations,
        startAtHead: !local,
      })
    } catch (error) {
      const message = (error as Error).message.split('\n')[0]!
      results[id] = error instanceof ChainUnavailableError ? { error: message, unavailable: true } : { error: message }
    }
    try {
      // Imported collections, no further than the blocks the main indexer checked (its rewind covers them).
      const main = results[id]
      const cursor =
        main && 'to' in main
          ? { block: Number(main.to) }
          : (await db.select().from(chainCursors).where(eq(chainCursors.chainId, id)))[0]
      // The round's start said whether any imported collection is behind, the main round whether it sent one back.
      const backfillDue = check.backfillDue || Boolean(main && 'sentBack' in main && main.sentBack)
      if (cursor && backfillDue && !(main && 'unavailable' in main)) {
        const backfilled = await backfillChain({
          db,
          client,
          chainId: id,
          confirmations,
          seaport: contracts.seaport,
          upTo: BigInt(cursor.block),
          budgetMs: backfillBudgetMs,
        })
        // A foreign token that moved (sold elsewhere, given away) can no longer be bought from its lister.
        const moved = backfilled.flatMap((r) => r.nftIds)
        await recheckListings({
          db,
          client,
          chainId: id,
          seaport: contracts.seaport,
          nftIds: moved,
          block: BigInt(cursor.block),
          now: new Date(),
          sweep: false,
        })
        await refreshNftMarket(db, moved)
      }
    } catch (error) {
      console.warn(`backfill: chain ${id}: ${(error as Error).message.split('\n')[0]}`)
    } finally {
      await releaseLease(db, lease, holder)
    }
    // Then the metadata of the tokens the backfill found, outside the chain's lease (a token is
    // claimed before it is read, so two readers never take the same one).
    const main = results[id]
    if (!(main && 'unavailable' in main)) {
      // With the media store, so each token's picture is fetched and stored as its metadata is read.
      await readDueMetadata({ db, env, media }, { chainId: id, client, budgetMs: metadataBudgetMs }).catch(
        (error: unknown) => console.warn(`metadata: chain ${id}: ${(error as Error).message.split('\n')[0]}`),
      )
    }
  }
  // What the round changed leaves the edge cache now, not at some later request, and the pages open
  // on it hear of it; a round that changed nothing, with no purge due, reads nothing more.
  const filed = purgesFiled() !== filedBefore
  if (purgeDue || filed) {
    const drained = await drainPageChanges({ db, env, live }).catch((error: unknown) => ({ error: String(error) }))
    if (drained.error) console.warn(`edge cache: ${drained.error}`)
  }
  // Whatever the round filed for wallets to hear is sent apart from it.
  if (filed) await wakeSender({ db, env, notifier })
  return results
}

const indexLease = (chainId: number) => `index-chain:${chainId}`

/**
 * Ranks the chain's collections whose traits changed (a few seconds ago at least, so a burst of
 * changes is ranked once), the longest waiting first, until the budget is spent.
 */
async function rankDueCollections(db: Database, chainId: number, budgetMs: number): Promise<void> {
  const until = Date.now() + budgetMs
  const due = await rarityDueQuery(db, { chainId, now: new Date() }).limit(RARITY_BATCH)
  for (const { id } of due) {
    if (Date.now() >= until) break
    await rankCollection(db, id)
  }
}

/** How long `syncChain` waits for another caller's run of the same chain before answering busy. */
export const SYNC_WAIT_MS = 5_000
const SYNC_BACKFILL_MS = 2_000
const SYNC_METADATA_MS = 1_000

/**
 * Indexes one chain now. While another caller (in any process) is indexing it, waits for that run
 * and answers the block it reached (`waitedFor`) instead of running again; still busy after
 * SYNC_WAIT_MS, busy. Undefined: Vitrine does not index this chain.
 */
export async function syncChain(
  runtime: Runtime,
  chainId: number,
): Promise<ChainIndexResult | { waitedFor: number | null } | undefined> {
  // A trade waits for this: the backfill gets a short turn (collections at the head come first).
  const result = (
    await indexConfiguredChains(runtime, chainId, {
      backfillBudgetMs: SYNC_BACKFILL_MS,
      metadataBudgetMs: SYNC_METADATA_MS,
    })
  )[chainId]
  if (!result || !('busy' in result)) return result
  for (const until = Date.now() + SYNC_WAIT_MS; Date.now() < until;) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    if (await leaseHeld(runtime.db, indexLease(chainId))) continue
    const [cursor] = await runtime.db.select().from(chainCursors).where(eq(chainCursors.chainId, chainId))
    return { waitedFor: cursor?.block ?? null }
  }
  return result
}

/**
 * One follower round of one chain (./follower.ts), about once per block: the backfill and the
 * metadata queue get the short turn a trade's sync gives them, so a round fits one alarm's limits.
 * `holder` names the follower (it never runs two rounds at once). Undefined: Vitrine does not index this chain.
 */
export async function followChain(
  runtime: Runtime,
  chainId: number,
  holder: string,
): Promise<ChainIndexResult | undefined> {
  const results = await indexConfiguredChains(runtime, chainId, {
    backfillBudgetMs: SYNC_BACKFILL_MS,
    metadataBudgetMs: SYNC_METADATA_MS,
    // The follower's own name: a lease it could not give back (the database went away mid-round)
    // does not keep it waiting for the lease to expire.
    holder,
  })
  return results[chainId]
}

/**
 * The key `npm run dev`'s indexer loop sends to market.sync, which otherwise needs a session:
 * derived from AUTH_SECRET, so only a holder of the server's secret has it (and that holder could
 * forge any session anyway). Accepted outside production only.
 */
export async function devIndexerKey(secret: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode('vitrine market.sync (development)'))
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

export const DEV_INDEXER_HEADER = 'x-vitrine-indexer-key'
