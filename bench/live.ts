/**
 * `npm run bench:live`: how soon open pages show a change, and what an idle open page costs.
 *
 * Node: a server process (this file with `--serve`: the API over a seeded database, served by
 * @hono/node-server) with 100 pages open on one item's server-sent event stream; 20 changes, each
 * timed from the moment the server starts applying it (the indexer's write, then the drain that
 * purges and tells) to each page hearing of it, and to each page's read of the item that follows.
 * Then 1,000 idle streams: the server's heap and RSS per stream.
 *
 * Workers: the built Worker in workerd (`wrangler dev`) over sqld and anvil, its chain follower at
 * the local chain's default interval; 100 WebSockets on one item; 20 transfers made with viem,
 * each timed from its block's inclusion (the receipt) to each page hearing of it and reading the
 * item. Then 1,000 idle WebSockets: workerd's RSS per socket.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, startSqld, startWrangler } from '../scripts/processes'
import { DEVELOPMENT_FEE_RECIPIENT } from '../server/platform/env'
import { testAccount } from '../tests/support/chain'
import { startMarket } from '../tests/support/market'
import { TEST_AUTH_SECRET } from '../tests/support/runtime'
import { writeSection } from './lib'

const PAGES = 100
const CHANGES = 20
const IDLE = 1_000

/** The server process: answers IPC requests to change an item or to report its memory. */
async function serve() {
  const { serve: listen } = await import('@hono/node-server')
  const { app } = await import('../server/app')
  const { applyTransfer } = await import('../db/market')
  const { nfts } = await import('../db/schema')
  const { drainPageChanges } = await import('../server/live/publish')
  const { createSeededRuntime } = await import('../tests/support/seeded')
  const runtime = await createSeededRuntime(200)
  const [token] = await runtime.db
    .select({ id: nfts.id, owner: nfts.owner, collectionId: nfts.collectionId })
    .from(nfts)
    .limit(1)
  const owners = [token!.owner, '0x90f79bf6eb2c4f870365e785982e1f101e93b906']
  const port = await freePort()
  listen({ fetch: (request) => app.fetch(request, runtime), port, hostname: '127.0.0.1' })
  let round = 0
  process.on('message', async (message: { change?: true; memory?: true }) => {
    if (message.change) {
      const at = Date.now()
      const [from, to] = round % 2 ? [owners[1]!, owners[0]!] : [owners[0]!, owners[1]!]
      round++
      const log = {
        txHash: `0x${round.toString(16).padStart(64, '0')}`,
        logIndex: 0,
        blockNumber: BigInt(round),
        at: new Date(),
      }
      await applyTransfer(runtime.db, log, { nftId: token!.id, collectionId: token!.collectionId, from, to })
      await drainPageChanges(runtime)
      process.send!({ changed: at })
    } else if (message.memory) {
      globalThis.gc?.()
      const { heapUsed, rss } = process.memoryUsage()
      process.send!({ heapUsed, rss })
    }
  })
  process.send!({ ready: `http://127.0.0.1:${port}`, nftId: token!.id })
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
const summary = (values: number[]) => `${pct(values, 50)} | ${pct(values, 95)} | ${Math.max(...values)}`
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** One open page: hears a change, then reads the item as the page would. */
interface Page {
  heard: (since: number) => Promise<{ heard: number; read: number }>
  close: () => void
}

async function nodeStream(url: string, client: number, read: () => Promise<unknown>): Promise<Page> {
  const controller = new AbortController()
  const response = await fetch(url, {
    signal: controller.signal,
    headers: { 'x-vitrine-peer-address': `10.0.${client >> 8}.${client & 255}` },
  })
  if (!response.ok) throw new Error(`stream refused: ${response.status}`)
  const reader = response.body!.getReader()
  const page = pageHearing(read, () => controller.abort())
  void (async () => {
    const decoder = new TextDecoder()
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }))
      if (done) return
      if (decoder.decode(value).startsWith('event: change')) page.message(Date.now())
    }
  })()
  return page
}

/** A page that, told of a change, reads the item again; `message` is where its line delivers. */
function pageHearing(read: () => Promise<unknown>, close: () => void): Page & { message: (at: number) => void } {
  let waiting: ((at: number) => void) | undefined
  return {
    message: (at) => waiting?.(at),
    heard: (since) =>
      new Promise((resolve) => {
        waiting = (at) => {
          waiting = undefined
          void read().then(() => resolve({ heard: at - since, read: Date.now() - since }))
        }
      }),
    close,
  }
}

async function workerSocket(url: string, client: number, read: () => Promise<unknown>): Promise<Page> {
  const socket = new WebSocket(url, {
    headers: { 'x-forwarded-for': `10.0.${client >> 8}.${client & 255}` },
  } as unknown as string[])
  await new Promise((resolve, reject) => {
    socket.onopen = resolve
    socket.onerror = () => reject(new Error('socket refused'))
  })
  const page = pageHearing(read, () => socket.close())
  socket.onmessage = () => page.message(Date.now())
  return page
}

async function measure(pages: Page[], change: () => Promise<number>) {
  const heard: number[] = []
  const read: number[] = []
  for (let i = 0; i < CHANGES; i++) {
    // Each page's promise resolves with absolute times; the change says when it began.
    const pending = pages.map((page) => page.heard(0))
    const since = await change()
    for (const result of await Promise.all(pending)) {
      heard.push(result.heard - since)
      read.push(result.read - since)
    }
    await wait(200)
  }
  return { heard, read }
}

async function node() {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/live.ts', '--serve'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const ask = <T>(message: object) =>
    new Promise<T>((resolve) => {
      child.once('message', (answer) => resolve(answer as T))
      child.send(message)
    })
  const { ready, nftId } = await new Promise<{ ready: string; nftId: number }>((resolve) =>
    child.once('message', (m) => resolve(m as { ready: string; nftId: number })),
  )
  try {
    const read = () => fetch(`${ready}/api/v1/nfts/${nftId}`).then((r) => r.json())
    const url = `${ready}/api/live?tags=nft-${nftId}`
    const pages = await Promise.all(Array.from({ length: PAGES }, (_, i) => nodeStream(url, i, read)))
    await wait(500)
    const times = await measure(pages, async () => (await ask<{ changed: number }>({ change: true })).changed)
    for (const page of pages) page.close()
    await wait(1_000)
    const before = await ask<{ heapUsed: number; rss: number }>({ memory: true })
    const idle: Page[] = []
    for (let i = 0; i < IDLE; i++) idle.push(await nodeStream(`${ready}/api/live?tags=lists`, 1_000 + i, read))
    await wait(1_000)
    const after = await ask<{ heapUsed: number; rss: number }>({ memory: true })
    for (const page of idle) page.close()
    return { ...times, heapPer: (after.heapUsed - before.heapUsed) / IDLE, rssPer: (after.rss - before.rss) / IDLE }
  } finally {
    child.kill()
  }
}

/** RSS of every workerd process under `pid`, in bytes. */
function workerdRss(pid: number): number {
  const children = (root: number): number[] => {
    // ps answers 1 when a process has no children.
    const out = spawnSync('ps', ['-o', 'pid=', '--ppid', String(root)], { encoding: 'utf8' }).stdout.trim()
    const direct = out ? out.split(/\s+/).map(Number) : []
    return direct.flatMap((child) => [child, ...children(child)])
  }
  return children(pid)
    .filter((child) => readFileSync(`/proc/${child}/comm`, 'utf8').trim() === 'workerd')
    .reduce(
      (sum, child) => sum + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child}/status`, 'utf8'))![1]) * 1024,
      0,
    )
}

async function workers() {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    env: { ...process.env, BUILD_TARGET: 'cloudflare', NODE_ENV: 'production' },
    stdio: 'ignore',
  })
  if (build.status !== 0) throw new Error('vite build failed')
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-live-'))
  const sqld = await startSqld(join(dir, 'sqld'))
  const market = await startMarket([1n], { DATABASE_URL: sqld.url })
  const worker = await startWrangler(
    {
      DATABASE_URL: sqld.url,
      AUTH_SECRET: TEST_AUTH_SECRET,
      PLATFORM_FEE_RECIPIENT: DEVELOPMENT_FEE_RECIPIENT,
      PUBLIC_URL: 'https://vitrine.example',
      CHAINS: '31337',
      CHAIN_RPC_URL: market.chain.url,
      TRUSTED_PROXY_HEADER: 'x-forwarded-for',
    },
    { persistTo: join(dir, 'wrangler') },
  )
  try {
    await fetch(`${worker.url}/cdn-cgi/local/scheduled?cron=*+*+*+*+*`)
    const nftId = market.nftId(1n)
    const read = () => fetch(`${worker.url}/api/v1/nfts/${nftId}`).then((r) => r.json())
    const url = `${worker.url.replace(/^http/, 'ws')}/api/live?tags=nft-${nftId}`
    const pages = await Promise.all(Array.from({ length: PAGES }, (_, i) => workerSocket(url, i, read)))
    const holders = [market.seller, testAccount(3)]
    let round = 0
    const times = await measure(pages, async () => {
      const [from, to] = round++ % 2 ? [holders[1]!, holders[0]!] : [holders[0]!, holders[1]!]
      await market.transfer(from, to, 1n)
      return Date.now()
    })
    for (const page of pages) page.close()
    await wait(2_000)
    const pid = worker.process.pid!
    const before = workerdRss(pid)
    const idle: Page[] = []
    for (let i = 0; i < IDLE; i++)
      idle.push(await workerSocket(`${worker.url.replace(/^http/, 'ws')}/api/live?tags=lists`, 1_000 + i, read))
    await wait(2_000)
    const after = workerdRss(pid)
    for (const page of idle) page.close()
    return { ...times, rssPer: (after - before) / IDLE }
  } finally {
    await worker.stop()
    await market.stop()
    await sqld.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main() {
  console.log('Node…')
  const onNode = await node()
  console.log(onNode.heard.length, 'Node heard p50/p95', pct(onNode.heard, 50), pct(onNode.heard, 95))
  console.log('Workers…')
  const onWorkers = await workers()
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  const table = [
    '| build | pages × changes | heard p50 / p95 / max ms | read p50 / p95 / max ms | memory per idle page |',
    '| --- | ---: | ---: | ---: | --- |',
    `| Node (SSE) | ${PAGES} × ${CHANGES} | ${summary(onNode.heard)} | ${summary(onNode.read)} | heap ${kb(onNode.heapPer)}, RSS ${kb(onNode.rssPer)} |`,
    `| Workers (workerd, WebSocket) | ${PAGES} × ${CHANGES} | ${summary(onWorkers.heard)} | ${summary(onWorkers.read)} | workerd RSS ${kb(onWorkers.rssPer)} |`,
  ].join('\n')
  console.log(table)
  writeSection(
    'live',
    `## Live pages (\`npm run bench:live\`, ${new Date().toISOString().slice(0, 10)})

${PAGES} pages open on one item, ${CHANGES} changes. Node: timed from the start of the indexer's write
(the write, the drain that purges and tells, the message) to each page hearing of it, and to its
read of the item (\`/api/v1/nfts/{id}\`) that follows. Workers: the built Worker in workerd over
sqld and anvil, changes made with viem and found by the chain follower at its default interval
(1 s), timed from the block's inclusion; this includes waiting for the follower's next round.
Memory: ${IDLE} idle pages opened after a garbage collection (Node's heap is measured after another),
divided by ${IDLE}. This machine is shared (2 cores); the clients run on it too.

${table}

Per change, the server sends one message to each page that watches it and nothing else; each page
then reads once (on Workers, from the edge cache after the first). Idle pages cost no database
work on either build; on Workers the Durable Object hibernates between changes.`,
  )
}

if (process.argv.includes('--serve')) await serve()
else await main()
