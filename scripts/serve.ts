/**
 * `npm start`: the Node production server for `npm run build:node` (dist/). Static files from
 * dist/client, everything else through the same fetch handler the Worker runs (app/server.ts).
 * Refuses to start when the configuration is incomplete, naming each variable.
 */
import { existsSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { EnvError, parseEnv } from '../server/env'

process.env.NODE_ENV ??= 'production'
try {
  parseEnv(process.env)
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
// Files of the client build; nothing under /api is one, so API requests skip the disk.
const staticFiles = serveStatic({ root: './dist/client' })
app.use('*', (c, next) => (c.req.path.startsWith('/api/') ? next() : staticFiles(c, next)))
app.all('*', (c) => entry.fetch(c.req.raw))

const port = Number(process.env.PORT ?? 3000)
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
  console.log(`Vitrine (Node production build) on http://127.0.0.1:${info.port}`)
})
