/**
 * Open live pages one client (an address, which a whole office or a carrier-grade NAT may share)
 * may hold at once: tabs beyond it poll instead. A Node process holds at most
 * LIVE_STREAMS_PER_PROCESS in all (server/platform/env.ts).
 */
export const MAX_PAGES_PER_CLIENT = 100
/** What a page refused by a full process is told to wait before it tries again, in seconds. */
export const FULL_RETRY_AFTER_S = 30
/** A comment line down an idle event stream, so proxies do not close it. */
export const KEEPALIVE_MS = 25_000
