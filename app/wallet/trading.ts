/**
 * Trading from the browser wallet (loaded with the wallet runtime, never on first load): the
 * approvals, signatures and transactions behind list, buy, offer, accept and cancel. Orders are
 * built by chain/seaport.ts, checked and stored by the server, and filled on chain by Seaport.
 * Every transaction is simulated first, so a fill that would fail says why and costs nothing.
 */
import {
  BaseError,
  ContractFunctionRevertedError,
  erc20Abi,
  erc721Abi,
  zeroAddress,
  zeroHash,
  type Address,
  type Hash,
} from 'viem'
import type { Config } from 'wagmi'
import {
  getBlockNumber,
  getConnection,
  readContract,
  signTypedData,
  simulateContract,
  switchChain,
  waitForTransactionReceipt,
  writeContract,
} from 'wagmi/actions'
import { seaportAbi } from '../../chain/artifacts/Seaport'
import { vitrineCollectionAbi } from '../../chain/artifacts/VitrineCollection'
import { wrappedEtherAbi } from '../../chain/artifacts/WrappedEther'
import { marketplaceContracts } from '../../chain/marketplace'
import {
  listingOrder,
  offerOrder,
  orderFromJson,
  orderParameters,
  orderToJson,
  orderTypedData,
  partOf,
  randomSalt,
  type Fee,
  type OrderComponents,
  type OrderJson,
} from '../../chain/seaport'
import type { createTrpcClient } from '../lib/trpc'
import { walletErrorCode, WALLET_CODES, walletErrorMessage } from './errors'

type TrpcClient = ReturnType<typeof createTrpcClient>

/** What the visitor is waiting for, to say it in the modal. */
export type TradeStep =
  | 'switching'
  | 'approving'
  | 'wrapping'
  | 'signing'
  | 'submitting'
  | 'confirming'
  | 'indexing'
  | 'deploying'
  | 'minting'
export type OnStep = (step: TradeStep, detail?: { hash?: Hash }) => void

/** A fee as the server states it (recipient as text). */
export interface FeeTerms {
  recipient: string
  bps: number
}
const asFee = (fee: FeeTerms): Fee => ({ recipient: fee.recipient as Address, bps: fee.bps })

export interface TokenRef {
  chainId: number
  contract: Address
  tokenId: string
  /** An ERC-1155 listing: how many of the token (any part of them can then be bought). */
  quantity?: bigint
}

/** Seaport's errors, said as a buyer or seller needs to hear them. */
const REVERTS: Record<string, string> = {
  OrderAlreadyFilled: 'Sold: someone else bought this a moment ago. Nothing was charged.',
  OrderIsCancelled: 'This order was cancelled by its maker. Nothing was charged.',
  InvalidTime: 'This order has expired. Nothing was charged.',
  InvalidSigner: 'The order’s signature is no longer valid (its maker cancelled all orders). Nothing was charged.',
  InsufficientNativeTokensSupplied: 'Your wallet does not hold enough ETH for this purchase.',
  ERC721InvalidSender: 'Sold: someone else minted this a moment ago. Nothing was charged.',
  VoucherExpired: 'This item’s mint voucher has expired. Nothing was charged.',
  VoucherWasRevoked: 'The creator withdrew this item. Nothing was charged.',
}

export class TradeError extends Error {
  override name = 'TradeError'
}

/** A sentence for any failure along the way. */
export function tradeErrorMessage(error: unknown): string {
  if (error instanceof TradeError) return error.message
  if (walletErrorCode(error) === WALLET_CODES.rejected)
    return 'You rejected the request in your wallet. Nothing happened.'
  if (error instanceof BaseError) {
    const revert = error.walk((e) => e instanceof ContractFunctionRevertedError)
    if (revert instanceof ContractFunctionRevertedError) {
      const name = revert.data?.errorName
      if (name && REVERTS[name]) return REVERTS[name]
      // A token transfer failing inside the fill: the seller no longer owns it or revoked approval.
      if (name === 'TokenTransferGenericFailure' || name === 'ERC721TransferFailed') {
        return 'The seller can no longer deliver this item (it moved, or Seaport’s approval was revoked). Nothing was charged.'
      }
      return `The transaction would fail (${name ?? revert.shortMessage}). Nothing was sent.`
    }
    if (/insufficient funds/i.test(error.message)) return 'Your wallet does not hold enough ETH for this and its gas.'
  }
  const data = (error as { data?: { code?: string } }).data
  if (data?.code && error instanceof Error) return error.message
  return walletErrorMessage(error)
}

/** How long a signed-out trader waits for the indexer before the trade is shown done anyway. */
const INDEXER_WAIT_MS = 60_000

export function createTrading(config: Config, api: TrpcClient) {
  const account = (): Address => {
    const { address } = getConnection(config)
    if (!address) throw new TradeError('Connect your wallet first.')
    return address
  }
  const contractsOf = (chainId: number) => {
    const contracts = marketplaceContracts(chainId)
    if (!contracts) throw new TradeError('Vitrine does not trade on this network.')
    return contracts
  }
  async function onChain(chainId: number, onStep: OnStep) {
    if (getConnection(config).chainId !== chainId) {
      onStep('switching')
      await switchChain(config, { chainId: chainId as never })
    }
  }
  async function send(chainId: number, onStep: OnStep, request: Parameters<typeof simulateContract>[1]) {
    const { request: checked } = await simulateContract(config, { ...request, chainId } as never)
    const hash = await writeContract(config, checked as never)
    onStep('confirming', { hash })
    const receipt = await waitForTransactionReceipt(config, { hash, chainId: chainId as never })
    if (receipt.status !== 'success') throw new TradeError('The transaction failed on chain.')
    return hash
  }
  /**
   * Waits until Vitrine has read the block that holds the transaction: a signed-in wallet asks the
   * server to index now; a signed-out one (syncing needs a session) waits for the indexer's next round.
   */
  async function indexed(chainId: number, onStep: OnStep) {
    onStep('indexing')
    // The transaction is confirmed, so the head now is at or past its block.
    const block = await getBlockNumber(config, { chainId: chainId as never, cacheTime: 0 })
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
  const counterOf = (chainId: number, seaport: Address, offerer: Address) =>
    readContract(config, {
      chainId: chainId as never,
      address: seaport,
      abi: seaportAbi,
      functionName: 'getCounter',
      args: [offerer],
    })

  /** Seaport may move the owner's tokens of this collection: one `setApprovalForAll`, once. */
  async function ensureNftApproval(token: TokenRef, owner: Address, seaport: Address, onStep: OnStep) {
    const approved = await readContract(config, {
      chainId: token.chainId as never,
      address: token.contract,
      abi: erc721Abi,
      functionName: 'isApprovedForAll',
      args: [owner, seaport],
    })
    if (approved) return
    onStep('approving')
    await send(token.chainId, onStep, {
      address: token.contract,
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [seaport, true],
    } as never)
  }

  async function ensureWethAllowance(chainId: number, owner: Address, amount: bigint, onStep: OnStep) {
    const { weth, seaport } = contractsOf(chainId)
    const allowance = await readContract(config, {
      chainId: chainId as never,
      address: weth,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [owner, seaport],
    })
    if (allowance >= amount) return
    onStep('approving')
    await send(chainId, onStep, {
      address: weth,
      abi: erc20Abi,
      functionName: 'approve',
      args: [seaport, amount],
    } as never)
  }

  const fill = async (
    chainId: number,
    stored: { components: OrderJson; signature: string },
    value: bigint,
    onStep: OnStep,
  ) => {
    const order = orderFromJson(stored.components)
    return send(chainId, onStep, {
      address: contractsOf(chainId).seaport,
      abi: seaportAbi,
      functionName: 'fulfillOrder',
      args: [{ parameters: orderParameters(order), signature: stored.signature as Hash }, zeroHash],
      value,
    } as never)
  }

  /** `units` of an ERC-1155 listing of `quantity`: each pays its share of every amount. */
  const fillPart = (
    chainId: number,
    stored: { components: OrderJson; signature: string },
    units: bigint,
    quantity: bigint,
    value: bigint,
    onStep: OnStep,
  ) =>
    send(chainId, onStep, {
      address: contractsOf(chainId).seaport,
      abi: seaportAbi,
      functionName: 'fulfillAdvancedOrder',
      args: [
        {
          parameters: orderParameters(orderFromJson(stored.components)),
          ...partOf(units, quantity),
          signature: stored.signature as Hash,
          extraData: '0x',
        },
        [],
        zeroHash,
        zeroAddress,
      ],
      value: (value * units) / quantity,
    } as never)

  async function stored(orderHash: string) {
    const order = await api.market.order.query({ orderHash })
    if (order.status === 'filled') throw new TradeError(REVERTS.OrderAlreadyFilled!)
    if (order.status === 'cancelled') throw new TradeError(REVERTS.OrderIsCancelled!)
    if (order.status === 'expired') throw new TradeError(REVERTS.InvalidTime!)
    if (order.status === 'inactive')
      throw new TradeError('The maker can no longer honour this order. Nothing was charged.')
    return order as typeof order & { components: OrderJson }
  }

  return {
    wethBalance: (chainId: number) =>
      readContract(config, {
        chainId: chainId as never,
        address: contractsOf(chainId).weth,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account()],
      }),

    /** List for sale at a fixed price: approval once, then a signed order the server stores. */
    async list(token: TokenRef, price: bigint, endsAt: Date, fees: FeeTerms[], onStep: OnStep) {
      const maker = account()
      const { seaport } = contractsOf(token.chainId)
      await onChain(token.chainId, onStep)
      await ensureNftApproval(token, maker, seaport, onStep)
      const order = listingOrder(await terms(token, maker, price, endsAt, fees, seaport))
      return submit('listing', token.chainId, order, onStep)
    },

    /** Offer (or bid) in WETH: wraps the missing ETH and approves Seaport first when needed. */
    async offer(token: TokenRef, price: bigint, endsAt: Date, fees: FeeTerms[], onStep: OnStep) {
      const maker = account()
      const { seaport, weth } = contractsOf(token.chainId)
      await onChain(token.chainId, onStep)
      const balance = await readContract(config, {
        chainId: token.chainId as never,
        address: weth,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [maker],
      })
      if (balance < price) {
        onStep('wrapping')
        await send(token.chainId, onStep, {
          address: weth,
          abi: wrappedEtherAbi,
          functionName: 'deposit',
          value: price - balance,
        } as never)
      }
      await ensureWethAllowance(token.chainId, maker, price, onStep)
      const order = offerOrder({ ...(await terms(token, maker, price, endsAt, fees, seaport)), weth })
      return submit('offer', token.chainId, order, onStep)
    },

    /** A timed auction: approval now (so the highest bid can be accepted at the end), then the announcement. */
    async startAuction(token: TokenRef & { nftId: number }, reserve: bigint, endsAt: Date, onStep: OnStep) {
      const owner = account()
      await onChain(token.chainId, onStep)
      await ensureNftApproval(token, owner, contractsOf(token.chainId).seaport, onStep)
      onStep('submitting')
      return api.market.startAuction.mutate({ nftId: token.nftId, reserveWei: reserve.toString(), endsAt })
    },

    /**
     * Buy now: the exact price in ETH, simulated first; a lazy mint is minted to the buyer. Of an
     * ERC-1155 listing of several, `units` of them (all by default): Seaport's partial fill.
     */
    async buy(orderHash: string, onStep: OnStep, units?: bigint) {
      const order = await stored(orderHash)
      await onChain(order.chainId, onStep)
      if (order.kind === 'voucher') {
        const v = order.components as unknown as Record<string, string>
        const voucher = {
          tokenId: BigInt(v.tokenId!),
          uri: v.uri!,
          minPrice: BigInt(v.minPrice!),
          creator: v.creator as Address,
          expiresAt: BigInt(v.expiresAt!),
        }
        const hash = await send(order.chainId, onStep, {
          address: v.collection as Address,
          abi: vitrineCollectionAbi,
          functionName: 'redeem',
          args: [voucher, order.signature as Hash],
          value: voucher.minPrice,
        } as never)
        await indexed(order.chainId, onStep)
        return hash
      }
      const value = order.components.consideration.reduce(
        (sum, c) => sum + (c.itemType === 0 ? BigInt(c.startAmount) : 0n),
        0n,
      )
      const quantity = BigInt(order.quantity)
      const hash =
        quantity > 1n
          ? await fillPart(
              order.chainId,
              order,
              units ?? quantity - BigInt(order.filledQuantity),
              quantity,
              value,
              onStep,
            )
          : await fill(order.chainId, order, value, onStep)
      await indexed(order.chainId, onStep)
      return hash
    },

    /** Accept an offer on a token the wallet owns: Seaport takes the fees from the WETH received. */
    async accept(orderHash: string, onStep: OnStep) {
      const owner = account()
      const order = await stored(orderHash)
      await onChain(order.chainId, onStep)
      const { seaport } = contractsOf(order.chainId)
      const [nft, ...fees] = order.components.consideration
      await ensureNftApproval(
        { chainId: order.chainId, contract: nft!.token as Address, tokenId: nft!.identifierOrCriteria },
        owner,
        seaport,
        onStep,
      )
      await ensureWethAllowance(
        order.chainId,
        owner,
        fees.reduce((sum, f) => sum + BigInt(f.startAmount), 0n),
        onStep,
      )
      const hash = await fill(order.chainId, order, 0n, onStep)
      await indexed(order.chainId, onStep)
      return hash
    },

    /** Cancel one of the wallet's orders on chain, so nobody can fill it afterwards. */
    async cancel(orderHash: string, onStep: OnStep) {
      const order = await api.market.order.query({ orderHash })
      await onChain(order.chainId, onStep)
      if (order.kind === 'voucher') {
        // A lazy mint is withdrawn by revoking its voucher on the collection contract.
        const v = order.components as Record<string, string>
        const hash = await send(order.chainId, onStep, {
          address: v.collection as Address,
          abi: vitrineCollectionAbi,
          functionName: 'revokeVoucher',
          args: [BigInt(v.tokenId!)],
        } as never)
        await indexed(order.chainId, onStep)
        return hash
      }
      const hash = await send(order.chainId, onStep, {
        address: contractsOf(order.chainId).seaport,
        abi: seaportAbi,
        functionName: 'cancel',
        args: [[orderFromJson(order.components as OrderJson)]],
      } as never)
      await indexed(order.chainId, onStep)
      return hash
    },

    /** Cancel every order the wallet signed on this network (Seaport's counter moves on). */
    async cancelAll(chainId: number, onStep: OnStep) {
      await onChain(chainId, onStep)
      const hash = await send(chainId, onStep, {
        address: contractsOf(chainId).seaport,
        abi: seaportAbi,
        functionName: 'incrementCounter',
      } as never)
      await indexed(chainId, onStep)
      return hash
    },
  }

  /** An order's terms: starting a minute ago (clock skew), ending at `endsAt`, with a fresh salt. */
  async function terms(
    token: TokenRef,
    maker: Address,
    price: bigint,
    endsAt: Date,
    fees: FeeTerms[],
    seaport: Address,
  ) {
    return {
      maker,
      token: {
        contract: token.contract,
        tokenId: BigInt(token.tokenId),
        ...(token.quantity === undefined ? {} : { quantity: token.quantity }),
      },
      price,
      fees: fees.map(asFee),
      startTime: BigInt(Math.floor(Date.now() / 1000)) - 60n,
      endTime: BigInt(Math.floor(endsAt.getTime() / 1000)),
      salt: randomSalt(),
      counter: await counterOf(token.chainId, seaport, maker),
    }
  }

  async function submit(kind: 'listing' | 'offer', chainId: number, order: OrderComponents, onStep: OnStep) {
    onStep('signing')
    const signature = await signTypedData(config, orderTypedData(chainId, contractsOf(chainId).seaport, order))
    onStep('submitting')
    const input = { chainId, order: orderToJson(order), signature }
    return kind === 'listing' ? api.market.submitListing.mutate(input) : api.market.submitOffer.mutate(input)
  }
}

export type Trading = ReturnType<typeof createTrading>
