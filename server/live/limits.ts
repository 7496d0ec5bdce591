/** Open live pages one client (an address) may hold at once: tabs beyond get polling instead. */
export const MAX_PAGES_PER_CLIENT = 50
/** A comment line down an idle event stream, so proxies do not close it. */
export const KEEPALIVE_MS = 25_000
