/**
 * Whether a contract's code is Vitrine's collection contract: only such contracts' voucher events
 * are Vitrine's sales. Its calls prove nothing (any contract can answer `platformFeeBps()` and log
 * `VoucherRedeemed`), so the deployed code is compared with the compiled one byte for byte, but
 * for the immutables each deployment writes (its fee, its address and chain in the EIP-712
 * domain), which are read through its calls.
 */
import type { Hex } from 'viem'
import { vitrineCollectionImmutables, vitrineCollectionRuntime } from './artifacts/VitrineCollectionRuntime'

/** The code with every immutable's bytes zeroed, as hex without 0x. */
function masked(code: string): string {
  let out = code.slice(2).toLowerCase()
  for (const [start, length] of vitrineCollectionImmutables) {
    out = out.slice(0, start * 2) + '00'.repeat(length) + out.slice((start + length) * 2)
  }
  return out
}

const expected = masked(vitrineCollectionRuntime)

export function isVitrineCollectionCode(code: Hex | undefined): boolean {
  return code !== undefined && code.length === vitrineCollectionRuntime.length && masked(code) === expected
}
