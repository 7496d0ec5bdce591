/**
 * How the indexer reads an RPC's failures: a refused range (each provider's wording, or an answer
 * too large for viem), no answer at all, or an answer of the chain's own (a contract's revert).
 */
import {
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  HttpRequestError,
  ResponseBodyTooLargeError,
  RpcRequestError,
  TimeoutError,
  erc721Abi,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { refused, timedOut, unreachable } from '../../chain/indexer/rpc-errors'

const url = 'http://127.0.0.1:8545'
const wrapped = (cause: Error) => new Error('index run failed', { cause })
const reverted = new ContractFunctionExecutionError(
  new ContractFunctionRevertedError({ abi: erc721Abi, functionName: 'isApprovedForAll', message: 'no answer' }),
  { abi: erc721Abi, functionName: 'isApprovedForAll', args: [] },
)

describe('refused', () => {
  it('knows a range refused as too full, in any wording, and an answer larger than viem takes', () => {
    const tooMany = new RpcRequestError({
      body: {},
      url,
      error: { code: -32005, message: 'query returned more than 10000 results' },
    })
    expect(refused(wrapped(tooMany))).toBe(true)
    expect(
      refused(new Error('Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range')),
    ).toBe(true)
    expect(refused(wrapped(new ResponseBodyTooLargeError({ maxSize: 10_485_760, size: 12_000_000 })))).toBe(true)
    expect(refused(reverted)).toBe(false)
    expect(refused(new HttpRequestError({ url }))).toBe(false)
  })
})

describe('unreachable', () => {
  it('is a chain that did not answer, never a contract that reverted', () => {
    expect(unreachable(wrapped(new HttpRequestError({ url, status: 503 })))).toBe(true)
    expect(unreachable(new TimeoutError({ body: {}, url }))).toBe(true)
    expect(unreachable(reverted)).toBe(false)
    expect(unreachable(new ResponseBodyTooLargeError({ maxSize: 1, size: 2 }))).toBe(false)
  })

  it('takes a timeout for what it is', () => {
    expect(timedOut(wrapped(new TimeoutError({ body: {}, url })))).toBe(true)
    expect(timedOut(new HttpRequestError({ url }))).toBe(false)
  })
})
