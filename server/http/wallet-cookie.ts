/**
 * Reads the account that wagmi's cookie storage remembers (`wagmi.store`), so the first
 * server-rendered paint of a returning visitor already shows their wallet.
 */
import { getAddress, isAddress } from 'viem'
import { z } from 'zod'

export const WAGMI_COOKIE = 'wagmi.store'

const storedState = z.object({
  state: z.object({
    current: z.string().nullable().optional(),
    chainId: z.number().int().positive().optional(),
    connections: z
      .map(z.string(), z.object({ accounts: z.array(z.string()), chainId: z.number().int().positive() }).loose())
      .optional(),
  }),
})

export interface RememberedAccount {
  address: `0x${string}`
  chainId: number
}

export function rememberedAccount(cookieHeader: string | null): RememberedAccount | null {
  const raw = cookieHeader
    ?.split(/;\s*/)
    .find((part) => part.startsWith(`${WAGMI_COOKIE}=`))
    ?.slice(WAGMI_COOKIE.length + 1)
  if (!raw) return null
  try {
    // wagmi serialises Maps as { __type: 'Map', value: [...] } (and bigints likewise).
    const json = JSON.parse(decodeURIComponent(raw), (_key, value: unknown) => {
      if (value && typeof value === 'object' && '__type' in value && 'value' in value) {
        if (value.__type === 'Map') return new Map(value.value as [unknown, unknown][])
        if (value.__type === 'bigint') return BigInt(value.value as string)
      }
      return value
    }) as unknown
    const { state } = storedState.parse(json)
    const connection = state.current ? state.connections?.get(state.current) : undefined
    const address = connection?.accounts[0]
    if (!connection || !address || !isAddress(address)) return null
    return { address: getAddress(address), chainId: connection.chainId }
  } catch {
    return null
  }
}
