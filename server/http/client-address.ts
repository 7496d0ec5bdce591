/**
 * Who the client is: the one answer every rate limit keys on. It is read only from a source
 * this deployment trusts. A header any client may send (X-Forwarded-For with no proxy in front
 * that overwrites it) would let one client pose as as many clients as it likes.
 *
 * - TRUSTED_PROXY_HEADER, when configured: the header the proxy in front sets (for
 *   `x-forwarded-for`, its right-most entry: the one that proxy appended);
 * - otherwise on Workers, `CF-Connecting-IP`, which Cloudflare itself sets;
 * - otherwise on Node, the socket's address, which the Node entries (`npm start`, the Vite dev
 *   server) write into PEER_ADDRESS_HEADER over whatever the client sent under that name.
 */
import type { Env } from '../platform/env'

/** Carries the socket's address from the Node entries to the handlers; never read on Workers. */
export const PEER_ADDRESS_HEADER = 'x-vitrine-peer-address'

/** The key of a request whose address is missing or unreadable: such requests share one count. */
export const UNKNOWN_CLIENT = 'unknown'

const onWorkers = () => typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers'

export function clientAddress(request: Request, env: Pick<Env, 'TRUSTED_PROXY_HEADER'>): string {
  const header = env.TRUSTED_PROXY_HEADER ?? (onWorkers() ? 'cf-connecting-ip' : PEER_ADDRESS_HEADER)
  const value = request.headers.get(header)
  const entry = header === 'x-forwarded-for' ? value?.split(',').at(-1) : value
  return normalize(entry?.trim() ?? '') ?? UNKNOWN_CLIENT
}

const IPV4 = /^(\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?$/

/**
 * An IPv4 address as it is; an IPv6 address as its /64 network, the block one subscriber
 * usually holds whole (counting single IPv6 addresses would let one client rotate through
 * billions). Anything else is not an address.
 */
function normalize(value: string): string | undefined {
  const v4 = IPV4.exec(value)?.[1] ?? /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(value)?.[1]
  if (v4) return v4.split('.').every((part) => Number(part) <= 255) ? v4 : undefined
  const v6 = value.replace(/^\[|\](?::\d+)?$/g, '').replace(/%.*$/, '')
  if (!/^[0-9a-f:]{2,39}$/i.test(v6)) return undefined
  const halves = v6.split('::')
  if (halves.length > 2) return undefined
  const head = halves[0] ? halves[0].split(':') : []
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : []
  const missing = 8 - head.length - tail.length
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return undefined
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return undefined
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`
}

/** The parts of a Node IncomingMessage the entries need; no Node import in server code. */
interface NodeIncoming {
  headers: Record<string, string | string[] | undefined>
  rawHeaders: string[]
  socket: { remoteAddress?: string | undefined }
}

/**
 * Node entries only, before anything reads the request: writes the socket's address into
 * PEER_ADDRESS_HEADER, dropping any value the client sent under that name (in both views of
 * the headers Node keeps, since request adapters read one or the other).
 */
export function stampPeerAddress(incoming: NodeIncoming): void {
  const raw = incoming.rawHeaders
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    if (raw[i]!.toLowerCase() === PEER_ADDRESS_HEADER) raw.splice(i, 2)
  }
  const address = incoming.socket.remoteAddress ?? ''
  raw.push(PEER_ADDRESS_HEADER, address)
  incoming.headers[PEER_ADDRESS_HEADER] = address
}
