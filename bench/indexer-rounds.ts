/**
 * `npm run bench:rounds`: what one indexer round costs (RPC calls at an HTTP proxy in front of
 * anvil, by method; database requests at Drizzle's session) with 1, 100 and 1,000 imported ERC-721
 * collections following the chain: with no new block, with a new block and no log of interest,
 * and with one transfer in one of them. Each round is server/trading/indexing.ts's, as the Cron
 * runs it. The collections are one ForeignArt721's runtime code put at 999 more addresses with
 * anvil_setCode (deploying 1,000 contracts would take minutes), each imported as its own.
 *
 *   BENCH_SIZES=1,100,1000   the numbers of imported collections measured
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import type { Address, Hex } from 'viem'
import { deployMarketplace } from '../chain/local-contracts'
import { LOCAL_CHAIN_ID } from '../chain/marketplace'
import { openMigratedDatabase } from '../db/migrate.server'
import { collections } from '../db/schema'
import { startAnvil } from '../scripts/processes'
import { parseEnv } from '../server/platform/env'
import { indexConfiguredChains } from '../server/trading/indexing'
import { testAccount } from '../tests/support/chain'
import { countingDatabase, countingRpc } from '../tests/support/counting'
import { deployForeignArt721 } from '../tests/support/foreign'
import { TEST_AUTH_SECRET, TEST_RATE_LIMITS } from '../tests/support/runtime'
import { writeSection } from './lib'

const sizes = (process.env.BENCH_SIZES ?? '1,100,1000').split(',').map(Number)
const holder = testAccount(5)
const friend = testAccount(6)

const anvil = await startAnvil()
const folder = mkdtempSync(join(tmpdir(), 'vitrine-bench-rounds-'))
const proxy = await countingRpc(anvil.url)
try {
  await deployMarketplace(anvil.url)
  const db = await openMigratedDatabase({ url: `file:${join(folder, 'rounds.db')}` })
  const env = parseEnv({
    NODE_ENV: 'development',
    DATABASE_URL: `file:${join(folder, 'rounds.db')}`,
    AUTH_SECRET: TEST_AUTH_SECRET,
    RATE_LIMITS: TEST_RATE_LIMITS,
    CHAINS: String(LOCAL_CHAIN_ID),
    CHAIN_RPC_URL: proxy.url,
  })
  const runtime = { db, env }
  const sql = countingDatabase(db)
  const round = async () => {
    const result = (await indexConfiguredChains(runtime, LOCAL_CHAIN_ID))[LOCAL_CHAIN_ID]
    if (result && 'error' in result) throw new Error(result.error)
  }
  const rpc = (method: string, params: unknown[]) =>
    fetch(anvil.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })

  const art = await deployForeignArt721(anvil.url)
  await art.mint(holder.address, 1n, 1n)
  const code = (await (await rpc('eth_getCode', [art.address, 'latest'])).json()) as { result: Hex }
  const template = {
    chainId: LOCAL_CHAIN_ID,
    name: 'Foreign Art',
    logoUrl: '',
    bannerUrl: '',
    category: 'art' as const,
    creator: holder.address.toLowerCase(),
    standard: 'erc721' as const,
    source: 'imported' as const,
    indexStatus: 'pending' as const,
    deployBlock: Number(art.deployBlock),
  }
  await db.insert(collections).values({ ...template, slug: 'copy-0', contract: art.address.toLowerCase() })
  let imported = 1
  let owner = holder
  const grow = async (to: number) => {
    const rows = []
    for (; imported < to; imported++) {
      const address = `0x${(0xc0de_0000 + imported).toString(16).padStart(40, '0')}` as Address
      await rpc('anvil_setCode', [address, code.result])
      rows.push({ ...template, slug: `copy-${imported}`, contract: address })
    }
    for (let i = 0; i < rows.length; i += 200) await db.insert(collections).values(rows.slice(i, i + 200))
    // Catching up: each new collection's own reading, once (counted apart).
    proxy.reset()
    sql.reset()
    for (let i = 0; i < 20; i++) {
      await round()
      const behind = await db
        .select({ id: collections.id })
        .from(collections)
        .where(inArray(collections.indexStatus, ['pending', 'backfilling']))
      if (!behind.length) break
    }
    const caughtUp = { rpc: proxy.counts.requests, db: sql.counts.requests }
    await round() // the tokens' metadata tried once (no gateway here): next due in a minute
    return caughtUp
  }
  const measure = async (before: () => Promise<unknown>) => {
    await before()
    proxy.reset()
    sql.reset()
    await round()
    return { rpc: proxy.counts.requests, methods: { ...proxy.counts.methods }, db: sql.counts.requests }
  }

  const rows: { n: number; caughtUp: { rpc: number; db: number }; idle: Cost; block: Cost; transfer: Cost }[] = []
  type Cost = Awaited<ReturnType<typeof measure>>
  for (const n of sizes) {
    const caughtUp = await grow(n)
    const following = (await db.select().from(collections).where(eq(collections.indexStatus, 'following'))).length
    if (following !== n) throw new Error(`${following} of ${n} collections follow the chain`)
    const idle = await measure(async () => {})
    const block = await measure(() => rpc('anvil_mine', ['0x1']))
    const transfer = await measure(async () => {
      const to = owner === holder ? friend : holder
      await art.transfer(owner, to.address, 1n)
      owner = to
    })
    rows.push({ n, caughtUp, idle, block, transfer })
    console.log(JSON.stringify(rows.at(-1)))
  }
  db.$client.close()

  const methods = (cost: Cost) =>
    Object.entries(cost.methods)
      .map(([method, count]) => `${count} ${method}`)
      .join(', ') || '—'
  const table = rows
    .map(
      (r) =>
        `| ${r.n.toLocaleString('en-US')} | ${r.idle.rpc} / ${r.idle.db} | ${r.block.rpc} / ${r.block.db} | ${r.transfer.rpc} / ${r.transfer.db} | ${r.block.rpc + r.block.db} / ${r.transfer.rpc + r.transfer.db} | ${r.caughtUp.rpc} / ${r.caughtUp.db} |`,
    )
    .join('\n')
  const last = rows.at(-1)!
  writeSection(
    'indexer-rounds',
    `## Indexer rounds at 1 to 1,000 imported collections (\`npm run bench:rounds\`)

Measured ${new Date().toISOString().slice(0, 10)}: anvil, a fresh libSQL file, the round of
server/trading/indexing.ts as the Cron runs it. Calls counted at an HTTP proxy in front of anvil
(a JSON-RPC batch is one request), database requests at Drizzle's session (a statement, a batch,
a transaction's begin and commit each one). Cells are RPC calls / database requests.

| imported collections following | no new block | new block, no log of interest | one transfer in one of them | Workers subrequests (new block / transfer) | catching up (the new collections, once) |
| --- | --- | --- | --- | --- | --- |
${table}

At ${last.n.toLocaleString('en-US')}: a new block costs ${methods(last.block)}; a transfer ${methods(last.transfer)}; no new
block ${methods(last.idle)}. The free plan's 50 subrequests per invocation hold
${last.block.rpc + last.block.db} (new block) and ${last.transfer.rpc + last.transfer.db} (a transfer).`,
  )
} finally {
  proxy.close()
  await anvil.stop()
  rmSync(folder, { recursive: true, force: true })
}
