/**
 * `npm start`: the Node production server for `npm run build:node` (dist/). Static files from
 * dist/client, everything else through the same fetch handler the Worker runs (app/server.ts).
 * Refuses to start when the configuration is incomplete, naming each variable. Serves with one
 * process per CPU core (or WEB_CONCURRENCY) sharing the port; see ADR 10.
 */
import cluster from 'node:cluster'
import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { stampPeerAddress } from '../server/http/client-address'
import { EnvError, parseEnv } from '../server/platform/env'
import { liveHub } from '../server/live/hub'
import { nodeNetworkAccess } from '../server/metadata/node-network'
import { installNetworkAccess } from '../server/metadata/safe-fetch'
import { processCount } from './server-processes'

process.env.NODE_ENV ??= 'production'
// Token URIs are fetched with every resolved address checked, at connection time too.
installNetworkAccess(nodeNetworkAccess)
let processes = 1
try {
  parseEnv(process.env)
  processes = processCount(process.env.WEB_CONCURRENCY, availableParallelism())
} catch (error) {
  if (!(error instanceof EnvError)) throw error
  console.error(error.message)
  process.exit(1)
}
const entryPath = new URL('../dist/server/server.js', import.meta.url)
if (!existsSync(entryPath)) {
  console.error('No Node build in dist/: run `npm run build:node` first.')
  process.exit(1)
}
const port = Number(process.env.PORT ?? 3000)
const address = `http://127.0.0.1:${port}`

if (cluster.isPrimary && processes > 1) {
  runProcesses(processes)
} else {
  await serveHere()
}

/** Replacements allowed in RESTART_WINDOW_MS before the server gives up (a crash loop). */
const MAX_RESTARTS = 5
const RESTART_WINDOW_MS = 60_000

/**
 * The first process starts the others and keeps their number: one that dies is replaced (a
 * crash costs the requests it was serving, not the site). They share the port; Node hands out
 * connections in turn. Stopping the first stops them all. The server gives up, naming why,
 * when a process of the first start dies before serving (the port taken, a broken build) or
 * when processes keep dying (more than MAX_RESTARTS in a minute).
 */
function runProcesses(count: number) {
  let stopping = false
  let started = false
  const listening = new Set<number>()
  const restarts: number[] = []
  cluster.on('listening', (worker) => {
    listening.add(worker.id)
    if (!started && listening.size === count) {
      started = true
      console.log(`Vitrine (Node production build) on ${address}, ${count} processes`)
    }
  })
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return
    const how = `server process ${worker.process.pid} ended (${signal ?? `exit code ${code}`})`
    if (!started && !listening.has(worker.id)) {
      console.error(`${how} before serving`)
      stop(1)
      return
    }
    const now = Date.now()
    restarts.push(now)
    while (restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift()
    if (restarts.length > MAX_RESTARTS) {
      console.error(`${how}: more than ${MAX_RESTARTS} in a minute, stopping`)
      stop(1)
      return
    }
    console.error(`${how}; starting another`)
    cluster.fork()
  })
  function stop(code = 0) {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM')
    process.exit(code)
  }
  process.once('SIGTERM', () => stop())
  process.once('SIGINT', () => stop())
  // A change one process indexed reaches the pages open in the others (server/live/hub.ts).
  cluster.on('message', (from, message: { live?: string[] }) => {
    if (!Array.isArray(message?.live)) return
    for (const worker of Object.values(cluster.workers ?? {})) if (worker && worker !== from) worker.send(message)
  })
  for (let i = 0; i < count; i++) cluster.fork()
}

/** In a process of several: changes go to the first process, and come from it. */
function relayLiveChanges() {
  if (!process.send) return
  const hub = liveHub()
  hub.relay = (tags) => process.send?.({ live: tags })
  process.on('message', (message: { live?: string[] }) => {
    if (Array.isArray(message?.live)) hub.publish(message.live, { relayed: true })
  })
}

async function serveHere() {
  relayLiveChanges()
  const { default: entry } = (await import(entryPath.href)) as {
    default: { fetch: (request: Request) => Promise<Response> }
  }

  const app = new Hono()
  // Cloudflare compresses at the edge; this server does it itself (HTML, JSON, JS, CSS, SVG).
  // A client that accepts no encoding gets the answer as it is, only marked as varying by
  // Accept-Encoding: going through compress() would copy every answer into a stream first.
  const compression = compress()
  app.use('*', async (c, next) => {
    if (c.req.header('accept-encoding')) return compression(c, next)
    await next()
    const vary = c.res.headers.get('vary') ?? ''
    if (vary === '*' || /accept-encoding/i.test(vary)) return
    try {
      c.res.headers.append('vary', 'Accept-Encoding')
    } catch {
      // Frozen headers (a Response.redirect): Hono copies the response first.
      c.header('vary', 'Accept-Encoding', { append: true })
    }
  })
  app.use('/assets/*', async (c, next) => {
    await next()
    c.header('cache-control', 'public, max-age=31536000, immutable')
  })
  // Files of the client build; nothing under /api is one, so API requests skip the disk. Their
  // Brotli copies made at build time go out as they are (compress() leaves an encoded answer alone).
  const staticFiles = serveStatic({ root: './dist/client', precompressed: true })
  app.use('*', (c, next) => (c.req.path.startsWith('/api/') ? next() : staticFiles(c, next)))
  app.all('*', (c) => entry.fetch(c.req.raw))

  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => {
    if (cluster.isPrimary) console.log(`Vitrine (Node production build) on ${address}`)
  })
  // Before the adapter reads the request: the socket's address is who the client is (rate limits).
  server.prependListener('request', stampPeerAddress)
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(error.code === 'EADDRINUSE' ? `PORT: ${port} is already in use` : error)
    process.exit(1)
  })
}
