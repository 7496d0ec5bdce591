/**
 * `npm run bench:backfill`: a 10,000-token ERC-721 collection Vitrine did not write, imported on
 * top of the 1,000,000-NFT benchmark database through the same path a user takes, then indexed
 * from the chain and its metadata read through the local IPFS gateway; then the list API's
 * targets measured over the result.
 *
 * 1. anvil with the marketplace contracts; the local IPFS-style gateway (scripts/ipfs-gateway.ts)
 *    holding one SVG and one metadata document per token under their real CIDs; a plain
 *    OpenZeppelin ERC-721 (chain/contracts/foreign/ForeignArt721.sol) whose token URIs are
 *    `ipfs://<metadata dir>/<id>`, minted in batches to ten holders, empty blocks between batches
 *    so the mint spans several of the backfill's block ranges (as a real mint spans days).
 * 2. A fresh copy of the benchmark database; the Node production server (`npm start`) over it.
 * 3. `POST /api/v1/collections/import` with a session cookie (the REST handler, in this process),
 *    then indexer rounds back to back, each the calls of server/trading/indexing.ts in its order
 *    and with its budgets: the main indexer, the backfill up to its cursor, the listings it
 *    touched, the metadata queue. Each part is timed, so backfill and metadata get their own
 *    tokens per second; the server's list of the collection is polled over HTTP meanwhile.
 * 4. The list endpoints (bench/endpoints.ts) over the database with the collection in it.
 *
 *   BENCH_TOKENS=10000   tokens in the collection
 *   BENCH_BATCH=500      tokens per mint transaction
 *   BENCH_GAP=200        empty blocks after each mint transaction
 *   BENCH_NFTS=1000000   the database it is imported on top of (bench/.tmp/<n>.db, as bench/api.ts builds it)
 *   BENCH_SECONDS=5, BENCH_ROUNDS=5   the list API runs, as in bench/api.ts
 *   BENCH_SECTION=backfill  the section of bench/RESULTS.md it writes (a smaller run keeps the big one's)
 *
 * The indexer's chain calls go through an HTTP proxy that counts them (by method, a JSON-RPC batch
 * one request), until the collection follows the chain and until every document is read.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { indexChain, recheckListings } from '../chain/indexer'
import { backfillChain } from '../chain/indexer/backfill'
import { deployMarketplace } from '../chain/local-contracts'
import { LOCAL_CHAIN_ID, marketplaceContracts } from '../chain/marketplace'
import { refreshNftMarket } from '../db/market'
import { openMigratedDatabase } from '../db/migrate.server'
import { chainCursors, collections, nfts } from '../db/schema'
import { startAnvil } from '../scripts/processes'
import { app } from '../server/app'
import { readDueMetadata } from '../server/metadata/queue'
import { nodeNetworkAccess } from '../server/metadata/node-network'
import { installNetworkAccess } from '../server/metadata/safe-fetch'
import { parseEnv } from '../server/platform/env'
import { chainClient } from '../server/platform/clients'
import { BACKFILL_BUDGET_MS, METADATA_BUDGET_MS } from '../server/trading/indexing'
import { DEFAULT_LIMIT } from '../server/inputs/fields'
import { testAccount } from '../tests/support/chain'
import { deployForeignArt721 } from '../tests/support/foreign'
import { countingRpc } from '../tests/support/counting'
import { startIpfsGateway } from '../tests/support/ipfs-gateway'
import { TEST_AUTH_SECRET, TEST_RATE_LIMITS } from '../tests/support/runtime'
import { sessionCookie } from '../tests/support/session'
import { endpointTable, expectContent, handlerCpu, measureEndpoints, meetsTarget, type Endpoint } from './endpoints'
import { migrateDatabase, seedDatabase, startProductionServer, writeSection } from './lib'

const tokens = Number(process.env.BENCH_TOKENS ?? 10_000)
const batch = Number(process.env.BENCH_BATCH ?? 500)
const gap = Number(process.env.BENCH_GAP ?? 200)
const nftCount = Number(process.env.BENCH_NFTS ?? 1_000_000)
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const rounds = Number(process.env.BENCH_ROUNDS ?? 5)
const section = process.env.BENCH_SECTION ?? 'backfill'
const baseDb = `bench/.tmp/${nftCount}.db`
const dbFile = `bench/.tmp/${nftCount}-imported.db`
const HOLDERS = Array.from({ length: 10 }, (_, i) => testAccount(10 + i).address)
const load = () => loadavg().map((l) => l.toFixed(1))

const elapsed = (since: number) => (performance.now() - since) / 1000
/**
 * CPU seconds used so far by this process and by anvil (Linux /proc, in clock ticks of 1/100 s):
 * on a machine shared with other work, what a token costs in CPU says more than wall time.
 */
const cpuSeconds = () => {
  const own = process.cpuUsage()
  const stat = readFileSync(`/proc/${anvil.process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return { own: (own.user + own.system) / 1e6, anvil: (Number(stat[11]) + Number(stat[12])) / 100 }
}
const cpuSince = (before: ReturnType<typeof cpuSeconds>) => {
  const now = cpuSeconds()
  return { own: now.own - before.own, anvil: now.anvil - before.anvil }
}
const seconds1 = (s: number) => `${s.toFixed(1)} s`

// 1. The database: the benchmark one, copied, so each run imports into the same starting point.
mkdirSync('bench/.tmp', { recursive: true })
if (existsSync(baseDb)) migrateDatabase(baseDb)
else {
  console.log(`seeding ${nftCount} NFTs into ${baseDb} (once)…`)
  seedDatabase(baseDb, ['--nfts', String(nftCount)])
}
await expectComplete(baseDb)
for (const suffix of ['', '-wal', '-shm']) rmSync(dbFile + suffix, { force: true })
copyFileSync(baseDb, dbFile)
if (existsSync(`${baseDb}-wal`)) copyFileSync(`${baseDb}-wal`, `${dbFile}-wal`)

const anvil = await startAnvil()
const counted = await countingRpc(anvil.url)
const gateway = await startIpfsGateway()
let server: Awaited<ReturnType<typeof startProductionServer>> | undefined
// Ctrl+C stops what the bench started (the server and anvil run in process groups of their own).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    counted.close()
    void Promise.all([server?.stop(), gateway.stop(), anvil.stop()]).finally(() => process.exit(130))
  })
}
try {
  await deployMarketplace(anvil.url)

  // 2. The collection's files under their real CIDs: images first, as the documents name them.
  let started = performance.now()
  const svgs: Record<string, string> = {}
  const documents: Record<string, string> = {}
  const shapes = ['circle', 'square', 'triangle', 'ring', 'cross'] as const
  for (let id = 1; id <= tokens; id++) {
    const hue = (id * 137) % 360
    svgs[`${id}.svg`] =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="hsl(${hue} 60% 50%)"/><text x="32" y="38" font-size="12" text-anchor="middle">${id}</text></svg>`
  }
  const images = await gateway.addDirectory(svgs)
  for (let id = 1; id <= tokens; id++) {
    documents[String(id)] = JSON.stringify({
      name: `Bench Glyph #${id}`,
      description: `Token ${id} of a ${tokens}-token benchmark collection.`,
      image: `ipfs://${images}/${id}.svg`,
      attributes: [
        { trait_type: 'Shape', value: shapes[id % shapes.length] },
        { trait_type: 'Hue', value: `${Math.floor(((id * 137) % 360) / 60) * 60}°` },
      ],
    })
  }
  const metadata = await gateway.addDirectory(documents)
  const filesSeconds = elapsed(started)
  console.log(`gateway: ${tokens} images and ${tokens} documents added in ${seconds1(filesSeconds)}`)

  // The collection, minted in batches to ten holders with quiet blocks between.
  started = performance.now()
  const art = await deployForeignArt721(anvil.url, {
    name: 'Bench Glyphs',
    symbol: 'BGLY',
    baseURI: `ipfs://${metadata}/`,
    royaltyBps: 500,
  })
  let minted = 0
  let holder = 0
  while (minted < tokens) {
    const count = Math.min(batch, tokens - minted)
    await art.mint(HOLDERS[holder++ % HOLDERS.length]!, BigInt(minted + 1), BigInt(count))
    minted += count
    if (gap > 0) await rpc(anvil.url, 'anvil_mine', [`0x${gap.toString(16)}`])
  }
  const mintSeconds = elapsed(started)
  const head = Number(await rpc(anvil.url, 'eth_blockNumber', []))
  console.log(
    `chain: ${tokens} tokens minted in ${Math.ceil(tokens / batch)} transactions, head ${head}, ${seconds1(mintSeconds)}`,
  )

  // 3. The server the visitor browses, over the database the import writes into.
  server = await startProductionServer(dbFile)
  const base = server.url

  installNetworkAccess(nodeNetworkAccess)
  const env = parseEnv({
    NODE_ENV: 'development',
    DATABASE_URL: `file:${dbFile}`,
    AUTH_SECRET: TEST_AUTH_SECRET,
    RATE_LIMITS: TEST_RATE_LIMITS,
    CHAINS: String(LOCAL_CHAIN_ID),
    CHAIN_RPC_URL: counted.url,
    IPFS_GATEWAY: gateway.gatewayUrl,
    FETCH_ALLOW_HOSTS: gateway.host,
  })
  const db = await openMigratedDatabase({ url: `file:${dbFile}` })
  const runtime = { db, env }
  const client = chainClient(env, LOCAL_CHAIN_ID)!
  const seaport = marketplaceContracts(LOCAL_CHAIN_ID)!.seaport

  const importedAt = performance.now()
  const response = await app.request(
    'http://localhost:3000/api/v1/collections/import',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: await sessionCookie(HOLDERS[0]!.toLowerCase()) },
      body: JSON.stringify({ chainId: LOCAL_CHAIN_ID, contract: art.address }),
    },
    runtime,
  )
  const answer = (await response.json()) as { data: { slug: string } }
  if (response.status !== 202) throw new Error(`the import answered ${response.status}: ${JSON.stringify(answer)}`)
  const importSeconds = elapsed(importedAt)
  counted.reset() // from here on, the indexer's calls only
  const calls = () => ({ requests: counted.counts.requests, methods: { ...counted.counts.methods } })
  let callsToFollow: ReturnType<typeof calls> | undefined
  let callsToMetadata: ReturnType<typeof calls> | undefined
  const slug = answer.data.slug
  console.log(`import: 202 in ${seconds1(importSeconds)} (${slug})`)

  // The visitor's view, polled over HTTP while the indexer works.
  const listPath = `/api/v1/marketplace/filterNFTbyCollection/${slug}`
  const seen: { fullPage?: number; fullPageWithMetadata?: number } = {}
  let polling = true
  const poller = (async () => {
    while (polling) {
      const page = (await (await fetch(base + listPath)).json()) as { data?: { name: string }[] }
      const items = page.data ?? []
      if (items.length === DEFAULT_LIMIT) {
        seen.fullPage ??= elapsed(importedAt)
        if (items.every((item) => !item.name.startsWith('#'))) seen.fullPageWithMetadata ??= elapsed(importedAt)
      }
      if (seen.fullPageWithMetadata !== undefined) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()

  const spent = { main: 0, backfill: 0, metadata: 0 }
  const cpu = { backfill: { own: 0, anvil: 0 }, metadata: { own: 0, anvil: 0 } }
  const addCpu = (to: { own: number; anvil: number }, used: { own: number; anvil: number }) => {
    to.own += used.own
    to.anvil += used.anvil
  }
  let backfilledAt: number | undefined
  let metadataAt: number | undefined
  let metadataRead = 0
  let metadataFailed = 0
  let indexerRounds = 0
  const status = async () => {
    const [row] = await db
      .select({ status: collections.indexStatus, items: collections.itemCount, error: collections.indexError })
      .from(collections)
      .where(eq(collections.slug, slug))
    return row!
  }
  const pending = async () =>
    Number(
      (
        await db.get<[number]>(
          sql`select count(*) from ${nfts} where ${nfts.contract} = ${art.address.toLowerCase()} and ${nfts.metadataStatus} = 'pending'`,
        )
      )[0],
    )
  for (;;) {
    indexerRounds++
    let t = performance.now()
    await indexChain({ db, client, chainId: LOCAL_CHAIN_ID, seaport, confirmations: 0 })
    spent.main += elapsed(t)
    t = performance.now()
    let used = cpuSeconds()
    const [cursor] = await db.select().from(chainCursors).where(eq(chainCursors.chainId, LOCAL_CHAIN_ID))
    const backfilled = await backfillChain({
      db,
      client,
      chainId: LOCAL_CHAIN_ID,
      confirmations: 0,
      seaport,
      upTo: BigInt(cursor!.block),
      budgetMs: BACKFILL_BUDGET_MS,
    })
    const moved = backfilled.flatMap((r) => r.nftIds)
    await recheckListings({
      db,
      client,
      chainId: LOCAL_CHAIN_ID,
      seaport,
      nftIds: moved,
      block: BigInt(cursor!.block),
      now: new Date(),
      sweep: false,
    })
    await refreshNftMarket(db, moved)
    if (backfilledAt === undefined) {
      spent.backfill += elapsed(t)
      addCpu(cpu.backfill, cpuSince(used))
    }
    const now = await status()
    if (now.status === 'failed') throw new Error(`the backfill failed: ${now.error}`)
    if (backfilledAt === undefined && now.status === 'following' && now.items === tokens && cursor!.block >= head)
      backfilledAt = elapsed(importedAt)
    if (backfilledAt !== undefined) callsToFollow ??= calls()
    t = performance.now()
    used = cpuSeconds()
    const run = await readDueMetadata(runtime, { chainId: LOCAL_CHAIN_ID, client, budgetMs: METADATA_BUDGET_MS })
    spent.metadata += elapsed(t)
    addCpu(cpu.metadata, cpuSince(used))
    metadataRead += run.read
    metadataFailed += run.failed
    console.log(
      `round ${indexerRounds}: ${now.items} tokens (${now.status}), metadata ${metadataRead} read, ${metadataFailed} failed, load ${load().join(' ')}`,
    )
    if (backfilledAt !== undefined && (await pending()) === 0) {
      metadataAt = elapsed(importedAt)
      callsToMetadata = calls()
      break
    }
    if (indexerRounds > 200) throw new Error('the collection was not indexed in 200 rounds')
  }
  const deadline = Date.now() + 10_000
  while (seen.fullPageWithMetadata === undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  polling = false
  await poller
  if (metadataFailed > 0)
    throw new Error(`${metadataFailed} tokens' metadata failed to read; see the collection's items`)
  db.$client.close()

  const callSummary = (c: ReturnType<typeof calls> | undefined) =>
    c === undefined
      ? '—'
      : `${c.requests} (${Object.entries(c.methods)
          .map(([method, count]) => `${count} ${method}`)
          .join(', ')})`
  const rate = (n: number, s: number) => `${Math.round(n / s).toLocaleString('en-US')} tokens/s`
  const perCpu = (n: number, used: { own: number; anvil: number }) =>
    `${Math.round(n / (used.own + used.anvil)).toLocaleString('en-US')} tokens per CPU-second (${used.own.toFixed(1)} s in the indexer's process, ${used.anvil.toFixed(1)} s in anvil)`
  const machine = `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})`
  const importing = `## Importing a ${tokens.toLocaleString('en-US')}-token ERC-721 on top of ${nftCount.toLocaleString('en-US')} NFTs (\`npm run bench:backfill\`)

Measured ${new Date().toISOString().slice(0, 10)} on this shared machine, ${machine}, load average
${load().join(' / ')} at the end (other sessions were running builds and tests: the figures are noisy).
A plain OpenZeppelin ERC-721 on anvil, its ${tokens.toLocaleString('en-US')} metadata documents and SVG
images behind the local IPFS gateway by their real CIDs (added in ${seconds1(filesSeconds)}), minted in
${Math.ceil(tokens / batch)} transactions of ${batch} to ${HOLDERS.length} holders with ${gap} empty blocks
after each (head at block ${head}). Imported with \`POST /api/v1/collections/import\` (the REST handler in
the bench's process) into a copy of the ${nftCount.toLocaleString('en-US')}-NFT database, then indexer rounds
back to back with the production budgets (backfill ${BACKFILL_BUDGET_MS / 1000} s, metadata
${METADATA_BUDGET_MS / 1000} s per round): the main indexer (${Math.ceil(head / 2000)} runs of ≤ 2,000 blocks;
it reads the collection's logs once it follows), the backfill up to its cursor, the metadata queue (URIs by Multicall3, 64 a call; documents 8 at a time).
The list was polled every 100 ms over HTTP from the Node production server (\`npm start\`) over the same file.

| what | value |
| --- | --- |
| import answered (ERC-165, reads, deployment block by binary search) | ${seconds1(importSeconds)} |
| backfill: ${tokens.toLocaleString('en-US')} tokens in ${seconds1(spent.backfill)} of backfill time | **${rate(tokens, spent.backfill)}** |
| backfill, CPU | ${perCpu(tokens, cpu.backfill)} |
| metadata: ${metadataRead.toLocaleString('en-US')} documents in ${seconds1(spent.metadata)} of queue time | **${rate(metadataRead, spent.metadata)}** |
| metadata, CPU (the gateway runs in the indexer's process) | ${perCpu(metadataRead, cpu.metadata)} |
| main indexer time over the same blocks | ${seconds1(spent.main)} |
| first full page (${DEFAULT_LIMIT} items) of the collection's list, from the import | **${seen.fullPage === undefined ? 'not seen' : seconds1(seen.fullPage)}** |
| first full page whose items all show their metadata | ${seen.fullPageWithMetadata === undefined ? 'not seen' : seconds1(seen.fullPageWithMetadata)} |
| every token indexed (status following) / every document read, from the import | ${backfilledAt === undefined ? '—' : seconds1(backfilledAt)} / ${metadataAt === undefined ? '—' : seconds1(metadataAt)} |
| indexer rounds | ${indexerRounds} |
| RPC requests until every token is indexed (following) | **${callSummary(callsToFollow)}** |
| RPC requests until every document is read | **${callSummary(callsToMetadata)}** |

The list of a collection is sorted newest first, so its first page is its last-minted tokens: whole
as soon as the first range is in, with their names and images only once the queue reaches them.`
  // Written now: a failure measuring the list below keeps what the import measured.
  writeSection(section, `${importing}\n\nList API: not measured (the run stopped before it).\n`)

  // 4. The list endpoints over 1M NFTs with the collection in it.
  const seeded = (
    (await (await fetch(`${base}/api/v1/collections?tab=top&limit=1`)).json()) as { data: { slug: string }[] }
  ).data[0]!.slug
  const endpoints: Endpoint[] = [
    ['nfts default (recently added)', '/api/v1/nfts'],
    ['nfts price-asc', '/api/v1/nfts?sort=price-asc'],
    ['imported collection (detail)', `/api/v1/collections/${slug}`],
    ['imported collection items', listPath],
    ['imported collection items, price-asc', `${listPath}?sort=price-asc`],
    ['imported items of one holder (Owned)', `/api/v1/users/owned/${HOLDERS[3]!.toLowerCase()}`],
    ['seeded collection items', `/api/v1/marketplace/filterNFTbyCollection/${seeded}?sort=price-asc`],
    ['search the imported name', '/api/v1/search?q=glyphs'],
  ]
  await expectContent(base, endpoints, 'the import did not reach the list')
  const { results, healthRps, healthErrors, healthRequests } = await measureEndpoints(base, endpoints, {
    seconds,
    rounds,
  })
  await server.stop()
  const handler = handlerCpu(
    dbFile,
    endpoints.map(([, path]) => path),
  )
  const misses = results.filter((r) => !meetsTarget(r)).map((r) => r.name)
  writeSection(
    section,
    `${importing}

### List API at ${nftCount.toLocaleString('en-US')} NFTs with the collection imported

As \`npm run bench:api\`: ${rounds} rounds of ${seconds} s per endpoint, each after as long a run of
\`/api/health\` (median ${healthRps.toFixed(0)} req/s; ${healthErrors} of its ${healthRequests} answers were 503, its
write probe finding the lock taken); targets p99 < 50 ms and ≥ 1/4 of health's req/s.
${misses.length ? `Missed: ${misses.join(', ')}.` : 'Every endpoint met both.'}

${endpointTable(results, handler)}
`,
  )
} finally {
  await server?.stop()
  await gateway.stop()
  counted.close()
  await anvil.stop()
}

async function rpc(url: string, method: string, params: unknown[]): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: string; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result ?? ''
}

/**
 * A seed stopped while it put its indexes and triggers back (killed on a loaded machine) leaves a
 * database that answers, slowly and without search: refuse it, naming what it lacks.
 */
async function expectComplete(file: string) {
  const folder = mkdtempSync(join(tmpdir(), 'vitrine-bench-schema-'))
  try {
    const fresh = await openMigratedDatabase({ url: `file:${join(folder, 'schema.db')}` })
    const base = await openMigratedDatabase({ url: `file:${file}` })
    const names = async (db: typeof fresh) =>
      (
        await db.$client.execute(
          "SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL",
        )
      ).rows.map((row) => String(row.name))
    const present = new Set(await names(base))
    const missing = (await names(fresh)).filter((name) => !present.has(name))
    fresh.$client.close()
    base.$client.close()
    if (missing.length) {
      throw new Error(
        `${file} lacks ${missing.length} indexes or triggers (${missing.slice(0, 5).join(', ')}…): a seed stopped part-way; delete it`,
      )
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
