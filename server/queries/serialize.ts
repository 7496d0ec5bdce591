import { formatEther, getAddress } from 'viem'

/** Exact money in JSON: wei as decimal text, ETH as decimal text (never a float). */
export interface Price {
  wei: string
  eth: string
  currency: string
}

export const toPrice = (wei: string | null, currency: string | null): Price | null =>
  wei === null ? null : { wei, eth: formatEther(BigInt(wei)), currency: currency ?? 'ETH' }

/** Addresses are stored lowercase and shown checksummed. */
export const checksum = (address: string): string => getAddress(address)
export const checksumOrNull = (address: string | null): string | null => (address === null ? null : getAddress(address))
export const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString())
