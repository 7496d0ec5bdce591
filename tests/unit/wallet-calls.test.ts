/**
 * The wallet's contract calls (app/wallet/calls.ts): typed from the `as const` ABIs, so a wrong
 * function, argument or value is a compile error (the `@ts-expect-error` lines below fail the
 * typecheck the day that stops being true), and failures said in words.
 */
import {
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  erc20Abi,
  zeroAddress,
  zeroHash,
} from 'viem'
import { anvil } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { createConfig, http } from 'wagmi'
import { seaportAbi } from '../../chain/artifacts/Seaport'
import { wrappedEtherAbi } from '../../chain/artifacts/WrappedEther'
import { TradeError, walletCalls, type OnStep, type WalletCalls } from '../../app/wallet/calls'
import { tradeErrorMessage } from '../../app/wallet/trading'

const config = createConfig({ chains: [anvil], transports: { [anvil.id]: http('http://127.0.0.1:9') } })

describe('wallet calls', () => {
  it('asks to connect a wallet before anything else', () => {
    expect(() => walletCalls(config).account()).toThrow(TradeError)
    expect(() => walletCalls(config).account()).toThrow('Connect your wallet first.')
  })

  it("says a Seaport revert inside a contract call's error as a buyer needs to hear it", () => {
    const reverted = new ContractFunctionRevertedError({
      abi: seaportAbi,
      data: encodeErrorResult({ abi: seaportAbi, errorName: 'OrderAlreadyFilled', args: [zeroHash] }),
      functionName: 'fulfillOrder',
    })
    const wrapped = new ContractFunctionExecutionError(reverted, {
      abi: seaportAbi,
      functionName: 'fulfillOrder',
      args: [{ parameters: undefined, signature: '0x' }, zeroHash],
      contractAddress: zeroAddress,
    })
    expect(tradeErrorMessage(wrapped)).toBe('Sold: someone else bought this a moment ago. Nothing was charged.')
    expect(tradeErrorMessage(new TradeError('Only an offer can be accepted.'))).toBe('Only an offer can be accepted.')
  })
})

/** Never run: the compiler checks each call against its ABI. */
export function callsAreTyped(calls: WalletCalls, onStep: OnStep) {
  const token = zeroAddress
  return [
    calls.send(1, onStep, { address: token, abi: erc20Abi, functionName: 'approve', args: [token, 1n] }),
    calls.send(1, onStep, { address: token, abi: wrappedEtherAbi, functionName: 'deposit', value: 1n }),
    calls.send(1, onStep, { address: token, abi: seaportAbi, functionName: 'incrementCounter' }),
    // @ts-expect-error: no such function in the ABI
    calls.send(1, onStep, { address: token, abi: erc20Abi, functionName: 'aprove', args: [token, 1n] }),
    // @ts-expect-error: an amount is a bigint, not text
    calls.send(1, onStep, { address: token, abi: erc20Abi, functionName: 'approve', args: [token, '1'] }),
    // @ts-expect-error: ETH sent to a function that is not payable
    calls.send(1, onStep, { address: token, abi: erc20Abi, functionName: 'approve', args: [token, 1n], value: 1n }),
  ]
}
