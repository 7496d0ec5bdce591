/** viem's definitions of the networks in ./networks.ts (for wagmi and server-side clients). */
import type { Chain } from 'viem'
import { anvil, base, mainnet, sepolia } from 'viem/chains'
import type { ChainId } from './networks'

/** Exactly one viem chain per known network, under its own id: a network added there fails to compile here. */
export const VIEM_CHAINS: Readonly<Record<number, Chain>> = {
  [mainnet.id]: mainnet,
  [sepolia.id]: sepolia,
  [base.id]: base,
  [anvil.id]: anvil,
} satisfies { [Id in ChainId]: Chain & { id: Id } }
