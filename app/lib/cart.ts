/**
 * The cart: listings a visitor means to buy together, kept in localStorage one key per chain so it
 * survives a reload. What is read back is user-editable, so each entry is checked field by field
 * (hand-written: zod would weigh on the first load) and anything else is dropped. Prices and
 * states are never kept here: the cart panel reads them from the server.
 */
import { useSyncExternalStore } from 'react'

export interface CartEntry {
  orderHash: string
  chainId: number
  nftId: number
  name: string
  image: string
  collection: string
  /** Tokens wanted of the listing (more than 1 only for an ERC-1155 listing of several). */
  units: number
}

/** A transaction of more fills than this costs more gas than a wallet should be asked for at once. */
export const CART_MAX_ITEMS = 50
const PREFIX = 'vitrine:cart:'
const EMPTY: CartEntry[] = []

const text = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max
const whole = (v: unknown, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= max

/** An entry as read back, or null: every field checked, the image only a path or an http(s) URL. */
export function cartEntryOf(raw: unknown, chainId: number): CartEntry | null {
  if (typeof raw !== 'object' || raw === null) return null
  const e = raw as Record<string, unknown>
  if (typeof e.orderHash !== 'string' || !/^0x[0-9a-f]{64}$/.test(e.orderHash)) return null
  if (e.chainId !== chainId || !whole(e.nftId, Number.MAX_SAFE_INTEGER) || !whole(e.units, 1_000_000)) return null
  if (!text(e.name, 200) || !text(e.collection, 200) || !text(e.image, 2_000)) return null
  if (!/^(\/(?!\/)|https?:\/\/)/.test(e.image)) return null
  return {
    orderHash: e.orderHash,
    chainId,
    nftId: e.nftId,
    name: e.name,
    image: e.image,
    collection: e.collection,
    units: e.units,
  }
}

function readChain(chainId: number): CartEntry[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(`${PREFIX}${chainId}`) ?? '[]')
    if (!Array.isArray(parsed)) return []
    const seen = new Set<string>()
    return parsed
      .map((raw) => cartEntryOf(raw, chainId))
      .filter((e): e is CartEntry => e !== null && !seen.has(e.orderHash) && !!seen.add(e.orderHash))
      .slice(0, CART_MAX_ITEMS)
  } catch {
    return [] // unreadable JSON, or storage refused
  }
}

function chainsStored(): number[] {
  const chains: number[] = []
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i)
    const id = key?.startsWith(PREFIX) ? Number(key.slice(PREFIX.length)) : NaN
    if (Number.isSafeInteger(id) && id > 0) chains.push(id)
  }
  return chains.sort((a, b) => a - b)
}

let snapshot: CartEntry[] | null = null
const listeners = new Set<() => void>()

function readAll(): CartEntry[] {
  snapshot ??= chainsStored().flatMap(readChain)
  return snapshot
}

function changed() {
  snapshot = null
  for (const listener of listeners) listener()
}

function writeChain(chainId: number, entries: CartEntry[]) {
  try {
    if (entries.length) localStorage.setItem(`${PREFIX}${chainId}`, JSON.stringify(entries))
    else localStorage.removeItem(`${PREFIX}${chainId}`)
  } catch {
    // Storage full or refused: the cart lives until the page closes.
  }
  changed()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) changed()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export const cart = {
  all: readAll,
  /** Adds (or updates the units of) a listing; refused past CART_MAX_ITEMS. Returns whether it is in. */
  add(entry: CartEntry): boolean {
    const checked = cartEntryOf(entry, entry.chainId)
    if (!checked) return false
    const entries = readChain(entry.chainId)
    const at = entries.findIndex((e) => e.orderHash === checked.orderHash)
    if (at >= 0)
      entries[at] = checked // in place: a change of units keeps the cart's order
    else if (entries.length >= CART_MAX_ITEMS) return false
    else entries.push(checked)
    writeChain(entry.chainId, entries)
    return true
  },
  remove(chainId: number, orderHashes: string[]) {
    const gone = new Set(orderHashes.map((h) => h.toLowerCase()))
    writeChain(
      chainId,
      readChain(chainId).filter((e) => !gone.has(e.orderHash)),
    )
  },
}

/** The cart's entries, re-rendered on every change (in this tab or another); empty on the server and at hydration. */
export const useCart = (): CartEntry[] => useSyncExternalStore(subscribe, readAll, () => EMPTY)
