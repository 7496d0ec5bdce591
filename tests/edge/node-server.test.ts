/**
 * `npm start`, proven: build the Node production bundle, serve it with scripts/serve.ts in two
 * processes on a migrated, seeded database file, and talk to it over HTTP. In the same project
 * as the Worker test, which runs its files one at a time: both builds write dist/.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { get, request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openMigratedDatabase } from '../../db/migrate.server'
import { seedDatabase } from '../../db/seed'
import { freePort, startProcess, waitForHttp, type RunningProcess } from '../../scripts/processes'
import { DEVELOPMENT_FEE_RECIPIENT } from '../../server/platform/env'
import { TEST_AUTH_SECRET } from '../support/runtime'
import { sessionCookie } from '../support/session'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'

const PUBLIC_URL = 'https://vitrine.example'
const dir = mkdtempSync(join(tmpdir(), 'vitrine-node-'))
const databaseUrl = `file:${join(dir, 'vitrine.db')}`
const started: RunningProcess[] = []
let server: RunningProcess

/** `npm start` in two processes on a free port, once it says all of them serve. */
async function startServer(): Promise<RunningProcess> {
  const port = await freePort()
  const running = startProcess(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'scripts/serve.ts'],
    `http://127.0.0.1:${port}`,
    {
      NODE_ENV: 'production',
      PORT: String(port),
      WEB_CONCURRENCY: '2',
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: TEST_AUTH_SECRET,
      PLATFORM_FEE_RECIPIENT: DEVELOPMENT_FEE_RECIPIENT,
      // Behind a proxy that ends TLS: the process itself sees plain http.
      PUBLIC_URL: PUBLIC_URL,
    },
  )
  started.push(running)
  await waitForHttp(`${running.url}/api/health`, running)
  await until(running, () => running.output().includes('2 processes'))
  return running
}

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    env: { ...process.env, BUILD_TARGET: 'node', NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`)

  const db = await openMigratedDatabase({ url: databaseUrl })
  await seedDatabase(db, { users: 5 })
  db.$client.close()
  server = await startServer()
})

afterAll(async () => {
  await Promise.all(started.map((running) => running.stop()))
  rmSync(dir, { recursive: true, force: true })
})

/** A process's state and parent from /proc, or null once it has ended (exited, or a zombie). */
function processInfo(pid: number): { parent: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return state === 'Z' ? null : { parent: Number(parent) }
  } catch {
    return null
  }
}

/** Running processes by parent pid. */
function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    const info = /^\d+$/.test(entry) ? processInfo(Number(entry)) : null
    if (info) children.set(info.parent, [...(children.get(info.parent) ?? []), Number(entry)])
  }
  return children
}

/** A GET on a new connection each time (a kept-alive one would stay with one process). */
function status(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(`${server.url}${path}`, { agent: false, timeout: 5_000 }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
      .on('timeout', () => reject(new Error(`GET ${path}: no answer in 5 s`)))
      .on('error', reject)
  })
}

/** A request with headers fetch would not send (Host), on a new connection. */
function call(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}${path}`, { method, headers, agent: false, timeout: 10_000 }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }))
    })
    request.on('timeout', () => request.destroy(new Error(`${method} ${path}: no answer in 10 s`)))
    request.on('error', reject)
    request.end(body)
  })
}

/** The bytes of a GET as sent (not decoded), asking for `acceptEncoding`. */
function download(
  path: string,
  acceptEncoding: string,
): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(
      `${server.url}${path}`,
      { headers: { 'accept-encoding': acceptEncoding }, agent: false, timeout: 10_000 },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
      },
    )
      .on('timeout', () => reject(new Error(`GET ${path}: no answer in 10 s`)))
      .on('error', reject)
  })
}

const cookies = (answer: { headers: Record<string, string | string[] | undefined> }) => {
  const setCookie = answer.headers['set-cookie']
  return Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
}

/**
 * Children of `parent` that run scripts/serve.ts. Other children come and go: tsx starts an
 * esbuild service in a process whenever its cache lacks a file it loads.
 */
function serverChildren(parent: number | undefined): number[] {
  const running = parent === undefined ? [] : (childrenByParent().get(parent) ?? [])
  return running.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('scripts/serve.ts')
    } catch {
      return false
    }
  })
}

/** The first server process: `npm start` runs under tsx's launcher, whose child it is. */
const firstProcess = (running = server) => serverChildren(running.process.pid)[0]

/** The processes the first one started. */
const servingProcesses = (running = server) => serverChildren(firstProcess(running))

async function until(running: RunningProcess, condition: () => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out; server output:\n${running.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('npm start (the Node production build)', () => {
  it('serves pages, static assets and the API from a migrated file database', async () => {
    const page = await fetch(`${server.url}/rankings`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[^']+';/)
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    expect(page.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains')
    const html = await page.text()
    expect(html).toContain('<title>')
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0]
    expect(asset).toBeDefined()
    const script = await fetch(`${server.url}${asset}`)
    expect(script.status).toBe(200)
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')

    const list = await fetch(`${server.url}/api/v1/nfts?limit=3`, { headers: { 'accept-encoding': 'identity' } })
    expect(list.status).toBe(200)
    expect(list.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(list.headers.get('content-encoding')).toBeNull()
    const body = (await list.json()) as { data: unknown[]; nextCursor: string | null }
    expect(body.data).toHaveLength(3)
    expect(body.nextCursor).not.toBeNull()

    const compressed = await fetch(`${server.url}/api/v1/nfts?limit=3`, { headers: { 'accept-encoding': 'gzip' } })
    expect(compressed.headers.get('content-encoding')).toBe('gzip')
    expect(((await compressed.json()) as { data: unknown[] }).data).toEqual(body.data)
  })

  it("sends the build's scripts and styles Brotli-compressed to a browser that accepts it, gzip to one that does not", async () => {
    const html = await (await fetch(`${server.url}/item/20`)).text()
    const assets = [...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((match) => match[0])
    expect(assets.some((asset) => asset.endsWith('.css'))).toBe(true)
    for (const asset of new Set(assets)) {
      const plain = await download(asset, 'identity')
      const brotli = await download(asset, 'gzip, deflate, br, zstd')
      // Under 1 KB a file fits in a packet as it is.
      if (plain.body.byteLength < 1024) {
        expect(brotli.headers['content-encoding'], asset).toBeUndefined()
        continue
      }
      expect(brotli.headers['content-encoding'], asset).toBe('br')
      expect(brotli.headers.vary, asset).toMatch(/accept-encoding/i)
      expect(brotli.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable')
      expect(brotliDecompressSync(brotli.body).equals(plain.body), asset).toBe(true)
      const gzip = await download(asset, 'gzip')
      expect(gzip.headers['content-encoding'], asset).toBe('gzip')
      expect(gunzipSync(gzip.body).equals(plain.body), asset).toBe(true)
      if (plain.body.byteLength > 10_000) expect(brotli.body.byteLength, asset).toBeLessThan(gzip.body.byteLength)
    }
  })

  it('tells a CDN in front what it may share: anonymous pages and public reads, never a session or a live answer', async () => {
    const shared = /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/
    for (const path of ['/', '/item/20', '/api/v1/nfts?limit=3', '/api/trpc/nft.list?input=%7B%22limit%22%3A2%7D']) {
      const response = await fetch(`${server.url}${path}`)
      await response.text()
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toMatch(shared)
      expect(response.headers.get('vary'), path).toMatch(/Cookie, Authorization/)
      // The edge cache is the Worker's; Node leaves caching to whatever is in front of it.
      expect(response.headers.get('x-vitrine-cache'), path).toBeNull()
    }
    const cookie = await sessionCookie('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc', { secure: true })
    for (const [path, headers] of [
      ['/', { cookie }],
      ['/api/v1/nfts?limit=3', { authorization: 'Bearer anything' }],
      ['/api/health', {}],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { headers })
      await response.text()
      expect(response.headers.get('cache-control'), path).toBe('private, no-cache')
    }
  })

  it('runs WEB_CONCURRENCY processes and replaces one that dies, serving throughout', async () => {
    const before = servingProcesses()
    expect(before).toHaveLength(2)
    process.kill(before[0]!, 'SIGKILL')
    // Once the first process has seen it go, every request is still served while it is replaced.
    await until(server, () => /server process \d+ ended \(SIGKILL\); starting another/.test(server.output()))
    for (let i = 0; i < 20; i++) expect(await status('/api/health')).toBe(200)
    await until(server, () => {
      const now = servingProcesses()
      return now.length === 2 && !now.includes(before[0]!)
    })
    for (let i = 0; i < 4; i++) expect(await status('/api/v1/collections?limit=2')).toBe(200)
  })

  it('binds sign-in to PUBLIC_URL: a message for another host is refused whatever Host says', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const signIn = async (domain: string, uri: string, host: string) => {
      const nonce = await call('POST', '/api/trpc/siweNonce', { host, 'content-type': 'application/json' })
      const csrf = await call('GET', '/api/auth/csrf', { host })
      const csrfCookie = cookies(csrf)
        .map((c) => c.split(';')[0])
        .join('; ')
      const message = createSiweMessage({
        address: account.address,
        chainId: 1,
        domain,
        uri,
        version: '1',
        nonce: (JSON.parse(nonce.body) as { result: { data: string } }).result.data,
        issuedAt: new Date(),
      })
      const form = new URLSearchParams({
        csrfToken: (JSON.parse(csrf.body) as { csrfToken: string }).csrfToken,
        message,
        signature: await account.signMessage({ message }),
        json: 'true',
      })
      const answer = await call(
        'POST',
        '/api/auth/callback/siwe',
        { host, cookie: csrfCookie, 'content-type': 'application/x-www-form-urlencoded' },
        form.toString(),
      )
      return { url: new URL((JSON.parse(answer.body) as { url: string }).url), setCookies: cookies(answer), csrf }
    }

    // A phishing page's message, redeemed with the Host header it names: no session.
    const phished = await signIn('evil.example', 'https://evil.example', 'evil.example')
    expect(phished.url.searchParams.get('code')).toBe('wrong_domain')
    expect(phished.url.origin).toBe(PUBLIC_URL)
    expect(phished.setCookies.some((c) => c.includes('session-token'))).toBe(false)

    // Our own message, although this process sees plain http behind the proxy: Secure, __Host- cookies.
    const own = await signIn('vitrine.example', PUBLIC_URL, `127.0.0.1:${new URL(server.url).port}`)
    expect(own.url.searchParams.get('error')).toBeNull()
    const session = own.setCookies.find((c) => c.startsWith('__Host-authjs.session-token='))
    expect(session).toBeDefined()
    expect(session).toMatch(/; Secure/i)
    expect(session).toMatch(/; Path=\//i)
    expect(session).not.toMatch(/; Domain=/i)
    for (const cookie of cookies(own.csrf)) expect(cookie).toMatch(/^__Host-authjs\.[a-z-]+=.*; Secure/i)
    const answer = await call('GET', '/api/auth/session', { cookie: session!.split(';')[0]! })
    expect(JSON.parse(answer.body)).toMatchObject({ user: { name: account.address } })
  })

  it('tells the pages open in every process of a change that one process made', async () => {
    const address = '0x70997970c51812dc3a010c7d01ec3a7b8a4d4dee'
    // Each on a connection of its own: the two processes take turns.
    const pages = await Promise.all(
      Array.from({ length: 4 }, () => {
        const heard: string[] = []
        return new Promise<{ heard: string[]; close: () => void }>((resolve, reject) => {
          get(`${server.url}/api/live?tags=user-${address}`, { agent: false }, (res) => {
            expect(res.headers['content-type']).toContain('text/event-stream')
            res.setEncoding('utf8')
            res.on('data', (chunk: string) => heard.push(chunk))
            resolve({ heard, close: () => res.destroy() })
          }).on('error', reject)
        })
      }),
    )
    const saved = await call(
      'POST',
      '/api/v1/users',
      { 'content-type': 'application/json', cookie: await sessionCookie(address, { secure: true }) },
      JSON.stringify({ walletAddress: address, userName: 'Relayed' }),
    )
    expect(saved.status, saved.body).toBeLessThan(300)
    await until(server, () => pages.every((page) => page.heard.join('').includes('event: change')), 10_000)
    for (const page of pages) page.close()
  })

  it('limits contact messages per client across its processes, whatever X-Forwarded-For says', async () => {
    // Each on a new connection, so the two processes take turns; the count is in the database.
    const send = (i: number) =>
      call(
        'POST',
        '/api/trpc/site.contact',
        { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
        JSON.stringify({
          name: 'Ada',
          email: `ada${i}@example.com`,
          subject: 'Hello',
          message: 'Long enough message.',
        }),
      )
    // The default: 5 an hour.
    for (let i = 0; i < 5; i++) expect((await send(i)).status).toBe(200)
    const refused = await send(5)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600)
  })

  it('stops every process when the first one is told to stop', async () => {
    const serving = servingProcesses()
    const primary = firstProcess()
    expect(primary).toBeDefined()
    process.kill(primary!, 'SIGTERM')
    await until(server, () => [primary!, ...serving].every((pid) => processInfo(pid) === null))
  })

  it('gives up, saying why, when its processes keep dying', async () => {
    const crashing = await startServer()
    const ended = () => crashing.output().match(/ended \(SIGKILL\)/g)?.length ?? 0
    // Five are replaced; the sixth in a minute stops the server instead of a restart loop.
    for (let i = 1; i <= 6; i++) {
      await until(crashing, () => servingProcesses(crashing).length === 2)
      process.kill(servingProcesses(crashing)[0]!, 'SIGKILL')
      await until(crashing, () => ended() === i)
    }
    await until(crashing, () => crashing.process.exitCode !== null)
    expect(crashing.process.exitCode).toBe(1)
    expect(crashing.output()).toMatch(/ended \(SIGKILL\): more than 5 in a minute, stopping/)
  })
})
