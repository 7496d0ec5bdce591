/**
 * The networks Vitrine knows. Which of them a deployment offers, and through which RPC,
 * is configuration (`CHAINS`, `RPC_URL_<id>`; see server/env.ts). Pure data: the server
 * and the browser wallet layer both read it.
 */
import type { Address, Chain } from 'viem'
import { anvil, base, mainnet, sepolia } from 'viem/chains'

export interface Network {
  chain: Chain
  /** Wrapped ether, offered to the wallet on /wallet and used for offers. */
  weth?: Address
}

export const NETWORKS: Record<number, Network> = {
  [mainnet.id]: { chain: mainnet, weth: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' },
  [sepolia.id]: { chain: sepolia, weth: '0xfFf9976782d46CC05630D1f6eBAb18b2324d6B14' },
  [base.id]: { chain: base, weth: '0x4200000000000000000000000000000000000006' },
  // The local development chain; its WETH is deployed by the trading issue.
  [anvil.id]: { chain: anvil },
}

/** SPEC.md lists these; they are shut down, so a wallet on one is on an unsupported network. */
export const RETIRED_CHAINS: Record<number, string> = { 3: 'Ropsten', 4: 'Rinkeby', 5: 'Goerli', 42: 'Kovan' }

export const DEFAULT_CHAIN_IDS = {
  production: [mainnet.id, base.id, sepolia.id],
  development: [anvil.id, mainnet.id, sepolia.id, base.id],
} as const

/** What the browser needs to build its wallet configuration. */
export interface PublicChain {
  id: number
  rpcUrl: string
}
