/**
 * Creator earnings of an order. Vitrine's own collections carry theirs in the database; an
 * imported collection's come from its contract's EIP-2981 `royaltyInfo`, read per token when the
 * fees are needed (the standard lets every token have its own receiver and rate), and a collection
 * without EIP-2981 pays none.
 */
import { zeroAddress, type Address } from 'viem'
import type { Fee } from '../../chain/seaport'
import type { Env } from '../platform/env'
import { chainClient, unlessUnavailable } from '../platform/clients'

export interface FeeTerm extends Fee {
  label: string
  /** Said beside the fees where a fee is absent or not the collection's own (null: nothing to say). */
  note: string | null
}

export interface RoyaltyTerms {
  chainId: number
  contract: string
  tokenId: string
  creator: string
  creatorFeeBps: number
  royaltySource: 'vitrine' | 'eip2981' | 'none'
}

const royaltyInfoAbi = [
  {
    type: 'function',
    name: 'royaltyInfo',
    stateMutability: 'view',
    inputs: [
      { name: 'tokenId', type: 'uint256' },
      { name: 'salePrice', type: 'uint256' },
    ],
    outputs: [
      { name: 'receiver', type: 'address' },
      { name: 'royaltyAmount', type: 'uint256' },
    ],
  },
] as const

/** At a sale price of 10,000 units EIP-2981's amount is the rate in basis points. */
const PROBE_PRICE = 10_000n
export const NO_EIP2981 = 'This collection sets no creator earnings (no EIP-2981)'
const NO_ROYALTY_FOR_TOKEN = "This token's EIP-2981 royaltyInfo pays no creator earnings"

const none = (note: string): FeeTerm => ({ label: 'the creator earnings', recipient: zeroAddress, bps: 0, note })

/** The creator earnings an order on this token must pay. Reads the chain for EIP-2981 collections. */
export async function creatorEarnings(env: Env, token: RoyaltyTerms): Promise<FeeTerm> {
  if (token.royaltySource === 'none') return none(NO_EIP2981)
  if (token.royaltySource === 'vitrine') {
    return { label: 'the creator earnings', recipient: token.creator as Address, bps: token.creatorFeeBps, note: null }
  }
  const client = chainClient(env, token.chainId)
  if (!client) return none(NO_EIP2981)
  const answer = await client
    .readContract({
      address: token.contract as Address,
      abi: royaltyInfoAbi,
      functionName: 'royaltyInfo',
      args: [BigInt(token.tokenId), PROBE_PRICE],
    })
    .catch(unlessUnavailable(null))
  if (!answer) return none(NO_ROYALTY_FOR_TOKEN)
  const [receiver, amount] = answer
  // A royalty above the whole price, or to nobody, is one no sale can honour.
  if (receiver === zeroAddress || amount === 0n || amount > PROBE_PRICE) return none(NO_ROYALTY_FOR_TOKEN)
  return {
    label: 'the creator earnings (EIP-2981 royalty)',
    recipient: receiver.toLowerCase() as Address,
    bps: Number(amount),
    note: null,
  }
}

/** The platform fee, then the creator earnings: every order on the token carries both. */
export async function requiredFees(env: Env, token: RoyaltyTerms): Promise<FeeTerm[]> {
  return [
    { label: 'the platform fee', recipient: env.platformFee.recipient, bps: env.platformFee.bps, note: null },
    await creatorEarnings(env, token),
  ]
}
