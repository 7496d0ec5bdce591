import { formatEther } from 'viem'

/** SPEC.md §4: a balance in ETH with 4 decimals, rounded down so it never overstates. */
export function formatBalance(wei: bigint): string {
  const [whole = '0', fraction = ''] = formatEther(wei).split('.')
  return `${whole}.${fraction.padEnd(4, '0').slice(0, 4)}`
}
