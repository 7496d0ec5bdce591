/**
 * Tiny URL search-param readers for route `validateSearch` (zod stays on the server: it would
 * add ~24 KB gzip to every page). Invalid values are dropped, never thrown.
 */
export function oneOf<T extends string>(value: unknown, options: readonly T[]): T | undefined {
  return typeof value === 'string' && (options as readonly string[]).includes(value) ? (value as T) : undefined
}

export function nonNegative(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
  return Number.isFinite(n) && n >= 0 ? n : undefined
}

export function positiveInteger(value: unknown): number | undefined {
  const n = nonNegative(value)
  return n !== undefined && Number.isSafeInteger(n) && n > 0 ? n : undefined
}

/** Drops undefined keys, so links and URLs carry only what is set. */
export function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}

/** A 0x-prefixed 20-byte hex address in any case (what the API accepts; no viem in route loaders). */
export const isAddressLike = (value: string): boolean => /^0x[0-9a-fA-F]{40}$/.test(value)

/**
 * A route's `validateSearch` from a parser of its own params. TanStack Router lays a route's
 * validated params over the raw URL's, so a param the parser dropped (a bad value) or does not
 * know would still reach loaders and components as typed; here every param of the URL the
 * parser did not accept is blanked.
 */
export function strictSearch<T extends object>(parse: (raw: Record<string, unknown>) => T) {
  return (raw: Record<string, unknown>): T =>
    ({
      ...(Object.fromEntries(Object.keys(raw).map((key) => [key, undefined])) as object),
      ...parse(raw),
    }) as T
}
