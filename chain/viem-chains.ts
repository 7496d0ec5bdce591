/** viem's definitions of the networks in ./networks.ts (for wagmi and server-side clients). */
import type { Chain } from 'viem'
import { anvil, base, mainnet, sepolia } from 'viem/chains'
import type { ChainId } from './networks'

/** Multicall3's canonical address, the same on every chain that has it (viem's public chains name it). */
export const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** Exactly one viem chain per known network, under its own id: a network added there fails to compile here. */
export const VIEM_CHAINS: Readonly<Record<number, Chain>> = {
  [mainnet.id]: mainnet,
  [sepolia.id]: sepolia,
  [base.id]: base,
  // Multicall3 is placed at its canonical address on the local chain (chain/local-contracts.ts).
  [anvil.id]: { ...anvil, contracts: { multicall3: { address: MULTICALL3 } } },
} satisfies { [Id in ChainId]: Chain & { id: Id } }
