import { parseEther } from 'viem'

/** An amount of ETH typed by a person (a bid, a price) → exact wei, or the reason it cannot be one. */
export function parseBidAmount(text: string, what = 'The bid'): { wei: bigint } | { error: string } {
  const value = text.trim()
  if (value === '') return { error: 'Enter an amount in ETH.' }
  if (!/^\d*\.?\d*$/.test(value) || value === '.') return { error: 'Use digits and one decimal point, like 0.05.' }
  const decimals = value.split('.')[1]?.length ?? 0
  if (decimals > 18) return { error: 'ETH has at most 18 decimals.' }
  const wei = parseEther(value)
  if (wei <= 0n) return { error: `${what} must be more than 0 ETH.` }
  return { wei }
}
