/**
 * Which destinations an outbound fetch may reach: public unicast addresses only. Everything
 * here is pure (no DNS): it judges an address or a URL's host as the WHATWG URL parser wrote
 * it, which has already turned every IPv4 spelling (2130706433, 0x7f.1, 0177.0.0.1, 127.1)
 * into a dotted quad and every IPv6 one into its compressed form in brackets.
 */

/** IPv4 ranges that are not the public internet: [network, prefix length]. */
const IPV4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
]

const ipv4Number = (dotted: string) => dotted.split('.').reduce((n, part) => n * 256 + Number(part), 0)
const IPV4_RANGES = IPV4_BLOCKED.map(([base, bits]) => ({
  base: ipv4Number(base),
  size: 2 ** (32 - bits),
}))

/** A dotted-quad IPv4 address (four decimal parts 0–255), else null. */
function parseIpv4(text: string): number | null {
  const parts = text.split('.')
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null
  return ipv4Number(text)
}

/** The eight 16-bit groups of an IPv6 address (brackets, zone and embedded IPv4 allowed), else null. */
function parseIpv6(text: string): number[] | null {
  let value = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const embedded = /:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value)
  if (embedded) {
    const v4 = parseIpv4(embedded[1]!)
    if (v4 === null) return null
    value = `${value.slice(0, embedded.index)}:${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`
  }
  if (!/^[0-9a-f:]+$/i.test(value)) return null
  const halves = value.split('::')
  if (halves.length > 2) return null
  const head = halves[0] ? halves[0].split(':') : []
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : []
  const missing = 8 - head.length - tail.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null
  return groups.map((g) => parseInt(g, 16))
}

const ipv4Text = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.')

/**
 * Why an IP address may not be fetched from ("private address 127.0.0.1"), or null when it is a
 * public unicast address. IPv6 is allowed only in global unicast (2000::/3) outside its special
 * blocks; an IPv4 address carried inside IPv6 (mapped, NAT64, 6to4) is judged as that IPv4
 * address. Not an IP address at all: null (a host name is judged by refusedHostName).
 */
export function refusedAddress(address: string): string | null {
  const v4 = parseIpv4(address)
  if (v4 !== null) {
    return IPV4_RANGES.some(({ base, size }) => v4 >= base && v4 < base + size) ? `private address ${address}` : null
  }
  const groups = parseIpv6(address)
  if (!groups) return null
  const shown = address.replace(/^\[|\]$/g, '')
  const refused = `private address ${shown}`
  const embedded = (high: number, low: number) => {
    const inner = ipv4Text(((high << 16) >>> 0) + low)
    return refusedAddress(inner) ? `private address ${shown} (${inner})` : null
  }
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number]
  // ::ffff:a.b.c.d (IPv4-mapped) and 64:ff9b::a.b.c.d (NAT64) reach that IPv4 address.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return embedded(g6, g7)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return embedded(g6, g7)
  // 2002:AABB:CCDD::/48 (6to4) tunnels to AA.BB.CC.DD.
  if (g0 === 0x2002) return embedded(g1, g2)
  // Outside 2000::/3: unspecified, loopback, IPv4-compatible, ULA fc00::/7, link-local fe80::/10, multicast ff00::/8 …
  if ((g0 & 0xe000) !== 0x2000) return refused
  // Teredo (2001::/32, hides an IPv4 address), benchmarking, ORCHID, documentation (2001:db8::/32).
  if (g0 === 0x2001 && (g1 === 0 || g1 === 0x2 || (g1 & 0xfff0) === 0x10 || g1 === 0xdb8)) return refused
  return null
}

/** Host names that name the machine itself, its network, or a cloud's metadata service. */
const INTERNAL_NAMES = new Set([
  'localhost',
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.azure.internal',
  'kubernetes.default',
])
const INTERNAL_SUFFIXES = [
  '.localhost',
  '.local',
  '.localdomain',
  '.internal',
  '.intranet',
  '.lan',
  '.home.arpa',
  '.corp',
]

/**
 * Why a URL's host may not be fetched from, judged without DNS: a private IP literal, a known
 * internal or metadata name, or a single-label name (resolved through the local search domain).
 */
export function refusedHost(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host.startsWith('[') || parseIpv4(host) !== null) return refusedAddress(host)
  if (INTERNAL_NAMES.has(host) || INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    return `internal host ${host}`
  }
  if (!host.includes('.')) return `internal host ${host}`
  return null
}

/** A URL's `host:port` as FETCH_ALLOW_HOSTS lists it (default ports written out). */
export function hostAndPort(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80')
  return `${url.hostname.toLowerCase()}:${port}`
}
