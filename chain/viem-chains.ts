/** viem's definitions of the networks in ./networks.ts (for wagmi and server-side clients). */
import type { Chain } from 'viem'
import { anvil, base, mainnet, sepolia } from 'viem/chains'

export const VIEM_CHAINS: Record<number, Chain> = {
  [mainnet.id]: mainnet,
  [sepolia.id]: sepolia,
  [base.id]: base,
  [anvil.id]: anvil,
}
