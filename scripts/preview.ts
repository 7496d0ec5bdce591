/**
 * `npm run preview`: the built Worker (run `npm run build` first) in workerd through `wrangler dev`,
 * against the same local world as `npm run dev` (./local-world.ts: anvil with the marketplace
 * contracts, the local IPFS gateway, the collections Vitrine did not write) and a local sqld,
 * migrated and seeded. The chain is followed as in production: the Worker's CHAIN_FOLLOWER
 * Durable Object, started at boot by the Cron Trigger's handler, which this script then fires
 * every minute as Cloudflare would. PORT (8787) is the Worker's; Ctrl+C stops everything.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { seedLocalMarket } from '../chain/local-market'
import { openMigratedDatabase } from '../db/migrate.server'
import { contentTypeOfKey as contentTypeOf } from '../server/media/keys'
import { folderStore } from '../server/media/store'
import { DEVELOPMENT_FEE_RECIPIENT, parsePlatformFee } from '../server/platform/env'
import { ensureDevVars, loadDevVars } from './dev-vars'
import { prepareLocalChain, startLocalChain, startLocalGateway } from './local-world'
import { startSqld, startWrangler, type RunningProcess } from './processes'
import { putLocalR2 } from './r2-local'
import { LOCAL_PURGE_PATH } from '../server/http/local-cache-purge'

if (!existsSync('dist/server/wrangler.json')) {
  console.error('No Worker build in dist/: run `npm run build` first.')
  process.exit(1)
}
ensureDevVars()
loadDevVars()
const port = Number(process.env.PORT ?? 8787)
// The dev world names this origin in its tokens' URIs, and the Worker accepts sign-in for it.
process.env.PUBLIC_URL ??= `http://localhost:${port}`
const DATA = '.data/preview'
const WRANGLER_STATE = `${DATA}/wrangler`

const started: (RunningProcess | { stop: () => Promise<void> } | null)[] = []
let stopping = false
async function stop(code: number) {
  if (stopping) return
  stopping = true
  await Promise.all(started.map((running) => running?.stop()))
  process.exit(code)
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0))

try {
  const sqld = await startSqld(`${DATA}/sqld`)
  started.push(sqld)
  const db = await openMigratedDatabase({ url: sqld.url })
  const platformFee = parsePlatformFee(process.env)
  const { seeded } = await seedLocalMarket(db, platformFee)
  console.log(`sqld on ${sqld.url} (data in ${DATA}/sqld): migrated${seeded ? ' and seeded' : ''}`)

  started.push(await startLocalChain(`${DATA}/anvil-state.json`))
  started.push(await startLocalGateway())
  // Imported tokens' pictures: gathered here, then put in the Worker's local MEDIA bucket.
  const pictures = mkdtempSync(join(tmpdir(), 'vitrine-preview-media-'))
  await prepareLocalChain(db, process.env.CHAIN_RPC_URL, platformFee, folderStore(pictures, contentTypeOf))
  db.$client.close()
  const files = readdirSync(pictures, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
  if (files.length) {
    putLocalR2(
      WRANGLER_STATE,
      Object.fromEntries(
        files.map((entry) => {
          const path = join(entry.parentPath, entry.name)
          return [relative(pictures, path), new Uint8Array(readFileSync(path))]
        }),
      ),
      contentTypeOf,
    )
  }
  rmSync(pictures, { recursive: true, force: true })

  const worker = await startWrangler(
    {
      DATABASE_URL: sqld.url,
      AUTH_SECRET: process.env.AUTH_SECRET ?? '',
      PLATFORM_FEE_RECIPIENT: process.env.PLATFORM_FEE_RECIPIENT ?? DEVELOPMENT_FEE_RECIPIENT,
      PUBLIC_URL: process.env.PUBLIC_URL,
      ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? `http://127.0.0.1:${port}`,
      CHAINS: '31337',
      CHAIN_RPC_URL: process.env.CHAIN_RPC_URL ?? '',
      ...(process.env.FOLLOW_INTERVAL_MS ? { FOLLOW_INTERVAL_MS: process.env.FOLLOW_INTERVAL_MS } : {}),
      // The edge cache, purged by tag through the Worker's own emulation of Cloudflare's purge API.
      CACHE_PURGE_URL: `http://127.0.0.1:${port}${LOCAL_PURGE_PATH}`,
      CACHE_PURGE_TOKEN: crypto.randomUUID(),
    },
    { port, persistTo: WRANGLER_STATE },
  )
  started.unshift(worker)
  worker.process.stdout?.pipe(process.stdout)
  worker.process.stderr?.pipe(process.stderr)
  worker.process.on('exit', () => void stop(1))

  // Cloudflare fires the Cron Trigger every minute; locally it is this request (Miniflare's trigger).
  const cron = () =>
    fetch(`${worker.url}/cdn-cgi/local/scheduled?cron=*+*+*+*+*`).then(
      (response) => response.body?.cancel(),
      (error: Error) => console.warn(`cron: ${error.message}`),
    )
  await cron()
  const minute = setInterval(() => void cron(), 60_000)
  started.push({ stop: async () => clearInterval(minute) })
  console.log(`Worker (workerd) on ${worker.url}, the chain followed by its Durable Object; press Ctrl+C to stop`)
} catch (error) {
  console.error(`preview: ${(error as Error).message}`)
  await stop(1)
}
