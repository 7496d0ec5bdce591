/**
 * Before it reads on, the indexer checks that the chain still has the blocks it indexed: a head
 * below its cursor, or a different hash at the cursor, means the blocks after some point were
 * replaced (a reorg deeper than the confirmations, a node that lags, a local chain restarted
 * from an older saved state). It then finds the last block it agrees on, undoes what it
 * recorded after it (db/market/rewind.ts) and reads again from there.
 */
import {
  BaseError,
  BlockNotFoundError,
  ContractFunctionRevertedError,
  erc721Abi,
  type Address,
  type PublicClient,
} from 'viem'
import type { Database } from '../../db/client'
import { beginRewind, ownersToReread, recordedBlocks, rewindMarket } from '../../db/market'

export interface Rewind {
  /** The last block the database and the chain agree on; the indexer reads on from the next. */
  to: bigint
  /** NFTs whose rows changed: their listings are checked again. */
  touched: number[]
  salesRemoved: number
}

/** The chain's hash of `block`, or null when it has no such block (a failed call throws: no rewind on a hiccup). */
async function hashAt(client: PublicClient, block: bigint): Promise<string | null> {
  try {
    return (await client.getBlock({ blockNumber: block })).hash
  } catch (error) {
    if (error instanceof BlockNotFoundError) return null
    throw error
  }
}

const reverted = (error: unknown) =>
  error instanceof BaseError && Boolean(error.walk((e) => e instanceof ContractFunctionRevertedError))

async function diverged(client: PublicClient, cursor: bigint, recorded: string | null, head: bigint) {
  if (head < cursor) return true
  // A cursor from before hashes were recorded can only be checked against the head.
  return recorded !== null && recorded !== (await hashAt(client, cursor))
}

/**
 * The newest recorded block whose hash the chain still has. Blocks agree up to the fork and
 * differ after it, so a binary search over the recorded ones finds it in a few calls.
 */
async function lastAgreedBlock(db: Database, client: PublicClient, chainId: number, limit: bigint) {
  const recorded = await recordedBlocks(db, chainId, limit)
  let low = 0
  let high = recorded.length - 1
  let agreed: bigint | null = null
  while (low <= high) {
    const mid = (low + high) >> 1
    const { block, hash } = recorded[mid]!
    if ((await hashAt(client, BigInt(block))) === hash) {
      agreed = BigInt(block)
      low = mid + 1
    } else high = mid - 1
  }
  // No recorded block agrees: everything from the oldest recorded one goes; none recorded this
  // low: what is below `limit` was indexed before hashes were kept, and is taken as agreed.
  const fallback = recorded.length ? BigInt(recorded[0]!.block) - 1n : limit
  const block = agreed ?? fallback
  return block > 0n ? block : 0n
}

/** Owners as the chain had them at `block` (or now, if the node keeps no state that old). */
async function ownersAt(
  client: PublicClient,
  tokens: { id: number; contract: string; tokenId: string }[],
  block: bigint,
) {
  // null: no owner at `block` (not minted yet, or burnt).
  const owners: { nftId: number; owner: string | null }[] = []
  for (const token of tokens) {
    const read = (blockNumber?: bigint) =>
      client.readContract({
        address: token.contract as Address,
        abi: erc721Abi,
        functionName: 'ownerOf',
        args: [BigInt(token.tokenId)],
        blockNumber,
      })
    const owner = await read(block).catch(() =>
      read().catch((error: unknown) => {
        if (reverted(error)) return null // not minted on this chain (yet): a Transfer read again sets its owner
        throw error
      }),
    )
    owners.push({ nftId: token.id, owner })
  }
  return owners
}

/** Rewinds when the chain no longer has the blocks indexed up to `cursor`; null when it does. */
export async function rewindIfReplaced(options: {
  db: Database
  client: PublicClient
  chainId: number
  cursor: bigint
  /** The hash recorded at the cursor (null: none recorded). */
  recorded: string | null
  head: bigint
  /** The head minus the confirmations: the indexer has caught up once it is back there. */
  safe: bigint
  now: Date
}): Promise<Rewind | null> {
  const { db, client, chainId, cursor, recorded, head, safe, now } = options
  if (!(await diverged(client, cursor, recorded, head))) return null
  await beginRewind(db, chainId, { from: cursor, head: safe, now })
  const to = await lastAgreedBlock(db, client, chainId, cursor < head ? cursor : head)
  const tokens = await ownersToReread(db, chainId, to)
  const owners = await ownersAt(client, tokens, to)
  const undone = await rewindMarket(db, { chainId, to, owners, now })
  console.warn(
    `indexer: chain ${chainId} no longer has the blocks indexed after ${to} (indexed to ${cursor}, head ${head}); ` +
      `undid ${undone.salesRemoved} sales and the rows of ${undone.nftIds.length} items, reading again from ${to + 1n}`,
  )
  return { to, touched: undone.nftIds, salesRemoved: undone.salesRemoved }
}
