let serverNonce: (() => string | undefined) | undefined

/** Called once by app/server.ts: the nonce of the page being rendered, for its inline scripts. */
export function provideCspNonce(read: () => string | undefined): void {
  serverNonce = read
}

/** On the server, this response's nonce; in the browser the router reads it from the page. */
export function cspNonce(): string | undefined {
  return typeof window === 'undefined' ? serverNonce?.() : undefined
}
