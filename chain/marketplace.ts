/**
 * The settlement contracts on each network: Seaport 1.6 at its canonical cross-chain address on
 * public networks, and the local chain's own copies (chain/artifacts/localDeployment.ts).
 */
import type { Address } from 'viem'
import { localDeployment } from './artifacts/localDeployment'
import { NETWORKS } from './networks'

export interface MarketplaceContracts {
  seaport: Address
  conduitController: Address
  weth: Address
}

/** Seaport 1.6 and its conduit controller, deployed at the same address on every public network. */
const CANONICAL = {
  seaport: '0x0000000000000068F116a894984e2DB1123eB395',
  conduitController: '0x00000000F9490004C11Cca813B3E9Fd3a6D2E19A',
} as const

export const LOCAL_CHAIN_ID = 31337

/** The platform's cut of a sale unless PLATFORM_FEE_BPS says otherwise: 1%. */
export const DEFAULT_PLATFORM_FEE_BPS = 100
/** anvil's tenth test account receives the platform fee when none is configured outside production. */
export const DEVELOPMENT_FEE_RECIPIENT: Address = '0xa0ee7a142d267c1f36714e4a8f75612f20a79720'

export function marketplaceContracts(chainId: number): MarketplaceContracts | null {
  if (chainId === LOCAL_CHAIN_ID) return localDeployment
  const weth = NETWORKS[chainId]?.weth
  return weth ? { ...CANONICAL, weth } : null
}
