/**
 * The networks Vitrine knows, as plain data (no viem chain objects, so the page's first
 * JavaScript stays small; those live in ./viem-chains.ts). Which of them a deployment offers,
 * and through which RPC, is configuration (`CHAINS`, `RPC_URL_<id>`; see server/platform/env.ts).
 */
import type { Address } from 'viem'
import { localDeployment } from './artifacts/localDeployment'

export interface Network {
  name: string
  /** Used when `RPC_URL_<id>` is not set. */
  defaultRpcUrl: string
  /** Wrapped ether, offered to the wallet on /wallet and used for offers. */
  weth?: Address
  /** Where a transaction can be looked at (`${explorer}/tx/${hash}`). */
  explorer?: string
  /** About how often it makes a block: how often the Workers build reads it (FOLLOW_INTERVAL_MS overrides). */
  blockTimeMs: number
}

/** The one list of networks: chain ids, viem chains (./viem-chains.ts) and defaults are tied to it. */
const KNOWN_NETWORKS = {
  1: {
    name: 'Ethereum',
    defaultRpcUrl: 'https://eth.merkle.io',
    weth: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
    explorer: 'https://etherscan.io',
    blockTimeMs: 12_000,
  },
  11155111: {
    name: 'Sepolia',
    defaultRpcUrl: 'https://ethereum-sepolia-rpc.publicnode.com',
    weth: '0xfFf9976782d46CC05630D1f6eBAb18b2324d6B14',
    explorer: 'https://sepolia.etherscan.io',
    blockTimeMs: 12_000,
  },
  8453: {
    name: 'Base',
    defaultRpcUrl: 'https://mainnet.base.org',
    weth: '0x4200000000000000000000000000000000000006',
    explorer: 'https://basescan.org',
    blockTimeMs: 2_000,
  },
  // The local development chain; its WETH is chain/contracts/WrappedEther.sol, deployed by `npm run dev`.
  // anvil mines a block per transaction: read it every second.
  31337: { name: 'Anvil', defaultRpcUrl: 'http://127.0.0.1:8545', weth: localDeployment.weth, blockTimeMs: 1_000 },
} satisfies Record<number, Network>

/** A chain id Vitrine knows (a key of the list above). */
export type ChainId = keyof typeof KNOWN_NETWORKS

/** Looked up by any number (a wallet's or a request's chain id); unknown ids give undefined. */
export const NETWORKS: Readonly<Record<number, Network>> = KNOWN_NETWORKS

/** Chainlink's ETH / USD price feed on Ethereum mainnet (fiat beside ETH prices). */
export const ETH_USD_FEED: Address = '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419'

/** Test networks that are shut down: so a wallet on one is on an unsupported network. */
export const RETIRED_CHAINS: Record<number, string> = { 3: 'Ropsten', 4: 'Rinkeby', 5: 'Goerli', 42: 'Kovan' }

/** The networks a deployment offers when `CHAINS` is not set: the local chain first in development. */
export const DEFAULT_CHAIN_IDS = {
  production: [1, 8453, 11155111],
  development: [31337, 1, 11155111, 8453],
} as const satisfies Record<'production' | 'development', readonly ChainId[]>

/** What the browser needs to build its wallet configuration. */
export interface PublicChain {
  id: number
  rpcUrl: string
}

export const networkName = (id: number): string | undefined => NETWORKS[id]?.name ?? RETIRED_CHAINS[id]

/** A network's name for a picker or a sentence, or `Chain <id>` for one Vitrine does not know. */
export const chainLabel = (id: number): string => networkName(id) ?? `Chain ${id}`
