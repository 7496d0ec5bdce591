/**
 * Wallet errors in words. Wallets report EIP-1193 / JSON-RPC codes, often wrapped
 * by viem or wagmi; the code is looked for along the `cause` chain.
 */
export const WALLET_CODES = { rejected: 4001, unknownChain: 4902, pending: -32002 } as const

export function walletErrorCode(error: unknown): number | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'number') return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : '')

/** A sentence a person can act on; never a stack trace. */
export function walletErrorMessage(error: unknown): string {
  const code = walletErrorCode(error)
  if (code === WALLET_CODES.rejected) return 'You rejected the request in your wallet.'
  if (code === WALLET_CODES.pending) return 'Your wallet already has a request waiting: open it to continue.'
  if (code === WALLET_CODES.unknownChain) return 'Your wallet does not know this network and could not add it.'
  const name = errorName(error)
  if (name === 'ProviderNotFoundError' || name === 'ConnectorNotFoundError') return 'No browser wallet was found.'
  if (name === 'ConnectorAlreadyConnectedError') return 'This wallet is already connected.'
  if (name === 'ChainNotConfiguredError') return 'This network is not supported by Vitrine.'
  // Our server's refusals (e.g. too many sign-ins) are already in words, and not the wallet's doing.
  if (name === 'TRPCClientError' || name === 'ServerRefusal') return (error as Error).message
  const short = (error as { shortMessage?: unknown } | null)?.shortMessage
  const detail = typeof short === 'string' ? short : error instanceof Error ? error.message : String(error)
  return `Your wallet reported a problem: ${detail.split('\n')[0]}`
}
