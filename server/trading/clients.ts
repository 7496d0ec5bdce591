/** Read-only viem clients for the configured chains (one per chain and RPC URL). */
import { createPublicClient, http, type PublicClient } from 'viem'
import { VIEM_CHAINS } from '../../chain/viem-chains'
import type { Env } from '../env'

const cache = new Map<string, PublicClient>()

export function chainClient(env: Env, chainId: number): PublicClient | null {
  const chain = env.chains.find((c) => c.id === chainId)
  if (!chain) return null
  const key = `${chainId} ${chain.rpcUrl}`
  let client = cache.get(key)
  if (!client) {
    client = createPublicClient({ chain: VIEM_CHAINS[chainId], transport: http(chain.rpcUrl, { timeout: 10_000 }) })
    cache.set(key, client)
  }
  return client
}
