/**
 * Node only (the entries install it: scripts/serve.ts, the Vite dev server): how safeFetch
 * reaches the network on Node. Names are resolved with the system resolver (every address),
 * and each request connects through a lookup that checks the addresses it is about to use, so
 * a name that answers a public address to the check and a private one to the connection
 * (DNS rebinding) is still refused.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { Readable } from 'node:stream'
import { refusedAddress } from './addresses'
import { FetchRefused, type NetworkAccess, type NetworkRequest } from './safe-fetch'

export function lookupAll(hostname: string): Promise<string[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses.map((a) => a.address)),
    ),
  )
}

/** A lookup for the connection itself: the resolved addresses, refused when any is private. */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0)
      const refused = allowPrivate ? null : addresses.map((a) => refusedAddress(a.address)).find(Boolean)
      if (refused) return callback(new FetchRefused(`${hostname} resolves to ${refused}, refused`), '', 0)
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses)
      const [first] = addresses
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0)
      callback(null, first.address, first.family)
    })
  }
}

/** One GET over node:http(s) with the checked lookup, answered as a web Response (no redirect followed). */
function request(url: URL, init: NetworkRequest) {
  const client = url.protocol === 'https:' ? https : http
  return new Promise<Response>((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: init.method ?? 'GET',
        headers: init.headers,
        signal: init.signal,
        lookup: checkedLookup(init.allowPrivate),
        agent: false,
      },
      (incoming) => {
        const headers = new Headers()
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
            try {
              headers.append(name, one)
            } catch {
              // A header value fetch would not accept either: left out.
            }
          }
        }
        const status = incoming.statusCode ?? 502
        const empty = status === 204 || status === 304
        if (empty) incoming.resume()
        const body = empty ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>)
        resolve(new Response(body, { status: status < 200 || status > 599 ? 502 : status, headers }))
      },
    )
    outgoing.on('error', reject)
    outgoing.end(init.body)
  })
}

export const nodeNetworkAccess: NetworkAccess = { lookup: lookupAll, request }
