/**
 * The other side of a matched fill, read from the token moves of its transaction: ERC-721 and
 * ERC-1155 (single and batch), criteria items, and the cases where no one can be named.
 */
import { encodeAbiParameters, encodeEventTopics, parseAbi, zeroAddress, type Address, type Hex, type Log } from 'viem'
import * as viem from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { matchedCounterparty, type MatchedFill } from '../../chain/indexer/counterparty'

// viem's log decoder, counted: a receipt's logs are decoded once, however many fills it holds.
vi.mock('viem', async (original) => {
  const actual = await original<typeof viem>()
  return { ...actual, parseEventLogs: vi.fn(actual.parseEventLogs) }
})

const MOVES = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
])
const WETH_TRANSFER = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)'])

const NFT = '0x1111111111111111111111111111111111111111' as Address
const OTHER_NFT = '0x2222222222222222222222222222222222222222' as Address
const WETH = '0x3333333333333333333333333333333333333333' as Address
const MAKER = '0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' as Address
const TAKER = '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' as Address
const THIRD = '0xcccccccccccccccccccccccccccccccccccccccc' as Address
const SEAPORT = '0xdddddddddddddddddddddddddddddddddddddddd' as Address

/** A log as a receipt holds it (where it sits in the chain does not matter here). */
const log = (address: Address, topics: unknown[], data: Hex = '0x'): Log => ({
  address,
  topics: topics as [Hex, ...Hex[]],
  data,
  blockHash: null,
  blockNumber: null,
  logIndex: null,
  transactionHash: null,
  transactionIndex: null,
  removed: false,
})

const transfer = (from: Address, to: Address, tokenId: bigint, token = NFT) =>
  log(token, encodeEventTopics({ abi: MOVES, eventName: 'Transfer', args: { from, to, tokenId } }))
const single = (from: Address, to: Address, id: bigint) =>
  log(
    NFT,
    encodeEventTopics({ abi: MOVES, eventName: 'TransferSingle', args: { operator: SEAPORT, from, to } }),
    encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [id, 2n]),
  )
const batch = (from: Address, to: Address, ids: bigint[]) =>
  log(
    NFT,
    encodeEventTopics({ abi: MOVES, eventName: 'TransferBatch', args: { operator: SEAPORT, from, to } }),
    encodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], [ids, ids.map(() => 1n)]),
  )
const wethPaid = (from: Address, to: Address) =>
  log(
    WETH,
    encodeEventTopics({ abi: WETH_TRANSFER, eventName: 'Transfer', args: { from, to } }),
    encodeAbiParameters([{ type: 'uint256' }], [10n ** 18n]),
  )

const listing = (itemType: number, identifier: bigint): MatchedFill => ({
  offerer: MAKER,
  offer: [{ itemType, token: NFT, identifier }],
  consideration: [{ itemType: 0, token: zeroAddress, identifier: 0n, recipient: MAKER }],
})
const offer = (itemType: number, identifier: bigint): MatchedFill => ({
  offerer: MAKER,
  offer: [{ itemType: 1, token: WETH, identifier: 0n }],
  consideration: [{ itemType, token: NFT, identifier, recipient: MAKER }],
})

describe('matchedCounterparty', () => {
  it("names who received a listing's ERC-721, ignoring other tokens and payments", () => {
    const logs = [
      wethPaid(THIRD, MAKER),
      transfer(MAKER, THIRD, 8n),
      transfer(MAKER, THIRD, 7n, OTHER_NFT),
      transfer(MAKER, TAKER, 7n),
    ]
    expect(matchedCounterparty(listing(2, 7n), logs)).toBe(TAKER)
  })

  it("names who gave an offer's ERC-1155, single or in a batch", () => {
    expect(matchedCounterparty(offer(3, 7n), [single(TAKER, MAKER, 7n)])).toBe(TAKER)
    expect(matchedCounterparty(offer(3, 7n), [batch(TAKER, MAKER, [6n, 7n])])).toBe(TAKER)
    expect(matchedCounterparty(offer(3, 7n), [batch(THIRD, MAKER, [6n, 8n])])).toBeNull()
  })

  it('takes a criteria item Seaport did not report resolved as any token of its contract', () => {
    expect(matchedCounterparty(offer(4, 0n), [transfer(TAKER, MAKER, 42n)])).toBe(TAKER)
    expect(matchedCounterparty(listing(5, 0n), [single(MAKER, TAKER, 42n)])).toBe(TAKER)
  })

  it('names the offerer itself when the token went back to it (a wash)', () => {
    expect(matchedCounterparty(listing(2, 7n), [transfer(MAKER, MAKER, 7n)])).toBe(MAKER)
  })

  it('names no one when the token did not move, or moved to several', () => {
    expect(matchedCounterparty(listing(2, 7n), [wethPaid(TAKER, MAKER)])).toBeNull()
    expect(matchedCounterparty(listing(3, 7n), [single(MAKER, TAKER, 7n), single(MAKER, THIRD, 7n)])).toBeNull()
  })

  it("tells the other side of each of a transaction's many fills in one reading of its logs", () => {
    // A transaction anyone can send (on a cheap chain, for little): a hundred of their own
    // offers filled beside thousands of junk Transfer logs. Read again for each fill, its logs
    // would hold the indexer for seconds on every round until it gets past the transaction.
    const junk = Array.from({ length: 5_000 }, (_, i) => transfer(THIRD, TAKER, BigInt(i), OTHER_NFT))
    const logs = [...junk, ...Array.from({ length: 100 }, (_, i) => transfer(TAKER, MAKER, BigInt(i)))]
    vi.mocked(viem.parseEventLogs).mockClear()
    for (let i = 0; i < 100; i++) expect(matchedCounterparty(offer(2, BigInt(i)), logs)).toBe(TAKER)
    expect(viem.parseEventLogs).toHaveBeenCalledTimes(1)
  })
})
