/**
 * Following other instances' lists (ADR 48): subscribing reads the list at once (nothing is
 * stored unless it is read and checked), then each list is read again every LIST_REFRESH_MS, from
 * the Workers' Cron Trigger or a Node process's timer, and on demand from the console.
 */
import type { SharedList } from '../../chain/shared-list'
import { DomainError } from '../../db/errors'
import { claimDueLists, recordListFailure, scheduleListRead, storeListRead, type ListEntry } from '../../db/market'
import type { Runtime } from '../platform/runtime'
import { findSubscription, subscriptionByUrl } from '../queries/shared-lists'
import { applyEntries, reverseDropped, type Applied } from './apply'
import { readList } from './read'

/** How often a followed list is read again. */
export const LIST_REFRESH_MS = 60 * 60_000
/** How many lists one scheduled run reads at most (each is one fetch). */
const LISTS_PER_RUN = 10

type ListRuntime = Pick<Runtime, 'db' | 'env'>

const entriesOf = (list: SharedList): ListEntry[] => [
  ...list.items.map((i) => ({
    kind: 'item' as const,
    chainId: i.chainId,
    contract: i.contract.toLowerCase(),
    tokenId: i.tokenId,
    category: i.category,
  })),
  ...list.collections.map((c) => ({
    kind: 'collection' as const,
    chainId: c.chainId,
    contract: c.contract.toLowerCase(),
    tokenId: '',
    category: c.category,
  })),
]

export interface ListOutcome extends Applied {
  id: number
  reversed: number
}

/** Reads, checks, stores and applies one list; refused (nothing written) when it is not to be believed. */
async function follow(
  runtime: ListRuntime,
  read: { url: string; expectedSigner?: string; trusted: boolean; actor: string; lastSequence?: number },
  now: Date,
): Promise<ListOutcome> {
  const { list, signer } = await readList(read.url, {
    allowHosts: runtime.env.metadataFetch.allowHosts,
    expectedSigner: read.expectedSigner,
    now,
  })
  if (read.lastSequence !== undefined && list.sequence < read.lastSequence) {
    throw new DomainError(
      'bad_request',
      `list: sequence ${list.sequence} is older than sequence ${read.lastSequence} read before (a replay)`,
    )
  }
  const stored = await storeListRead(
    runtime.db,
    {
      url: read.url,
      signer,
      trusted: read.trusted,
      actor: read.actor,
      sequence: list.sequence,
      issuedAt: new Date(list.issuedAt * 1000),
      expiresAt: new Date(list.expiresAt * 1000),
      entries: entriesOf(list),
      nextFetchAt: new Date(now.getTime() + LIST_REFRESH_MS),
    },
    now,
  )
  const subscription = await findSubscription(runtime.db, stored.id)
  const reversed = await reverseDropped(runtime, subscription, stored.droppedDecisions)
  const applied = await applyEntries(runtime, subscription)
  // More to do than one read does: the next read comes at the next scheduled run, not in an hour.
  if (applied.more) await scheduleListRead(runtime.db, stored.id, now)
  return { id: stored.id, reversed, ...applied }
}

/**
 * Subscribes to the list at `url` (or changes how an existing subscription is followed). A trusted
 * list needs its signer named: deciding at once on the word of whoever answered the first read
 * would let a forged first answer decide here.
 */
export async function subscribe(
  runtime: ListRuntime,
  actor: string,
  input: { url: string; trusted: boolean; signer?: string },
  now = new Date(),
): Promise<ListOutcome> {
  if (input.trusted && !input.signer) {
    throw new DomainError(
      'bad_request',
      'signer: a trusted list needs the operator wallet expected to sign it (its decisions are taken at once)',
    )
  }
  let url: string
  try {
    url = new URL(input.url).href
  } catch {
    throw new DomainError('bad_request', 'url: not a URL')
  }
  const existing = await subscriptionByUrl(runtime.db, url)
  return follow(
    runtime,
    {
      url,
      expectedSigner: input.signer ?? existing?.signer,
      trusted: input.trusted,
      actor,
      lastSequence: existing?.sequence,
    },
    now,
  )
}

/** Reads a followed list again now; a refusal is kept on the subscription (shown in the console) and thrown. */
export async function refreshList(runtime: ListRuntime, id: number, now = new Date()): Promise<ListOutcome> {
  const subscription = await findSubscription(runtime.db, id)
  try {
    return await follow(
      runtime,
      {
        url: subscription.url,
        expectedSigner: subscription.signer,
        trusted: subscription.trusted,
        actor: subscription.subscribedBy,
        lastSequence: subscription.sequence,
      },
      now,
    )
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    await recordListFailure(runtime.db, id, error.message, new Date(now.getTime() + LIST_REFRESH_MS))
    throw error
  }
}

/** Reads the lists that are due; never throws (a refusal is kept on its subscription, other errors logged). */
export async function refreshDueLists(runtime: ListRuntime, now = new Date()): Promise<number> {
  let read = 0
  try {
    const due = await claimDueLists(runtime.db, now, new Date(now.getTime() + LIST_REFRESH_MS), LISTS_PER_RUN)
    for (const id of due) {
      try {
        await refreshList(runtime, id, now)
        read++
      } catch (error) {
        if (!(error instanceof DomainError)) console.warn(`shared list ${id}: ${String(error)}`)
      }
    }
  } catch (error) {
    if (!runtime.db.$client.closed) console.warn(`shared lists: ${String(error)}`)
  }
  return read
}

const LOOP = Symbol.for('vitrine.shared-lists')

/** Node: reads due lists once a minute in this process (claims keep two processes off the same list). */
export function followListsOnNode(runtime: ListRuntime): void {
  const slot = globalThis as Record<symbol, unknown>
  if (slot[LOOP]) return
  const timer = setInterval(() => {
    if (!runtime.db.$client.closed) return void refreshDueLists(runtime)
    // Its database was closed (a test's runtime, a dev server's reload): the next runtime starts its own.
    clearInterval(timer)
    slot[LOOP] = undefined
  }, 60_000)
  ;(timer as { unref?: () => void }).unref?.()
  slot[LOOP] = timer
}
