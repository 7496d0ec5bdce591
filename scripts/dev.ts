/**
 * `npm run dev`: a local secret, a migrated and seeded embedded database, a local chain (anvil on
 * 127.0.0.1:CHAIN_PORT, 8545 by default, unless CHAIN_RPC_URL points elsewhere) with the
 * marketplace contracts and Vitrine's own collections, the local IPFS gateway (IPFS_GATEWAY,
 * 127.0.0.1:8091 by default) with collections Vitrine did not write imported and listed
 * (./dev-world.ts), then Vite. Everything on the site lives on the local chain: it can be bought.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { gt } from 'drizzle-orm'
import { deployMarketplace } from '../chain/local-contracts'
import { seedLocalMarket, syncLocalChain } from '../chain/local-market'
import { LOCAL_CHAIN_ID } from '../chain/marketplace'
import { embeddedPath } from '../db/embedded-reads'
import { openMigratedDatabase } from '../db/migrate.server'
import { nfts } from '../db/schema'
import { refreshCollectionStats } from '../db/market'
import { DEFAULT_DATABASE_URL, parseEnv, parsePlatformFee } from '../server/platform/env'
import { MEDIA_DIR } from '../server/platform/runtime'
import { contentTypeOfKey } from '../server/media/keys'
import { folderStore } from '../server/media/store'
import { DEV_INDEXER_HEADER, devIndexerKey } from '../server/trading/indexing'
import { ensureDevVars, loadDevVars } from './dev-vars'
import { localIpfsCids } from '../chain/local-foreign'
import { prepareDevWorld, startDevGateway } from './dev-world'
import type { IpfsGateway } from './ipfs-gateway'
import { answersChainId, startAnvil, type RunningProcess } from './processes'

ensureDevVars()
loadDevVars()
const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL
const platformFee = parsePlatformFee(process.env)
const db = await openMigratedDatabase({ url, authToken: process.env.DATABASE_AUTH_TOKEN || undefined })
// Vitrine's own local collections; the synthetic market of unreachable chains is for benchmarks
// only (npm run db:seed -- --nfts N).
const { seeded } = await seedLocalMarket(db, platformFee)
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

const chainState = join(dirname(embeddedPath(url) ?? '.data/vitrine.db'), 'anvil-state.json')

/**
 * The embedded chain: reuse one already on CHAIN_PORT (8545), or start anvil with its state kept
 * beside the embedded database that indexes it (.data/), so the two go back or forward together.
 * anvil writes the state when it stops, and every few seconds in case it is killed outright.
 */
async function localChain(): Promise<RunningProcess | null> {
  if (process.env.CHAIN_RPC_URL) return null
  const port = Number(process.env.CHAIN_PORT ?? 8545)
  const url = `http://127.0.0.1:${port}`
  if (!(await answersChainId(url, 31337))) {
    mkdirSync(dirname(chainState), { recursive: true })
    try {
      const anvil = await startAnvil(port, ['--state', chainState, '--state-interval', '5'])
      console.log(`chain ${url}: anvil (chain id 31337), state kept in ${chainState}`)
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

/**
 * The local IPFS gateway where IPFS_GATEWAY says (127.0.0.1:8091 unless set), serving
 * chain/local-ipfs/ by CID. Another `npm run dev` serving it already is reused.
 */
async function localGateway(): Promise<IpfsGateway | null> {
  const { ipfsGateway, allowHosts } = parseEnv(process.env).metadataFetch
  const at = new URL(ipfsGateway)
  if (at.hostname !== '127.0.0.1' || !at.port || !allowHosts.includes(at.host)) {
    console.log(`ipfs: IPFS_GATEWAY is ${ipfsGateway}, not a local gateway in FETCH_ALLOW_HOSTS; none started`)
    return null
  }
  try {
    const gateway = await startDevGateway(Number(at.port))
    console.log(`ipfs ${gateway.gatewayUrl}: local gateway, chain/local-ipfs/ served by CID`)
    return gateway
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      // Another `npm run dev` serves the same files under the same CIDs; anything else does not.
      const probe = `${ipfsGateway}${localIpfsCids()['kiln-glazes/metadata']}/contract.json`
      const ours = await fetch(probe, { signal: AbortSignal.timeout(2_000) }).then(
        (r) => r.ok,
        () => false,
      )
      if (ours) console.log(`ipfs ${ipfsGateway}: served by another npm run dev on port ${at.port}; used`)
      else
        console.warn(
          `ipfs: port ${at.port} is taken by something else; imported tokens' files cannot be read until it is free (set IPFS_GATEWAY and FETCH_ALLOW_HOSTS to another port)`,
        )
    } else {
      // The rest of the site works; imported tokens whose files cannot be read say so.
      console.warn(`ipfs: the local gateway did not start (${(error as Error).message}); going on without it`)
    }
    return null
  }
}
const gateway = await localGateway()

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
  void Promise.all([viteExited, chain?.stop(), gateway?.stop()]).then(() => process.exit(code))
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(0))

await prepareLocalChain(process.env.CHAIN_RPC_URL).catch((error: unknown) => {
  // Said in words, and anvil is stopped with its state saved rather than left running.
  console.error(`chain: ${(error as Error).message}`)
  stop(1)
  return new Promise<never>(() => {})
})
db.$client.close()

/**
 * Seaport 1.6, its conduit controller and WETH on the local chain, then the seeded collections:
 * deployed, minted to their owners, approvals and WETH in place; then the collections Vitrine did
 * not write, imported, indexed and partly listed (all already there after a restart).
 */
async function prepareLocalChain(url: string | undefined): Promise<void> {
  if (!url || !(await answersChainId(url, LOCAL_CHAIN_ID))) return
  const contracts = await deployMarketplace(url)
  const env = parseEnv(process.env)
  // Token and collection metadata URIs on chain name this origin; on another PORT they are set again.
  const { transactions } = await syncLocalChain(db, url, platformFee, env.siteOrigins[0]!)
  console.log(
    `chain ${url}: Seaport 1.6 at ${contracts.seaport}, WETH at ${contracts.weth}` +
      (transactions ? `; ${transactions} transactions to match the seeded tokens and orders` : ''),
  )
  // Imported tokens' pictures are stored where the dev server serves /api/media from.
  const media = folderStore(MEDIA_DIR, contentTypeOfKey)
  const world = await prepareDevWorld({ db, env, media }, { rpcUrl: url, log: (message) => console.log(message) })
  if (world.transactions || world.imported || world.listed || world.sold) {
    console.log(
      `chain ${url}: ${world.collections.length} collections Vitrine did not write ` +
        `(${world.collections.map((c) => c.collection.name).join(', ')}): ${world.transactions} transactions, ` +
        `${world.imported} imported, ${world.listed} listed, ${world.sold} sales between the dev accounts`,
    )
  }
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
children.vite = vite
vite.on('exit', (code) => {
  clearInterval(indexer)
  stop(code ?? 0)
})
