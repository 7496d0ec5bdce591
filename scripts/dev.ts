/**
 * `npm run dev`: a local secret, a migrated and seeded embedded database, a local chain (anvil on
 * 127.0.0.1:CHAIN_PORT, 8545 by default, unless CHAIN_RPC_URL points elsewhere) with the
 * marketplace contracts and Vitrine's own collections, the local IPFS gateway (IPFS_GATEWAY,
 * 127.0.0.1:8091 by default) with collections Vitrine did not write imported and listed
 * (./local-world.ts, shared with `npm run preview`), the local mail catcher (./mail-catcher.ts,
 * unless MAIL_URL is set: every mail the site sends is kept under .data/mail/ and shown on
 * 127.0.0.1:1080), then Vite. Everything on the site lives on the local chain: it can be bought.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { dirname, join } from 'node:path'
import { gt } from 'drizzle-orm'
import { accounts, seedLocalMarket } from '../chain/local-market'
import { LOCAL_CHAIN_ID } from '../chain/marketplace'
import { embeddedPath } from '../db/embedded-reads'
import { openMigratedDatabase } from '../db/migrate.server'
import { nfts } from '../db/schema'
import { refreshCollectionStats } from '../db/market'
import { DEFAULT_DATABASE_URL, parsePlatformFee } from '../server/platform/env'
import { MEDIA_DIR } from '../server/platform/runtime'
import { contentTypeOfKey } from '../server/media/keys'
import { folderStore } from '../server/media/store'
import { DEV_INDEXER_HEADER, devIndexerKey } from '../server/trading/indexing'
import { ensureDevVars, loadDevVars } from './dev-vars'
import { fileDevReports } from './dev-world-reports'
import { prepareLocalChain, startLocalChain, startLocalGateway } from './local-world'
import { startMailCatcher, type MailCatcher } from './mail-catcher'

ensureDevVars()
loadDevVars()
// Dev account 0 runs the local marketplace: it grants moderators and reads the report queue (ADR 44).
process.env.OPERATORS ||= accounts[0]!.address
const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL
const platformFee = parsePlatformFee(process.env)
const db = await openMigratedDatabase({ url, authToken: process.env.DATABASE_AUTH_TOKEN || undefined })
// Vitrine's own local collections; the synthetic market of unreachable chains is for benchmarks
// only (npm run db:seed -- --nfts N).
const { seeded } = await seedLocalMarket(db, platformFee)
// 24h / 7d volumes are relative to now: bring them up to date on every start (cheap at dev scale).
if (!seeded) await refreshCollectionStats(db)
console.log(seeded ? `database ${url}: migrated and seeded` : `database ${url}: migrated`)
// A few open reports, so the moderation queue has something in it (only into a database without any).
const reported = await fileDevReports(
  db,
  [7, 8, 9].map((i) => accounts[i]!.address),
)
if (reported) console.log(`database ${url}: ${reported} open reports filed for the moderation queue`)
// The seed's market is relative to the hour it ran; say so once it has aged past its auctions.
const live = await db.select({ id: nfts.id }).from(nfts).where(gt(nfts.auctionEndsAt, new Date())).limit(1)
if (!seeded && live.length === 0) {
  console.log(
    `database ${url}: no auction is live any more (the seed has aged); npm run db:reset starts a fresh market`,
  )
}

const chainState = join(dirname(embeddedPath(url) ?? '.data/vitrine.db'), 'anvil-state.json')
const chain = await startLocalChain(chainState)
const gateway = await startLocalGateway()
const mail = await startLocalMail()

// From here on, however `npm run dev` is stopped (Ctrl+C, SIGTERM, its terminal closed), Vite
// and anvil stop together, and anvil writes the chain's state as it exits: the next start goes on
// from the same block instead of an older one the database has indexed past (the database can
// only have indexed blocks the chain had, and the saved state holds all of them). A Vite that
// does not stop within a few seconds (a request hanging in SSR) is killed, never waited for.
const children: { vite?: ChildProcess } = {}
let stopping = false
function stop(code: number) {
  if (stopping) return
  stopping = true
  const { vite } = children
  const running = vite && vite.exitCode === null && vite.signalCode === null ? vite : undefined
  const viteExited = running ? new Promise((resolve) => running.once('exit', resolve)) : Promise.resolve()
  running?.kill('SIGTERM')
  setTimeout(() => running?.kill('SIGKILL'), 5_000).unref()
  void Promise.all([viteExited, chain?.stop(), gateway?.stop(), mail?.stop()]).then(() => process.exit(code))
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(0))

/**
 * The dev server mails through the local catcher (set before Vite starts, which inherits it):
 * confirmation links and notifications land in .data/mail/, readable on its page.
 */
async function startLocalMail(): Promise<MailCatcher | null> {
  if (process.env.MAIL_URL) {
    console.log(`mail: MAIL_URL is set; mail goes there (no local catcher started)`)
    return null
  }
  const port = Number(process.env.MAIL_CATCHER_PORT) || 1025
  process.env.MAIL_URL = `smtp://127.0.0.1:${port}`
  process.env.MAIL_FROM ||= 'Vitrine <no-reply@vitrine.localhost>'
  try {
    // Beside the database, as the chain's state is.
    const dir = join(dirname(embeddedPath(url) ?? '.data/vitrine.db'), 'mail')
    const catcher = await startMailCatcher({ smtpPort: port, dir })
    console.log(`mail ${catcher.smtpUrl}: caught, never sent on; read it at ${catcher.webUrl}`)
    return catcher
  } catch (error) {
    // Most likely another `npm run dev`'s catcher: mail goes to it.
    console.warn(
      `mail: the local catcher did not start (${(error as Error).message}); mail goes to ${process.env.MAIL_URL}`,
    )
    return null
  }
}

// Imported tokens' pictures are stored where the dev server serves /api/media from.
const media = folderStore(MEDIA_DIR, contentTypeOfKey)
await prepareLocalChain(db, process.env.CHAIN_RPC_URL, platformFee, media).catch((error: unknown) => {
  // Said in words, and anvil is stopped with its state saved rather than left running.
  console.error(`chain: ${(error as Error).message}`)
  stop(1)
  return new Promise<never>(() => {})
})
db.$client.close()

// The indexer reads the local chain every 2 s (on Workers, each chain's follower does: npm run preview).
// It runs inside the dev server, through the same call the browser makes after a transaction, so
// one process writes the embedded database: two writers on one SQLite file fail each other.
const syncUrl = `http://127.0.0.1:${process.env.PORT ?? 3000}/api/trpc/market.sync`
const indexerKey = devIndexerKey(process.env.AUTH_SECRET ?? '')
const indexer = setInterval(() => void indexLocalChain(), 2_000)
let indexing = false
async function indexLocalChain() {
  if (indexing || !process.env.CHAIN_RPC_URL) return
  indexing = true
  try {
    const response = await fetch(syncUrl, {
      method: 'POST',
      // market.sync needs a session; the dev server takes this key from the loop instead.
      headers: { 'content-type': 'application/json', [DEV_INDEXER_HEADER]: await indexerKey },
      body: JSON.stringify({ chainId: LOCAL_CHAIN_ID }),
    })
    if (response.status >= 500 || response.status === 401)
      console.warn(`indexer: ${(await response.text()).slice(0, 300)}`)
  } catch {
    // The dev server is not up yet.
  } finally {
    indexing = false
  }
}

const vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'dev', ...process.argv.slice(2)], {
  stdio: 'inherit',
})
children.vite = vite
vite.on('exit', (code) => {
  clearInterval(indexer)
  stop(code ?? 0)
})
