/**
 * The times of the blocks some logs are in. Most RPCs put each log's `blockTimestamp` in the
 * log itself (anvil, geth, reth); for those that do not, the blocks are asked for in one JSON-RPC
 * batch (an HTTP request of many calls), never one request per block.
 */
import { hexToBigInt, numberToHex, type PublicClient } from 'viem'
import { getHttpRpcClient } from 'viem/utils'

/** Blocks per JSON-RPC batch: providers cap a batch's calls (Alchemy, Infura: 100 or more). */
export const BLOCKS_PER_BATCH = 100

interface Placed {
  blockNumber: bigint
  blockTimestamp?: bigint | undefined
}

const toDate = (seconds: bigint) => new Date(Number(seconds) * 1000)

export async function blockTimes(client: PublicClient, logs: Placed[]): Promise<Map<bigint, Date>> {
  const times = new Map<bigint, Date>()
  for (const log of logs) if (log.blockTimestamp !== undefined) times.set(log.blockNumber, toDate(log.blockTimestamp))
  const missing = [...new Set(logs.map((l) => l.blockNumber))].filter((block) => !times.has(block))
  for (let i = 0; i < missing.length; i += BLOCKS_PER_BATCH) {
    const part = missing.slice(i, i + BLOCKS_PER_BATCH)
    const stamps = await batchedTimestamps(client, part)
    part.forEach((block, j) => times.set(block, toDate(stamps[j]!)))
  }
  return times
}

/** The blocks' timestamps: one batch over HTTP, else (another transport) one call each. */
async function batchedTimestamps(client: PublicClient, blocks: bigint[]): Promise<bigint[]> {
  const url = (client.transport as { url?: string }).url
  if (!url || blocks.length === 1)
    return Promise.all(blocks.map(async (blockNumber) => (await client.getBlock({ blockNumber })).timestamp))
  const answers = await getHttpRpcClient(url).request({
    body: blocks.map((block, id) => ({
      jsonrpc: '2.0' as const,
      id,
      method: 'eth_getBlockByNumber',
      params: [numberToHex(block), false],
    })),
    fetchOptions: (client.transport as { fetchOptions?: RequestInit }).fetchOptions,
    timeout: (client.transport as { timeout?: number }).timeout,
  })
  const byId = new Map(answers.map((a) => [a.id as number, a]))
  return blocks.map((block, id) => {
    const answer = byId.get(id) as { result?: { timestamp?: `0x${string}` } | null } | undefined
    const timestamp = answer?.result?.timestamp
    if (!timestamp) throw new Error(`The RPC did not give block ${block} in its batch`)
    return hexToBigInt(timestamp)
  })
}
