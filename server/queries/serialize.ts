import { formatEther, getAddress } from 'viem'

/** Exact money in JSON: wei as decimal text, ETH as decimal text (never a float). */
export interface Price {
  wei: string
  eth: string
  currency: string
}

export const toPrice = (wei: string | null, currency: string | null): Price | null =>
  wei === null ? null : { wei, eth: formatEther(BigInt(wei)), currency: currency ?? 'ETH' }

const checksummed = new Map<string, string>()

/**
 * Addresses are stored lowercase and shown checksummed. The checksum is a keccak hash, and a
 * page shows the same few hundred wallets again and again, so results are memoised (bounded).
 */
export function checksum(address: string): string {
  let result = checksummed.get(address)
  if (result === undefined) {
    result = getAddress(address)
    if (checksummed.size >= 50_000) checksummed.clear()
    checksummed.set(address, result)
  }
  return result
}
export const checksumOrNull = (address: string | null): string | null => (address === null ? null : checksum(address))
export const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString())
