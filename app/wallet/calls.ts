/**
 * What every wallet operation (./trading, ./creating) does around its own call: find the
 * connected account, switch to the right network, simulate a contract write (a call that would
 * fail says why and costs nothing), send it and wait for its receipt. Contract calls are typed
 * by viem from the `as const` ABIs: a wrong function name, argument or `value` does not compile.
 */
import {
  encodeFunctionData,
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hash,
} from 'viem'
import type { Config } from 'wagmi'
import {
  getCapabilities,
  getConnection,
  sendCalls,
  simulateContract,
  switchChain,
  waitForCallsStatus,
  waitForTransactionReceipt,
  writeContract,
  type SimulateContractParameters,
} from 'wagmi/actions'
import type { SigningSummary } from '../../chain/signing'
import { walletErrorCode } from './errors'

/** EIP-5792's refusals of a batch that leave nothing sent: method, capability or chain unsupported. */
const BATCH_REFUSED = new Set([-32601, 5700, 5710])

/** What the visitor is waiting for, to say it in the modal. */
export type TradeStep =
  | 'switching'
  | 'reviewing'
  | 'batching'
  | 'approving'
  | 'wrapping'
  | 'signing'
  | 'submitting'
  | 'confirming'
  | 'indexing'
  | 'deploying'
  | 'minting'
/**
 * Told each step. With a `summary` (what the wallet is about to give and get) it may answer a
 * promise: the operation waits for it (the visitor confirms a summary with warnings) or stops.
 */
export type OnStep = (step: TradeStep, detail?: { hash?: Hash; summary?: SigningSummary }) => void | Promise<void>

/** A failure already in words a trader can act on. */
export class TradeError extends Error {
  override name = 'TradeError'
}

type Writable = 'nonpayable' | 'payable'

/** A contract write as the caller states it: address, abi, functionName, args and value, typed by the ABI. */
export type ContractWrite<
  abi extends Abi,
  functionName extends ContractFunctionName<abi, Writable>,
  args extends ContractFunctionArgs<abi, Writable, functionName>,
> = SimulateContractParameters<abi, functionName, args, Config, number>

export function walletCalls(config: Config) {
  /** The connected account, or a request to connect. */
  const account = (): Address => {
    const { address } = getConnection(config)
    if (!address) throw new TradeError('Connect your wallet first.')
    return address
  }

  /** Asks the wallet to switch to `chainId` unless it is there already. */
  async function onChain(chainId: number, onStep: OnStep) {
    if (getConnection(config).chainId !== chainId) {
      onStep('switching')
      await switchChain(config, { chainId })
    }
  }

  /** Waits for a sent transaction; refuses one that reverted. Returns its receipt. */
  async function confirmed(chainId: number, onStep: OnStep, hash: Hash, failure = 'The transaction failed on chain.') {
    onStep('confirming', { hash })
    const receipt = await waitForTransactionReceipt(config, { hash, chainId })
    if (receipt.status !== 'success') throw new TradeError(failure)
    return receipt
  }

  /** Simulates the write, sends it from the connected wallet and waits until it is mined. */
  async function send<
    const abi extends Abi,
    functionName extends ContractFunctionName<abi, Writable>,
    const args extends ContractFunctionArgs<abi, Writable, functionName>,
  >(chainId: number, onStep: OnStep, call: ContractWrite<abi, functionName, args>, failure?: string): Promise<Hash> {
    // The call was checked against its ABI where it was written; wagmi's signature cannot take
    // those generics through a wrapper, so it gets the general form of the same parameters
    // (as wagmi itself does inside simulateContract).
    const { request } = await simulateContract(config, { ...call, chainId } as SimulateContractParameters)
    const hash = await writeContract(config, request)
    await confirmed(chainId, onStep, hash, failure)
    return hash
  }

  /** Whether the wallet can send several calls on `chainId` all or none (EIP-5792); most cannot say. */
  async function canBatch(chainId: number): Promise<boolean> {
    try {
      const capabilities = await getCapabilities(config, { chainId })
      const status = (capabilities as { atomic?: { status?: string } }).atomic?.status
      return status === 'supported' || status === 'ready'
    } catch {
      // Wallets without EIP-5792 refuse the method: one transaction at a time, as before.
      return false
    }
  }

  /**
   * Sends the calls that must precede a signature: as one all-or-none batch (wallet_sendCalls)
   * where the wallet supports it, else one transaction after another, each simulated first.
   */
  async function sendAll(chainId: number, onStep: OnStep, calls: PreparedCall[]): Promise<void> {
    if (calls.length === 0) return
    if (await canBatch(chainId)) {
      await onStep('batching')
      const sent = await sendCalls(config, {
        chainId,
        forceAtomic: true,
        calls: calls.map(({ write }) => ({
          to: write.address,
          data: encodeFunctionData(write as Parameters<typeof encodeFunctionData>[0]),
          value: write.value,
        })),
      }).catch((error: unknown) => {
        // A wallet that claimed batches but refuses this one (unsupported, wrong chain) sent nothing.
        if (BATCH_REFUSED.has(walletErrorCode(error) ?? 0)) return undefined
        throw error
      })
      if (sent) {
        await onStep('confirming')
        const result = await waitForCallsStatus(config, { id: sent.id, timeout: 120_000 })
        if (result.status !== 'success') throw new TradeError('The batch failed on chain, so none of it happened.')
        return
      }
    }
    for (const { step, write, failure } of calls) {
      await onStep(step)
      await send(chainId, onStep, write, failure)
    }
  }

  return { config, account, onChain, confirmed, send, sendAll }
}

/** A contract write prepared to go alone or in a batch, with the step that says it. */
export interface PreparedCall {
  step: TradeStep
  write: SimulateContractParameters
  failure?: string
}

/** Prepares a typed write (checked against its ABI here) for sendAll. */
export function prepared<
  const abi extends Abi,
  functionName extends ContractFunctionName<abi, Writable>,
  const args extends ContractFunctionArgs<abi, Writable, functionName>,
>(step: TradeStep, call: ContractWrite<abi, functionName, args>, failure?: string): PreparedCall {
  return { step, write: call as SimulateContractParameters, failure }
}

export type WalletCalls = ReturnType<typeof walletCalls>
