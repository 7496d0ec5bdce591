/**
 * Global setup of the browser tests: `npm run dev`'s own script (scripts/dev.ts) on a free
 * port with a throwaway database and a local chain (anvil), so the browser sees exactly what a developer sees.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { freePort, startAnvil, startProcess, waitForHttp } from '../../scripts/processes'
import { TEST_AUTH_SECRET, TEST_RATE_LIMITS } from './runtime'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    anvilUrl: string
    mailUrl: string
    /** A webhook receiver: POSTs are kept, GET /received answers them as JSON. */
    hookUrl: string
    /** The dev server's database, for rows no click can make (a hostile collection's). */
    databaseUrl: string
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-e2e-'))
  const anvil = await startAnvil()
  const port = await freePort()
  const ipfsPort = await freePort()
  const [mailPort, mailWebPort] = [await freePort(), await freePort()]
  const hooks = await webhookReceiver()
  const url = `http://127.0.0.1:${port}`
  const databaseUrl = `file:${join(dir, 'e2e.db')}`
  const server = startProcess(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/dev.ts'], url, {
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: TEST_AUTH_SECRET,
    NODE_ENV: 'development',
    CHAIN_RPC_URL: anvil.url,
    // The dev world's IPFS gateway on a port of its own (8091 may be a developer's npm run dev).
    IPFS_GATEWAY: `http://127.0.0.1:${ipfsPort}/ipfs/`,
    FETCH_ALLOW_HOSTS: `127.0.0.1:${ipfsPort},${hooks.host}`,
    // Every browser test is one client (127.0.0.1), signing in, uploading and syncing far more
    // often than a person; the limits themselves are tested in tests/integration/rate-limits.test.ts.
    RATE_LIMITS: TEST_RATE_LIMITS,
    // The local mail catcher on ports of its own: tests read what the site mails on its page.
    MAIL_CATCHER_PORT: String(mailPort),
    MAIL_CATCHER_WEB_PORT: String(mailWebPort),
  })
  await waitForHttp(`${url}/api/health`, server, 90_000)
  project.provide('baseUrl', url)
  project.provide('anvilUrl', anvil.url)
  project.provide('mailUrl', `http://127.0.0.1:${mailWebPort}`)
  project.provide('hookUrl', hooks.url)
  project.provide('databaseUrl', databaseUrl)
  return async () => {
    await server.stop()
    await anvil.stop()
    hooks.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A local endpoint for the site's webhooks: what it was sent, for tests to verify. */
async function webhookReceiver() {
  const received: { body: string; headers: Record<string, unknown> }[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      if (request.method === 'GET' && request.url === '/received') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received))
        return
      }
      received.push({ body, headers: request.headers })
      response.writeHead(204).end()
    })
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}`, close: () => server.close() }
}
