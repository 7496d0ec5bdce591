/**
 * The main round's read of the imported collections that have caught up (`following`): one
 * eth_getLogs over many of their addresses for the round's block range, instead of one request
 * per collection. A round costs the same at 1 and at 1,000 of them.
 *
 * Any of them may be an attacker's (./backfill.ts), so sharing a request must not let one slow
 * the others. A request the RPC refuses (too many logs, too wide) or does not answer in time is
 * split in halves until the offender stands alone; a collection refused alone, or with more
 * events in the range than one write takes (MAX_RANGE_EVENTS, a TransferBatch counting each
 * id), is sent back to its own reading, where its ranges shrink and a flood pauses it.
 */
import type { Address, PublicClient } from 'viem'
import type { ImportedCollection } from '../../db/market'
import { MAX_RANGE_EVENTS } from './backfill'
import { blockTimes } from './block-times'
import { decodeImported, eventCount, importedLogs, ofStandard, type ImportedLog } from './imported-logs'
import { refused, timedOut } from './rpc-errors'

/**
 * Addresses per eth_getLogs. JSON-RPC sets no limit on a filter's list; providers cap a request's
 * size their own way, and 1,000 addresses keep its body near 45 KB. One that refuses it anyway is
 * answered by the same halving as a flood (readGroup), at the cost of more requests.
 */
export const ADDRESSES_PER_REQUEST = 1_000

export interface FollowedRead {
  /** The collections with logs in the range, decoded. */
  ranges: {
    collection: ImportedCollection
    moves: Awaited<ReturnType<typeof decodeImported>>['moves']
    refreshes: Awaited<ReturnType<typeof decodeImported>>['refreshes']
    approvers: string[]
  }[]
  /** Collections to be read apart from the range's first block on. */
  sentBack: number[]
}

export async function readFollowed(
  client: PublicClient,
  followed: ImportedCollection[],
  seaport: Address,
  from: bigint,
  to: bigint,
): Promise<FollowedRead> {
  const accepted: { collection: ImportedCollection; logs: ImportedLog[] }[] = []
  const sentBack: FollowedRead['sentBack'] = []

  const readGroup = async (group: ImportedCollection[]): Promise<'read' | 'timedOut'> => {
    let logs: ImportedLog[]
    try {
      logs = await importedLogs(
        client,
        group.map((c) => c.contract as Address),
        from,
        to,
      )
    } catch (error) {
      const timeout = timedOut(error)
      if (!timeout && !refused(error)) throw error
      if (group.length === 1) {
        sentBack.push(group[0]!.id)
        return timeout ? 'timedOut' : 'read'
      }
      const half = group.length >> 1
      const outcomes = [await readGroup(group.slice(0, half)), await readGroup(group.slice(half))]
      // One contract cannot be in both halves: when neither answers, the RPC is the trouble.
      if (timeout && outcomes.every((o) => o === 'timedOut')) throw error
      return 'read'
    }
    const byAddress = new Map<string, ImportedLog[]>()
    for (const log of logs) {
      const address = log.address.toLowerCase()
      const list = byAddress.get(address)
      if (list) list.push(log)
      else byAddress.set(address, [log])
    }
    for (const collection of group) {
      const own = ofStandard(byAddress.get(collection.contract.toLowerCase()) ?? [], collection.standard)
      const events = eventCount(own)
      if (events > MAX_RANGE_EVENTS) sentBack.push(collection.id)
      else if (own.length) accepted.push({ collection, logs: own })
    }
    return 'read'
  }

  for (let i = 0; i < followed.length; i += ADDRESSES_PER_REQUEST) {
    await readGroup(followed.slice(i, i + ADDRESSES_PER_REQUEST))
  }
  // One batch of block times for every collection's moves, when the logs do not carry them.
  const times = await blockTimes(
    client,
    accepted.flatMap((a) => a.logs.filter((l) => l.eventName.startsWith('Transfer'))),
  )
  const ranges: FollowedRead['ranges'] = []
  for (const { collection, logs } of accepted) {
    ranges.push({ collection, ...(await decodeImported(client, logs, seaport, times)) })
  }
  return { ranges, sentBack }
}
