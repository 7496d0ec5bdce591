/**
 * The reads that say whether orders can be filled, made for a page of orders at once: one
 * Multicall3 `aggregate3` call at one block, each distinct read once (several orders of one maker
 * share their counter, approval or WETH).
 */
import { parseAbi, type Address, type PublicClient } from 'viem'
import { MULTICALL3 } from '../viem-chains'
import { unreachable } from './rpc-errors'

/** Orders checked per multicall: a page's reads stay well under an RPC's gas cap for eth_call. */
export const ORDERS_PER_CALL = 100

const CHECK_ABI = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function getCounter(address offerer) view returns (uint256)',
])

export type CheckRead =
  | { address: Address; functionName: 'ownerOf'; args: readonly [bigint] }
  | { address: Address; functionName: 'balanceOf'; args: readonly [Address, bigint] | readonly [Address] }
  | { address: Address; functionName: 'isApprovedForAll' | 'allowance'; args: readonly [Address, Address] }
  | { address: Address; functionName: 'getCounter'; args: readonly [Address] }

/** The reads of one page, each asked for once, keyed by what they read. */
export class ReadBatch {
  private readonly reads = new Map<string, CheckRead>()
  private answers = new Map<string, unknown>()

  /** Asks for `read` (once, however often it is asked for); returns its key. */
  add(read: CheckRead): string {
    const key = `${read.address.toLowerCase()} ${read.functionName} ${read.args.join(' ')}`.toLowerCase()
    this.reads.set(key, read)
    return key
  }

  /** Reads them all at `block`. */
  async run(client: PublicClient, block: bigint): Promise<void> {
    const keys = [...this.reads.keys()]
    const values = await readAll(client, [...this.reads.values()], block)
    this.answers = new Map(keys.map((key, i) => [key, values[i]]))
  }

  /** The answer to the read of `key`; undefined when it reverted or answered nothing readable. */
  answer<T>(key: string): T | undefined {
    return this.answers.get(key) as T | undefined
  }
}

/**
 * Each read's answer, undefined for one that reverted (a token contract that will not say is a
 * "no" for its own order only). A chain that does not answer stops the run. When the batch as a
 * whole fails (a contract that burns all the gas it is given, or answers too much), it is read
 * again in halves, so that one hostile read costs a few more calls and fails alone.
 */
async function readAll(client: PublicClient, reads: CheckRead[], block: bigint): Promise<unknown[]> {
  if (!reads.length) return []
  const results = await client.multicall({
    contracts: reads.map((read) => ({ ...read, abi: CHECK_ABI })),
    blockNumber: block,
    allowFailure: true,
    // The chain's own, or the canonical address every supported chain has it at (a client may name no chain).
    multicallAddress: client.chain?.contracts?.multicall3?.address ?? MULTICALL3,
    // One call for the page, not viem's default of a call per KiB of calldata.
    batchSize: 0,
  })
  const whole = results.find((r) => r.status === 'failure' && failedAsAWhole(r.error))
  if (!whole) return results.map((r) => (r.status === 'success' ? r.result : undefined))
  if (unreachable(whole.error) || noMulticall(whole.error)) throw whole.error
  if (reads.length === 1) return [undefined]
  const half = reads.length >> 1
  return [...(await readAll(client, reads.slice(0, half), block)), ...(await readAll(client, reads.slice(half), block))]
}

/** viem names the failed function: `aggregate3` when the multicall itself failed, not one of its reads. */
const failedAsAWhole = (error: unknown) => (error as { functionName?: unknown }).functionName === 'aggregate3'

/** No code at Multicall3's address answers empty: a deployment to fix, not orders to turn unfillable. */
function noMulticall(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e.name === 'AbiDecodingZeroDataError') return true
  }
  return false
}
