/** Shortened address: first 10 characters, '...', then characters 35 to 42. */
export function shortenAddress(address: string): string {
  return address.length < 42 ? address : `${address.slice(0, 10)}...${address.slice(34, 42)}`
}

/** A fee's label at the start of a line: 'the creator earnings' → 'Creator earnings'. */
export function sentenceCase(label: string): string {
  const bare = label.replace(/^the /, '')
  return bare.charAt(0).toUpperCase() + bare.slice(1)
}

/** A decimal ETH string with at most `decimals` places, trailing zeros trimmed ("1.5", "0.0117"). */
export function formatEth(eth: string, decimals = 4): string {
  const [whole = '0', fraction = ''] = eth.split('.')
  const cut = fraction.slice(0, decimals).replace(/0+$/, '')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return cut ? `${grouped}.${cut}` : grouped
}

/** Balances show exactly 4 decimals. */
export function formatBalance(eth: string): string {
  const [whole = '0', fraction = ''] = eth.split('.')
  return `${whole}.${fraction.padEnd(4, '0').slice(0, 4)}`
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000_000],
  ['month', 2_592_000_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

/** "3 hours ago", "in 2 days". */
export function relativeTime(iso: string, now = Date.now()): string {
  const diff = Date.parse(iso) - now
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
  for (const [unit, ms] of units) {
    if (Math.abs(diff) >= ms) return format.format(Math.round(diff / ms), unit)
  }
  return 'just now'
}

/** "2d 04h 10m" until an end time; "Ended" after it. */
export function countdown(iso: string, now = Date.now()): string {
  const left = Date.parse(iso) - now
  if (left <= 0) return 'Ended'
  const d = Math.floor(left / 86_400_000)
  const h = Math.floor((left % 86_400_000) / 3_600_000)
  const m = Math.floor((left % 3_600_000) / 60_000)
  return `${d}d ${String(h).padStart(2, '0')}h ${String(m).padStart(2, '0')}m`
}

export function formatPercent(value: number | null): string {
  if (value === null) return '—'
  return `${value > 0 ? '+' : ''}${value.toFixed(2)}%`
}

/**
 * An ETH amount (wei) in US dollars, from a fixed-point USD-per-ETH price: exact integer
 * arithmetic down to the cent, rounded down ("$1,234.56").
 */
export function formatUsd(wei: bigint, usdPerEth: { answer: string; decimals: number }): string {
  const cents = (wei * BigInt(usdPerEth.answer)) / 10n ** BigInt(18 + usdPerEth.decimals - 2)
  const dollars = cents / 100n
  const rest = (cents % 100n).toString().padStart(2, '0')
  return `$${dollars.toLocaleString('en-US')}.${rest}`
}
