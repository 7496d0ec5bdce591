/**
 * A local IPFS-style HTTP gateway for development and tests: files and directories are added
 * in memory and served at `/ipfs/<cid>[/path]` under their real UnixFS CIDs (CIDv1, as
 * `ipfs add --cid-version 1` computes them), so `ipfs://<cid>/1.json` token URIs resolve
 * exactly as they would through a public gateway. Every block the importer produces is checked
 * against its CID's hash, and an expected CID given on add must match.
 */
import { createServer, type Server } from 'node:http'
import { importer, type ImportCandidate } from 'ipfs-unixfs-importer'
import { CID } from 'multiformats/cid'
import { sha256 } from 'multiformats/hashes/sha2'
import { equals } from 'multiformats/bytes'

export type Content = Uint8Array | string

type Entry = { kind: 'file'; bytes: Uint8Array; name?: string } | { kind: 'dir'; files: Map<string, string> }

export interface IpfsGateway {
  /** The gateway's origin, e.g. http://127.0.0.1:8091. */
  origin: string
  /** What IPFS_GATEWAY should be set to: `<origin>/ipfs/`. */
  gatewayUrl: string
  /** `host:port`, for FETCH_ALLOW_HOSTS. */
  host: string
  /** Adds one file; answers its CID. */
  add: (content: Content, options?: { cid?: string }) => Promise<string>
  /** Adds a directory of files (paths like `1.json` or `img/1.svg`); answers the directory's CID. */
  addDirectory: (files: Record<string, Content>, options?: { cid?: string }) => Promise<string>
  stop: () => Promise<void>
}

export class CidMismatchError extends Error {
  constructor(expected: string, actual: string) {
    super(`content does not match its CID: expected ${expected}, computed ${actual}`)
    this.name = 'CidMismatchError'
  }
}

const TYPES: Record<string, string> = {
  json: 'application/json',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
}

/** By the name's extension, else sniffed as public gateways do (a JSON file with no extension is text/plain). */
function contentType(bytes: Uint8Array, name?: string): string {
  const extension = name?.match(/\.([a-z0-9]+)$/i)?.[1]?.toLowerCase()
  if (extension && TYPES[extension]) return TYPES[extension]
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart().toLowerCase()
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png'
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'image/svg+xml'
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return 'text/html; charset=utf-8'
  if (head.startsWith('{') || head.startsWith('[')) return 'text/plain; charset=utf-8'
  return 'application/octet-stream'
}

const toBytes = (content: Content) => (typeof content === 'string' ? new TextEncoder().encode(content) : content)

/** The key a CID is stored under: CIDv0 and CIDv1 of the same content are one entry. */
function key(text: string): string | undefined {
  try {
    return CID.parse(text).toV1().toString()
  } catch {
    return undefined
  }
}

/** A blockstore that keeps nothing but checks each block against its CID's sha2-256 multihash. */
const checkingBlockstore = {
  async put(cid: CID, bytes: Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>) {
    let whole: Uint8Array
    if (bytes instanceof Uint8Array) whole = bytes
    else {
      const chunks: Uint8Array[] = []
      for await (const chunk of bytes) chunks.push(chunk)
      whole = Buffer.concat(chunks)
    }
    const digest = await sha256.digest(whole)
    if (cid.multihash.code !== sha256.code || !equals(digest.digest, cid.multihash.digest)) {
      throw new CidMismatchError(cid.toString(), CID.create(1, cid.code, digest).toString())
    }
    return cid
  },
}

export async function startIpfsGateway({ port = 0 }: { port?: number } = {}): Promise<IpfsGateway> {
  const entries = new Map<string, Entry>()

  async function importAll(candidates: ImportCandidate[], wrap: boolean) {
    const results = []
    for await (const entry of importer(candidates, checkingBlockstore, { cidVersion: 1, wrapWithDirectory: wrap })) {
      results.push(entry)
    }
    return results
  }

  const expect = (expected: string | undefined, actual: CID) => {
    if (expected !== undefined && key(expected) !== actual.toV1().toString()) {
      throw new CidMismatchError(expected, actual.toString())
    }
  }

  async function add(content: Content, options: { cid?: string } = {}): Promise<string> {
    const bytes = toBytes(content)
    const [root] = await importAll([{ content: bytes }], false)
    expect(options.cid, root!.cid)
    entries.set(root!.cid.toV1().toString(), { kind: 'file', bytes })
    return root!.cid.toString()
  }

  async function addDirectory(files: Record<string, Content>, options: { cid?: string } = {}): Promise<string> {
    const byPath = new Map(Object.entries(files).map(([path, content]) => [path.replace(/^\/+/, ''), toBytes(content)]))
    const results = await importAll(
      [...byPath].map(([path, content]) => ({ path, content })),
      true,
    )
    const root = results.find((entry) => entry.path === '')!
    expect(options.cid, root.cid)
    for (const entry of results) {
      const path = entry.path ?? ''
      const bytes = byPath.get(path)
      if (bytes) {
        entries.set(entry.cid.toV1().toString(), { kind: 'file', bytes, name: path })
        continue
      }
      // A directory (the root, or one inside it): every file under it, by its path relative to it.
      const prefix = path === '' ? '' : `${path}/`
      const inside = new Map<string, string>()
      for (const file of results) {
        const filePath = file.path ?? ''
        if (byPath.has(filePath) && filePath.startsWith(prefix)) {
          inside.set(filePath.slice(prefix.length), file.cid.toV1().toString())
        }
      }
      entries.set(entry.cid.toV1().toString(), { kind: 'dir', files: inside })
    }
    return root.cid.toString()
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://gateway')
    const send = (status: number, body: string | Uint8Array, type = 'text/plain; charset=utf-8') => {
      response.writeHead(status, {
        'content-type': type,
        'content-length': String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength),
        'x-content-type-options': 'nosniff',
        ...(status === 200 ? { 'cache-control': 'public, max-age=29030400, immutable' } : {}),
      })
      response.end(request.method === 'HEAD' ? undefined : body)
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, 'method not allowed\n')
    const match = /^\/ipfs\/([^/]+)(?:\/(.*))?$/.exec(url.pathname)
    if (!match) return send(404, 'not found: paths are /ipfs/<cid>[/path]\n')
    const cid = key(match[1]!)
    if (!cid) return send(400, `invalid CID ${match[1]}\n`)
    let entry = entries.get(cid)
    const path = decodeURIComponent(match[2] ?? '').replace(/\/+$/, '')
    let name = entry?.kind === 'file' ? entry.name : undefined
    if (entry?.kind === 'dir') {
      if (!path) return send(404, `${match[1]} is a directory; name a file in it\n`)
      const file = entry.files.get(path)
      entry = file ? entries.get(file) : undefined
      name = path
    } else if (path) entry = undefined
    if (!entry || entry.kind !== 'file') return send(404, `not found: ${url.pathname}\n`)
    send(200, entry.bytes, contentType(entry.bytes, name))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  const bound = typeof address === 'object' && address ? address.port : port
  const origin = `http://127.0.0.1:${bound}`
  return {
    origin,
    gatewayUrl: `${origin}/ipfs/`,
    host: `127.0.0.1:${bound}`,
    add,
    addDirectory,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
