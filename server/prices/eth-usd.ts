/**
 * ETH in US dollars, for showing fiat beside ETH prices: Chainlink's ETH/USD feed on Ethereum,
 * read through the configured RPC. Cached for a minute per server instance; answers null when
 * Ethereum is not configured, the RPC does not answer, or the feed is stale.
 */
import { createPublicClient, http, parseAbi } from 'viem'
import { mainnet } from 'viem/chains'
import { ETH_USD_FEED } from '../../chain/networks'
import type { Env } from '../platform/env'

const feedAbi = parseAbi([
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
])

const CACHE_MS = 60_000
/** The feed updates at least hourly (heartbeat); older than this is not shown. */
const STALE_AFTER_S = 2 * 60 * 60

export interface EthUsd {
  /** USD per ETH as a fixed-point integer string, and its number of decimals. */
  answer: string
  decimals: number
  updatedAt: string
}

let cached: { at: number; rpcUrl: string; value: EthUsd | null } | undefined

export async function ethUsd(env: Env, now = Date.now()): Promise<EthUsd | null> {
  const ethereum = env.chains.find((c) => c.id === mainnet.id)
  if (!ethereum) return null
  if (cached && cached.rpcUrl === ethereum.rpcUrl && now - cached.at < CACHE_MS) return cached.value
  const client = createPublicClient({
    chain: mainnet,
    transport: http(ethereum.rpcUrl, { timeout: 3_000, retryCount: 0 }),
  })
  let value: EthUsd | null = null
  try {
    const [decimals, [, answer, , updatedAt]] = await Promise.all([
      client.readContract({ address: ETH_USD_FEED, abi: feedAbi, functionName: 'decimals' }),
      client.readContract({ address: ETH_USD_FEED, abi: feedAbi, functionName: 'latestRoundData' }),
    ])
    const fresh = Number(updatedAt) > now / 1000 - STALE_AFTER_S
    if (answer > 0n && fresh) {
      value = { answer: answer.toString(), decimals, updatedAt: new Date(Number(updatedAt) * 1000).toISOString() }
    }
  } catch {
    value = null
  }
  cached = { at: now, rpcUrl: ethereum.rpcUrl, value }
  return value
}
