/**
 * The SSRF-safe fetcher as an attacker would probe it: every private range and spelling of a
 * private address is refused before a connection is made, a name resolving to one is refused
 * (and, on Node, refused again at connection time), redirects are judged hop by hop, loops are
 * named, huge, slow, silent or wrongly typed answers end with a reason a person can read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refusedAddress, refusedHost } from '../../server/metadata/addresses'
import { nodeNetworkAccess } from '../../server/metadata/node-network'
import { FetchRefused, safeFetch, type SafeFetchOptions } from '../../server/metadata/safe-fetch'
import { startHttpServer, type TestServer } from '../support/http-server'

const JSON_BODY = JSON.stringify({ name: 'ok' })

let target: TestServer
let site: TestServer
let silent: TestServer
beforeAll(async () => {
  // Stands for something inside our network: no test may ever reach it unless allow-listed.
  target = await startHttpServer((_, res) => res.end('internal'))
  site = await startHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, ...headers })
      res.end(body)
    }
    switch (url.pathname) {
      case '/json':
        return send(200, 'application/json', JSON_BODY)
      case '/plain':
        return send(200, 'text/plain; charset=utf-8', JSON_BODY)
      case '/html':
        return send(200, 'text/html; charset=utf-8', '<!doctype html><p>hello')
      case '/png':
        return send(200, 'image/png', 'PNG')
      case '/to-internal':
        return send(302, 'text/plain', '', { location: `${target.origin}/secret` })
      case '/to-metadata':
        return send(301, 'text/plain', '', { location: 'http://169.254.169.254/latest/meta-data/' })
      case '/to-mapped':
        return send(307, 'text/plain', '', { location: `http://[::ffff:127.0.0.1]:${target.port}/` })
      case '/loop-a':
        return send(302, 'text/plain', '', { location: '/loop-b' })
      case '/loop-b':
        return send(302, 'text/plain', '', { location: '/loop-a' })
      case '/hop': {
        const n = Number(url.searchParams.get('n'))
        return n === 0
          ? send(200, 'application/json', JSON_BODY)
          : send(302, 'text/plain', '', { location: `/hop?n=${n - 1}` })
      }
      case '/huge': {
        // 50 MB, streamed without a length: the reader must hang up long before the end.
        res.writeHead(200, { 'content-type': 'application/json' })
        const chunk = Buffer.alloc(64 * 1024, 0x20)
        let sent = 0
        const pump = () => {
          while (sent < 50 * 1024 * 1024 && !res.destroyed) {
            sent += chunk.length
            if (!res.write(chunk)) return void res.once('drain', pump)
          }
          res.end()
        }
        res.on('close', () => hugeSent.push(sent))
        return pump()
      }
      case '/huge-declared':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) })
        return res.write('{')
      case '/stalls-body':
        res.writeHead(200, { 'content-type': 'application/json' })
        return res.write('{"name":')
      case '/missing':
        return send(404, 'text/plain', 'no')
      default:
        return send(404, 'text/plain', 'no')
    }
  })
  // Accepts the request and never answers.
  silent = await startHttpServer(() => {})
})
afterAll(async () => {
  await Promise.all([target?.stop(), site?.stop(), silent?.stop()])
})
const hugeSent: number[] = []

const options = (extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
  accept: 'json',
  maxBytes: 1024 * 1024,
  timeoutMs: 5_000,
  allowHosts: [site.host, silent.host],
  network: nodeNetworkAccess,
  ...extra,
})

async function refusal(url: string, extra: Partial<SafeFetchOptions> = {}): Promise<string> {
  const error = await safeFetch(url, options(extra)).then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FetchRefused)
  return (error as FetchRefused).message
}

describe('addresses', () => {
  it('refuses every private, local and reserved IPv4 range', () => {
    const refused = [
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '10.255.255.255',
      '100.64.0.1',
      '100.127.255.254',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '192.88.99.1',
      '192.168.1.1',
      '198.18.0.1',
      '198.19.255.255',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
    ]
    for (const address of refused) expect(refusedAddress(address), address).toBe(`private address ${address}`)
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '93.184.216.34',
      '100.63.255.255',
      '100.128.0.1',
      '172.32.0.1',
      '11.0.0.1',
    ]) {
      expect(refusedAddress(address), address).toBeNull()
    }
  })

  it('refuses IPv6 loopback, unspecified, link-local, unique-local, multicast and IPv4 carried inside IPv6', () => {
    const refused = [
      '::1',
      '::',
      '[::1]',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      'fec0::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '::ffff:10.1.2.3',
      '::127.0.0.1',
      '64:ff9b::192.168.0.1',
      '2002:c0a8:101::1',
      '2001::1',
      '2001:db8::1',
      '100::1',
    ]
    for (const address of refused) expect(refusedAddress(address), address).toMatch(/^private address /)
    expect(refusedAddress('::ffff:169.254.169.254')).toBe('private address ::ffff:169.254.169.254 (169.254.169.254)')
    for (const address of [
      '2606:4700:4700::1111',
      '2a00:1450:4001::200e',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ]) {
      expect(refusedAddress(address), address).toBeNull()
    }
  })

  it('refuses internal and cloud metadata host names without asking DNS', () => {
    for (const host of [
      'localhost',
      'LOCALHOST.',
      'app.localhost',
      'metadata.google.internal',
      'metadata',
      'printer.local',
      'intranet',
      'db.internal',
      'router.home.arpa',
    ]) {
      expect(refusedHost(host), host).toMatch(/^internal host /)
    }
    expect(refusedHost('ipfs.io')).toBeNull()
  })
})

describe('safeFetch refuses before connecting', () => {
  it('every spelling of a private address: decimal, octal, hex, short forms, IPv6 and mapped IPv4', async () => {
    const port = target.port
    const spellings: [string, string][] = [
      [`http://2130706433:${port}/`, 'private address 127.0.0.1 refused'],
      [`http://0x7f000001:${port}/`, 'private address 127.0.0.1 refused'],
      [`http://0177.0.0.1:${port}/`, 'private address 127.0.0.1 refused'],
      [`http://0x7f.0.0.1:${port}/`, 'private address 127.0.0.1 refused'],
      [`http://127.1:${port}/`, 'private address 127.0.0.1 refused'],
      [`http://017700000001:${port}/`, 'private address 127.0.0.1 refused'],
      [`http://0:${port}/`, 'private address 0.0.0.0 refused'],
      [`http://[::1]:${port}/`, 'private address ::1 refused'],
      [`http://[::ffff:127.0.0.1]:${port}/`, 'private address ::ffff:7f00:1 (127.0.0.1) refused'],
      [`http://[0:0:0:0:0:ffff:7f00:1]:${port}/`, 'private address ::ffff:7f00:1 (127.0.0.1) refused'],
      ['http://169.254.169.254/latest/meta-data/', 'private address 169.254.169.254 refused'],
      ['http://[fd00:ec2::254]/latest/meta-data/', 'private address fd00:ec2::254 refused'],
      ['http://metadata.google.internal/computeMetadata/v1/', 'internal host metadata.google.internal refused'],
      [`http://localhost:${port}/`, 'internal host localhost refused'],
      [`https://10.0.0.5/`, 'private address 10.0.0.5 refused'],
      [`http://100.100.100.200/`, 'private address 100.100.100.200 refused'],
    ]
    for (const [url, reason] of spellings) expect(await refusal(url), url).toBe(reason)
    expect(target.requests).toEqual([])
  })

  it('other schemes and URLs with credentials', async () => {
    expect(await refusal('file:///etc/passwd')).toBe('file: URLs are not fetched')
    expect(await refusal('ftp://ftp.example.com/x.json')).toBe('ftp: URLs are not fetched')
    expect(await refusal('javascript:alert(1)')).toBe('javascript: URLs are not fetched')
    expect(await refusal('https://user:secret@example.com/')).toBe('a URL with a user name or password is not fetched')
  })

  it('a public-looking name that resolves to a private address (injected resolver)', async () => {
    const lying = { lookup: async () => ['127.0.0.1'] }
    expect(await refusal(`http://rebind.example.com:${target.port}/`, { network: lying })).toBe(
      'rebind.example.com resolves to private address 127.0.0.1, refused',
    )
    const mixed = { lookup: async () => ['93.184.216.34', '10.0.0.7'] }
    expect(await refusal('http://mixed.example.com/', { network: mixed })).toBe(
      'mixed.example.com resolves to private address 10.0.0.7, refused',
    )
    const v6 = { lookup: async () => ['::ffff:169.254.169.254'] }
    expect(await refusal('http://v6.example.com/', { network: v6 })).toMatch(
      /resolves to private address .*169\.254\.169\.254/,
    )
    expect(target.requests).toEqual([])
  })

  it('on Node, the connection itself is refused when the name resolves privately (DNS rebinding)', async () => {
    // The name passed the first check (a resolver that answered a public address); the
    // connection's own lookup then finds 127.0.0.1 and refuses.
    const rebinding = { lookup: async () => ['93.184.216.34'], request: nodeNetworkAccess.request! }
    const url = new URL(`http://localhost:${target.port}/`)
    await expect(
      rebinding.request(url, { signal: AbortSignal.timeout(5_000), headers: {}, allowPrivate: false }),
    ).rejects.toThrow(/localhost resolves to private address (127\.0\.0\.1|::1), refused/)
    expect(target.requests).toEqual([])
  })
})

describe('safeFetch follows redirects by hand', () => {
  it('a redirect to a private host is refused, and the host is never contacted', async () => {
    expect(await refusal(`${site.origin}/to-internal`)).toBe('private address 127.0.0.1 refused')
    expect(await refusal(`${site.origin}/to-metadata`)).toBe('private address 169.254.169.254 refused')
    expect(await refusal(`${site.origin}/to-mapped`)).toBe('private address ::ffff:7f00:1 (127.0.0.1) refused')
    expect(target.requests).toEqual([])
  })

  it('names a redirect loop, and stops after 5 redirects', async () => {
    expect(await refusal(`${site.origin}/loop-a`)).toBe('redirect loop')
    expect(await refusal(`${site.origin}/hop?n=6`)).toBe('more than 5 redirects')
    const five = await safeFetch(`${site.origin}/hop?n=5`, options())
    expect(five.url).toBe(`${site.origin}/hop?n=0`)
    expect(new TextDecoder().decode(five.bytes)).toBe(JSON_BODY)
  })
})

describe('safeFetch bounds size, time and type', () => {
  it('reads JSON, also served as text/plain (IPFS files without an extension)', async () => {
    const json = await safeFetch(`${site.origin}/json`, options())
    expect(json).toMatchObject({ contentType: 'application/json', url: `${site.origin}/json` })
    expect(new TextDecoder().decode(json.bytes)).toBe(JSON_BODY)
    expect((await safeFetch(`${site.origin}/plain`, options())).contentType).toBe('text/plain')
  })

  it('refuses HTML for JSON, and anything but an image for an image', async () => {
    expect(await refusal(`${site.origin}/html`)).toBe('not JSON (text/html)')
    expect(await refusal(`${site.origin}/json`, { accept: 'image' })).toBe('not an image (application/json)')
    expect((await safeFetch(`${site.origin}/png`, options({ accept: 'image' }))).contentType).toBe('image/png')
  })

  it('abandons a 50 MB answer early, declared or streamed', async () => {
    expect(await refusal(`${site.origin}/huge-declared`)).toBe('larger than 1 MB')
    const started = Date.now()
    expect(await refusal(`${site.origin}/huge`)).toBe('larger than 1 MB')
    expect(Date.now() - started).toBeLessThan(3_000)
    await expect.poll(() => hugeSent.length).toBe(1)
    // The server got to write little more than the limit (plus socket buffers) before the hang-up.
    expect(hugeSent[0]).toBeLessThan(10 * 1024 * 1024)
  })

  it('gives up on a server that never answers, or stops mid-body', async () => {
    const started = Date.now()
    expect(await refusal(`${silent.origin}/`, { timeoutMs: 300 })).toBe('timed out after 0.3 s')
    expect(await refusal(`${site.origin}/stalls-body`, { timeoutMs: 300 })).toBe('timed out after 0.3 s')
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('says which status an error answer had', async () => {
    expect(await refusal(`${site.origin}/missing`)).toBe(`HTTP 404 from ${site.host}`)
  })

  it('the same rules hold with the runtime fetch (Workers: no resolver, no connection hook)', async () => {
    const workers = { network: {} }
    expect(await refusal(`http://2130706433:${target.port}/`, workers)).toBe('private address 127.0.0.1 refused')
    expect(await refusal(`${site.origin}/to-internal`, workers)).toBe('private address 127.0.0.1 refused')
    expect(await refusal(`${site.origin}/loop-a`, workers)).toBe('redirect loop')
    expect(await refusal(`${site.origin}/html`, workers)).toBe('not JSON (text/html)')
    expect(await refusal(`${site.origin}/huge`, workers)).toBe('larger than 1 MB')
    expect(await refusal(`${silent.origin}/`, { ...workers, timeoutMs: 300 })).toBe('timed out after 0.3 s')
    expect(new TextDecoder().decode((await safeFetch(`${site.origin}/json`, options(workers))).bytes)).toBe(JSON_BODY)
    expect(target.requests).toEqual([])
  })
})
