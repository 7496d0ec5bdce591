/**
 * What the trading operations share: the wallet calls, the tRPC client, the network's
 * settlement contracts, the stored order a fill needs, and the wait for Vitrine's indexer.
 */
import { getAddress, isHex, type Address, type Hex } from 'viem'
import type { Config } from 'wagmi'
import { getBlockNumber, readContract } from 'wagmi/actions'
import { seaportAbi } from '../../../chain/artifacts/Seaport'
import { marketplaceContracts } from '../../../chain/marketplace'
import { orderFromJson, type OrderComponents, type OrderJson } from '../../../chain/seaport'
import { voucherFromJson, type MintVoucher, type VoucherJson } from '../../../chain/voucher'
import type { createTrpcClient } from '../../lib/trpc'
import { TradeError, walletCalls, type OnStep } from '../calls'
import { REVERTS } from './errors'

export type TrpcClient = ReturnType<typeof createTrpcClient>

/** How long a signed-out trader waits for the indexer before the trade is shown done anyway. */
const INDEXER_WAIT_MS = 60_000

/** A stored order, as the wallet fills or cancels it. */
export type StoredOrder = { chainId: number; signature: Hex } & (
  | { kind: 'voucher'; voucher: MintVoucher; collection: Address }
  | { kind: 'listing' | 'offer'; order: OrderComponents; quantity: bigint; filledQuantity: bigint }
)

/** A fee as the server states it (recipient as text). */
export interface FeeTerms {
  recipient: string
  bps: number
}

export interface TokenRef {
  chainId: number
  contract: Address
  tokenId: string
  /** ERC-1155: how many of the token the order is for (any part of them can then be filled). */
  quantity?: bigint
}

export function tradingContext(config: Config, api: TrpcClient) {
  const calls = walletCalls(config)

  const contractsOf = (chainId: number) => {
    const contracts = marketplaceContracts(chainId)
    if (!contracts) throw new TradeError('Vitrine does not trade on this network.')
    return contracts
  }

  const counterOf = (chainId: number, offerer: Address) =>
    readContract(config, {
      chainId,
      address: contractsOf(chainId).seaport,
      abi: seaportAbi,
      functionName: 'getCounter',
      args: [offerer],
    })

  /** The order behind `orderHash`; with `fillable`, refused unless it can still be filled. */
  async function stored(orderHash: string, { fillable }: { fillable: boolean }): Promise<StoredOrder> {
    const row = await api.market.order.query({ orderHash })
    if (fillable) {
      if (row.status === 'filled') throw new TradeError(REVERTS.OrderAlreadyFilled)
      if (row.status === 'cancelled') throw new TradeError(REVERTS.OrderIsCancelled)
      if (row.status === 'expired') throw new TradeError(REVERTS.InvalidTime)
      if (row.status === 'inactive')
        throw new TradeError('The maker can no longer honour this order. Nothing was charged.')
    }
    if (!isHex(row.signature)) throw new TradeError('Vitrine answered with an order without a valid signature.')
    const common = { chainId: row.chainId, signature: row.signature }
    // The components are what the server checked and stored when the order was submitted.
    if (row.kind === 'voucher') return { ...common, kind: row.kind, ...voucherFromJson(row.components as VoucherJson) }
    return {
      ...common,
      kind: row.kind,
      order: orderFromJson(row.components as OrderJson),
      quantity: BigInt(row.quantity),
      filledQuantity: BigInt(row.filledQuantity),
    }
  }

  /**
   * Waits until Vitrine has read the block that holds the transaction: a signed-in wallet asks the
   * server to index now; a signed-out one (syncing needs a session) waits for the indexer's next round.
   */
  async function indexed(chainId: number, onStep: OnStep) {
    onStep('indexing')
    // The transaction is confirmed, so the head now is at or past its block.
    const block = await getBlockNumber(config, { chainId, cacheTime: 0 })
    try {
      await api.market.sync.mutate({ chainId })
      return
    } catch (error) {
      if ((error as { data?: { code?: string } }).data?.code !== 'UNAUTHORIZED') throw error
    }
    const deadline = Date.now() + INDEXER_WAIT_MS
    while (Date.now() < deadline) {
      const { indexedTo } = await api.market.indexedTo.query({ chainId })
      if (indexedTo !== null && BigInt(indexedTo) >= block) return
      await new Promise((resolve) => setTimeout(resolve, 1_500))
    }
  }

  /** A recipient the server named, checksummed (and refused if it is not an address). */
  const addressOf = (text: string): Address => getAddress(text)

  return { ...calls, api, contractsOf, counterOf, stored, indexed, addressOf }
}

export type TradingContext = ReturnType<typeof tradingContext>
