import { formatEther, getAddress } from 'viem'

/**
 * Memoised results of a pure function of a string, bounded: pages show the same few hundred
 * wallets and round prices again and again, and each result costs a hash or a bigint.
 */
function memoised(compute: (key: string) => string): (key: string) => string {
  const results = new Map<string, string>()
  return (key) => {
    let result = results.get(key)
    if (result === undefined) {
      result = compute(key)
      if (results.size >= 50_000) results.clear()
      results.set(key, result)
    }
    return result
  }
}

/** Exact money in JSON: wei as decimal text, ETH as decimal text (never a float). */
export interface Price {
  wei: string
  eth: string
  currency: string
}

/** Wei as decimal text to ETH as decimal text, exactly. */
const ethText = memoised((wei) => formatEther(BigInt(wei)))

export const toPrice = (wei: string | null, currency: string | null): Price | null =>
  wei === null ? null : { wei, eth: ethText(wei), currency: currency ?? 'ETH' }

/** Addresses are stored lowercase and shown checksummed (a keccak hash of the address). */
export const checksum = memoised(getAddress)
export const checksumOrNull = (address: string | null): string | null => (address === null ? null : checksum(address))

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

/**
 * A creator as answers show it: null when unknown. An imported contract without `owner()` has
 * no creator to name; its rows keep the zero address (the column is not nullable), which is
 * nobody's and must never be shown as an author.
 */
export const creatorOrNull = (address: string): string | null =>
  address.toLowerCase() === ZERO_ADDRESS ? null : checksum(address)

/**
 * A stored signed structure (a Seaport order, a mint voucher) with every address checksummed.
 * EIP-712 hashes an address as its 20 bytes, so the hash and signature still hold; nothing else
 * changes, numbers stay the decimal text that was signed.
 */
export function checksumAddresses<T>(value: T): T {
  if (typeof value === 'string') return (/^0x[0-9a-fA-F]{40}$/.test(value) ? checksum(value) : value) as T
  if (Array.isArray(value)) return value.map(checksumAddresses) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, checksumAddresses(v)])) as T
  }
  return value
}

const DAY_MS = 86_400_000
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'))
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'))
/** 'YYYY-MM-DDT' of each day number seen (days since 1970), bounded. */
const dayPrefixes = new Map<number, string>()

/**
 * `date.toISOString()`, the same text (tests/unit/serialize.test.ts) in a seventh of the time:
 * V8's takes ~0.4 µs, and a list page shows one or two times per item (an NFT's added date and
 * auction end, an event's time). The date part comes from toISOString once per day; the time
 * of day is arithmetic.
 */
export function isoTime(date: Date): string {
  const ms = date.getTime()
  const day = Math.floor(ms / DAY_MS)
  let prefix = dayPrefixes.get(day)
  if (prefix === undefined) {
    prefix = new Date(day * DAY_MS).toISOString().slice(0, -13)
    if (dayPrefixes.size >= 10_000) dayPrefixes.clear()
    dayPrefixes.set(day, prefix)
  }
  let rest = ms - day * DAY_MS
  const hours = Math.floor(rest / 3_600_000)
  rest -= hours * 3_600_000
  const minutes = Math.floor(rest / 60_000)
  rest -= minutes * 60_000
  const seconds = Math.floor(rest / 1000)
  return `${prefix}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[rest - seconds * 1000]}Z`
}

export const iso = (date: Date | null): string | null => (date === null ? null : isoTime(date))
