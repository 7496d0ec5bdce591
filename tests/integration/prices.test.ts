import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { encodeFunctionResult, parseAbi, toFunctionSelector } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatUsd } from '../../app/lib/format'
import { parseEnv } from '../../server/platform/env'
import { ethUsd } from '../../server/prices/eth-usd'

const abi = parseAbi([
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
])

/** A JSON-RPC endpoint that answers the two feed calls the way Ethereum would. */
let server: Server
let rpcUrl: string
let updatedAt = BigInt(Math.floor(Date.now() / 1000))
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const call = JSON.parse(body) as { id: number; method: string; params: [{ data: string }] }
      let result: string
      if (call.method === 'eth_chainId') result = '0x1'
      else if (call.params[0].data.startsWith(toFunctionSelector('decimals()'))) {
        result = encodeFunctionResult({ abi, functionName: 'decimals', result: 8 })
      } else {
        result = encodeFunctionResult({
          abi,
          functionName: 'latestRoundData',
          result: [1n, 3_123_45678900n, updatedAt, updatedAt, 1n],
        })
      }
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const secret = 'x'.repeat(32)

describe('ETH in US dollars (Chainlink ETH/USD)', () => {
  it('reads the feed through the Ethereum RPC and prices an amount to the cent', async () => {
    const env = parseEnv({ AUTH_SECRET: secret, CHAINS: '1', RPC_URL_1: rpcUrl })
    const price = await ethUsd(env)
    expect(price).toMatchObject({ answer: '312345678900', decimals: 8 })
    expect(formatUsd(10n ** 18n, price!)).toBe('$3,123.45')
    expect(formatUsd(5n * 10n ** 16n, price!)).toBe('$156.17')
  })

  it('shows nothing when the feed is stale or Ethereum is not configured', async () => {
    updatedAt = BigInt(Math.floor(Date.now() / 1000) - 3 * 60 * 60)
    const env = parseEnv({ AUTH_SECRET: secret, CHAINS: '1', RPC_URL_1: `${rpcUrl}/stale` })
    expect(await ethUsd(env)).toBeNull()
    expect(await ethUsd(parseEnv({ AUTH_SECRET: secret, CHAINS: '31337' }))).toBeNull()
  })
})
