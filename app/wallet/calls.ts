/**
 * What every wallet operation (./trading, ./creating) does around its own call: find the
 * connected account, switch to the right network, simulate a contract write (a call that would
 * fail says why and costs nothing), send it and wait for its receipt. Contract calls are typed
 * by viem from the `as const` ABIs: a wrong function name, argument or `value` does not compile.
 */
import type { Abi, Address, ContractFunctionArgs, ContractFunctionName, Hash } from 'viem'
import type { Config } from 'wagmi'
import {
  getConnection,
  simulateContract,
  switchChain,
  waitForTransactionReceipt,
  writeContract,
  type SimulateContractParameters,
} from 'wagmi/actions'

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

  return { config, account, onChain, confirmed, send }
}

export type WalletCalls = ReturnType<typeof walletCalls>
