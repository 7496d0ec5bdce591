/**
 * What the indexer reads of an imported collection's logs, whoever asks for them (its own
 * ranges in ./backfill.ts, or the main round's shared read of caught-up collections in
 * ./followed.ts): the events of its standard, how many of them a range holds, and the token
 * moves and metadata refreshes they mean, each move with its block's time.
 */
import { parseAbiItem, type Address, type PublicClient } from 'viem'
import type { ImportedCollection, ImportedRange, TokenMove } from '../../db/market'
import type { collections, TokenStandard } from '../../db/schema'
import { blockTimes } from './block-times'

const EVENTS = {
  transfer: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'),
  transferSingle: parseAbiItem(
    'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  ),
  transferBatch: parseAbiItem(
    'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
  ),
  uri: parseAbiItem('event URI(string value, uint256 indexed id)'),
  approvalForAll: parseAbiItem('event ApprovalForAll(address indexed owner, address indexed operator, bool approved)'),
  metadataUpdate: parseAbiItem('event MetadataUpdate(uint256 _tokenId)'),
  batchMetadataUpdate: parseAbiItem('event BatchMetadataUpdate(uint256 _fromTokenId, uint256 _toTokenId)'),
}

const ZERO = '0x0000000000000000000000000000000000000000'

/** A collection's row as its reads and writes need it: its creator, the contract's owner if it has one. */
export const importedCollection = (row: typeof collections.$inferSelect): ImportedCollection => ({
  id: row.id,
  slug: row.slug,
  chainId: row.chainId,
  contract: row.contract,
  standard: row.standard,
  category: row.category,
  creator: row.contractOwner ?? row.creator ?? ZERO,
})

const COMMON = [EVENTS.approvalForAll, EVENTS.metadataUpdate, EVENTS.batchMetadataUpdate] as const
/** Every event an imported collection is read for, whatever its standard (a shared read asks for all). */
export const IMPORTED_EVENTS = [
  EVENTS.transfer,
  EVENTS.transferSingle,
  EVENTS.transferBatch,
  EVENTS.uri,
  ...COMMON,
] as const

/** The events read of a collection of this standard (an ERC-1155 contract's Transfer logs mean nothing here). */
const READ: Record<TokenStandard, ReadonlySet<string>> = {
  erc721: new Set(['Transfer', 'ApprovalForAll', 'MetadataUpdate', 'BatchMetadataUpdate']),
  erc1155: new Set([
    'TransferSingle',
    'TransferBatch',
    'URI',
    'ApprovalForAll',
    'MetadataUpdate',
    'BatchMetadataUpdate',
  ]),
}

/** Logs of imported contracts over a range (any number of addresses), in chain order. */
export async function importedLogs(
  client: PublicClient,
  address: Address | Address[],
  fromBlock: bigint,
  toBlock: bigint,
) {
  const list = await client.getLogs({ address, events: IMPORTED_EVENTS, fromBlock, toBlock, strict: true })
  return list.sort((a, b) =>
    a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
  )
}

export type ImportedLog = Awaited<ReturnType<typeof importedLogs>>[number]

/** The logs a collection of `standard` is read for, among those of its address. */
export const ofStandard = (logs: ImportedLog[], standard: TokenStandard) =>
  logs.filter((log) => READ[standard].has(log.eventName))

/** A range's events: each token a log moves (a TransferBatch moves many) and each other log. */
export const eventCount = (logs: ImportedLog[]) =>
  logs.reduce((sum, log) => sum + (log.eventName === 'TransferBatch' ? log.args.ids.length : 1), 0)

/**
 * The logs of a range's first blocks whose events stay within `bound`, and the last block they
 * span; the first block with logs is taken whole even past the bound (a block is not split).
 */
export function fittingBlocks(logs: ImportedLog[], bound: number) {
  if (!logs.length) throw new Error('fittingBlocks: no logs (only a range past the bound is cut)')
  let events = 0
  let end = 0
  while (end < logs.length) {
    const block = logs[end]!.blockNumber
    let next = end
    let inBlock = 0
    for (; next < logs.length && logs[next]!.blockNumber === block; next++) inBlock += eventCount([logs[next]!])
    if (end > 0 && events + inBlock > bound) return { list: logs.slice(0, end), to: block - 1n, events }
    events += inBlock
    end = next
  }
  return { list: logs, to: logs[logs.length - 1]!.blockNumber, events }
}

/** The moves and metadata refreshes of a range, with each move's block time, and who (dis)allowed Seaport. */
export async function decodeImported(
  client: PublicClient,
  logs: ImportedLog[],
  seaport: Address,
  known?: Map<bigint, Date>,
) {
  const times =
    known ??
    (await blockTimes(
      client,
      logs.filter((l) => l.eventName.startsWith('Transfer')),
    ))
  const moves: TokenMove[] = []
  const refreshes: ImportedRange['refreshes'] = []
  const approvers = new Set<string>()
  for (const log of logs) {
    const at = () => ({
      txHash: log.transactionHash,
      logIndex: log.logIndex,
      blockNumber: log.blockNumber,
      at: times.get(log.blockNumber)!,
    })
    switch (log.eventName) {
      case 'Transfer':
        moves.push({ log: at(), from: log.args.from, to: log.args.to, tokenId: log.args.tokenId, amount: 1n })
        break
      case 'TransferSingle':
        moves.push({ log: at(), from: log.args.from, to: log.args.to, tokenId: log.args.id, amount: log.args.value })
        break
      case 'TransferBatch':
        log.args.ids.forEach((tokenId, i) =>
          moves.push({ log: at(), from: log.args.from, to: log.args.to, tokenId, amount: log.args.values[i] ?? 0n }),
        )
        break
      case 'URI':
        refreshes.push({ from: log.args.id, to: log.args.id })
        break
      case 'MetadataUpdate':
        refreshes.push({ from: log.args._tokenId, to: log.args._tokenId })
        break
      case 'BatchMetadataUpdate':
        refreshes.push({ from: log.args._fromTokenId, to: log.args._toTokenId })
        break
      case 'ApprovalForAll':
        if (log.args.operator.toLowerCase() === seaport.toLowerCase()) approvers.add(log.args.owner.toLowerCase())
        break
    }
  }
  return { moves, refreshes, approvers: [...approvers] }
}
