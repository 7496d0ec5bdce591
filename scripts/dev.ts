/**
 * `npm run dev`: a local secret, a migrated and seeded embedded database, a local chain (anvil on
 * 127.0.0.1:8545, unless CHAIN_RPC_URL points elsewhere) with the marketplace contracts, then Vite.
 */
import { spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { gt } from 'drizzle-orm'
import { deployMarketplace } from '../chain/local-contracts'
import { seedLocalMarket, syncLocalChain } from '../chain/local-market'
import { LOCAL_CHAIN_ID } from '../chain/marketplace'
import { openMigratedDatabase } from '../db/migrate.server'
import { seedDatabase } from '../db/seed'
import { nfts } from '../db/schema'
import { refreshCollectionStats } from '../db/stats'
import { DEFAULT_DATABASE_URL, parsePlatformFee } from '../server/env'
import { DEV_INDEXER_HEADER, devIndexerKey } from '../server/trading/indexing'
import { ensureDevVars, loadDevVars } from './dev-vars'
import { answersChainId, startAnvil, type RunningProcess } from './processes'

ensureDevVars()
loadDevVars()
const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL
const platformFee = parsePlatformFee(process.env)
const db = await openMigratedDatabase({ url, authToken: process.env.DATABASE_AUTH_TOKEN || undefined })
const { seeded } = await seedDatabase(db)
await seedLocalMarket(db, platformFee)
// 24h / 7d volumes are relative to now: bring them up to date on every start (cheap at dev scale).
if (!seeded) await refreshCollectionStats(db)
console.log(seeded ? `database ${url}: migrated and seeded` : `database ${url}: migrated`)
// The seed's market is relative to the hour it ran; say so once it has aged past its auctions.
const live = await db.select({ id: nfts.id }).from(nfts).where(gt(nfts.auctionEndsAt, new Date())).limit(1)
if (!seeded && live.length === 0) {
  console.log(
    `database ${url}: no auction is live any more (the seed has aged); npm run db:reset starts a fresh market`,
  )
}

/** The embedded chain: reuse one already on 8545, or start anvil with its state kept in .data/. */
async function localChain(): Promise<RunningProcess | null> {
  if (process.env.CHAIN_RPC_URL) return null
  const url = 'http://127.0.0.1:8545'
  if (!(await answersChainId(url, 31337))) {
    mkdirSync('.data', { recursive: true })
    try {
      const anvil = await startAnvil(8545, ['--state', '.data/anvil-state.json'])
      console.log(`chain ${url}: anvil (chain id 31337), state kept in .data/anvil-state.json`)
      process.env.CHAIN_RPC_URL = url
      return anvil
    } catch (error) {
      // The site still works without a chain; wallets then see it as down on /platform_status.
      console.warn(
        `chain ${url}: anvil did not start (${(error as Error).message.split('\n')[0]}); going on without it`,
      )
      return null
    }
  }
  console.log(`chain ${url}: already running, reused`)
  process.env.CHAIN_RPC_URL = url
  return null
}
const chain = await localChain()
await prepareLocalChain(process.env.CHAIN_RPC_URL)
db.$client.close()

/**
 * Seaport 1.6, its conduit controller and WETH on the local chain, then the seeded collections:
 * deployed, minted to their owners, approvals and WETH in place (all already there after a restart).
 */
async function prepareLocalChain(url: string | undefined): Promise<void> {
  if (!url || !(await answersChainId(url, LOCAL_CHAIN_ID))) return
  const contracts = await deployMarketplace(url)
  const { transactions } = await syncLocalChain(db, url, platformFee)
  console.log(
    `chain ${url}: Seaport 1.6 at ${contracts.seaport}, WETH at ${contracts.weth}` +
      (transactions ? `; ${transactions} transactions to match the seeded tokens and orders` : ''),
  )
}

// The indexer reads the local chain every 2 s (the Worker's Cron Trigger does this in production).
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
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => vite.kill(signal))
vite.on('exit', (code) => {
  clearInterval(indexer)
  // anvil writes its state when it stops.
  void (chain?.stop() ?? Promise.resolve()).then(() => process.exit(code ?? 0))
})
