/**
 * Open live pages one client (an address, which a whole office or a carrier-grade NAT may share)
 * may hold at once: tabs beyond it poll instead.
 */
export const MAX_PAGES_PER_CLIENT = 100
/** A comment line down an idle event stream, so proxies do not close it. */
export const KEEPALIVE_MS = 25_000
