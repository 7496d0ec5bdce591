/**
 * The development world's collections that Vitrine did not write, brought in the way a user's
 * would be: the local IPFS gateway serves their files from chain/local-ipfs/ under CIDs checked
 * against chain/local-ipfs/cids.json; they are deployed and minted (chain/local-foreign.ts);
 * imported by address through the import code behind POST /api/v1/collections/import; read by
 * the indexer's backfill and the metadata queue; and part of them listed by their holders with
 * Seaport orders signed by the holders' keys and accepted by the same checks as a browser's.
 * Then a voucher of Vitrine's own Harbour Tarot is lazy minted as the create flow does
 * (./dev-world-lazy-mint.ts), and a short market history is traded on chain between the dev
 * accounts and indexed (./dev-world-history.ts). Idempotent: a restart sends no transaction and writes no row when everything is in place.
 * Node only: `npm run dev` (scripts/dev.ts) and its tests.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm'
import { deployForeignCollections, LOCAL_IPFS_DIR, localIpfsCids, type DeployedForeign } from '../chain/local-foreign'
import { accounts } from '../chain/local-market'
import { LOCAL_CHAIN_ID } from '../chain/marketplace'
import { collections, listings, nfts } from '../db/schema'
import { importCollection } from '../server/import/collection'
import { importCollectionInput } from '../server/inputs/collections'
import type { Runtime } from '../server/platform/runtime'
import { indexConfiguredChains } from '../server/trading/indexing'
import { findDevToken, listDevToken } from './dev-orders'
import { makeDevHistory } from './dev-world-history'
import { DEV_LAZY_MINT, lazyMintOnce } from './dev-world-lazy-mint'
import { startIpfsGateway, type IpfsGateway } from './ipfs-gateway'

/** Every file under `dir`, by its path relative to it. */
function filesUnder(dir: string, root = dir): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {}
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) Object.assign(files, filesUnder(path, root))
    else files[relative(root, path)] = readFileSync(path)
  }
  return files
}

/**
 * The local gateway on `port` with every directory of chain/local-ipfs/ added under the CID that
 * cids.json records for it: a file changed without running scripts/dev-world-art.ts again is
 * refused by name (CidMismatchError), not served under a CID it does not have.
 */
export async function startDevGateway(port: number, dir = LOCAL_IPFS_DIR): Promise<IpfsGateway> {
  const gateway = await startIpfsGateway({ port })
  try {
    for (const [folder, cid] of Object.entries(localIpfsCids(dir))) {
      await gateway.addDirectory(filesUnder(join(dir, folder)), { cid }).catch((error: Error) => {
        throw new Error(`${dir}/${folder}: ${error.message} (run npx tsx scripts/dev-world-art.ts)`)
      })
    }
  } catch (error) {
    await gateway.stop()
    throw error
  }
  return gateway
}

export interface DevWorldResult {
  collections: (DeployedForeign & { slug: string })[]
  /** Transactions sent to deploy, mint, approve and trade (0 when the chain had everything). */
  transactions: number
  /** Collections imported by this run. */
  imported: number
  /** Listings signed and accepted by this run. */
  listed: number
  /** Sales of the history filled on chain by this run. */
  sold: number
  /** Lazy mints (signed vouchers, listed, not minted) published by this run. */
  lazyMinted: number
  /** Planned listings and sales left out, with the reason (a token sold meanwhile, …). */
  skipped: string[]
}

export interface DevWorldOptions {
  rpcUrl: string
  /** How long to wait for the backfill and metadata queue before listing what they found. */
  timeoutMs?: number
  log?: (message: string) => void
}

/** Deploys, imports, indexes and lists the foreign collections; see the file's comment. */
export async function prepareDevWorld(runtime: Runtime, options: DevWorldOptions): Promise<DevWorldResult> {
  const { rpcUrl, timeoutMs = 60_000, log = () => undefined } = options
  const { deployed, transactions } = await deployForeignCollections(rpcUrl)

  let imported = 0
  const rows: DevWorldResult['collections'] = []
  for (const entry of deployed) {
    const importer = accounts[entry.collection.artist]!.address
    const input = importCollectionInput.parse({ chainId: LOCAL_CHAIN_ID, contract: entry.address })
    const { created, collection } = await importCollection(runtime, importer, input)
    if (created) imported++
    rows.push({ ...entry, slug: collection.slug })
  }

  await indexUntilRead(runtime, deployed, timeoutMs, log)

  let listed = 0
  const skipped: string[] = []
  for (const entry of deployed) {
    for (const plan of entry.collection.listings) {
      const what = `${entry.collection.name} #${plan.tokenId}`
      const outcome = await listOnce(runtime, rpcUrl, entry, plan).catch((error: Error) => error.message)
      if (outcome === 'listed') listed++
      else if (outcome !== 'already') skipped.push(`${what}: ${outcome}`)
    }
  }
  for (const reason of skipped) log(`dev world: not listed: ${reason}`)

  const lazyMinted = await lazyMintOnce(runtime).then(
    (made) => (made ? 1 : 0),
    (error: Error) => {
      skipped.push(`the lazy mint of ${DEV_LAZY_MINT.collection}: ${error.message.split('\n')[0]}`)
      log(`dev world: not lazy minted: ${error.message.split('\n')[0]}`)
      return 0
    },
  )

  const history = await makeDevHistory(runtime, rpcUrl, { timeoutMs })
  for (const reason of history.skipped) log(`dev world: not traded: ${reason}`)
  return {
    collections: rows,
    transactions: transactions + history.transactions,
    imported,
    listed,
    sold: history.sold,
    lazyMinted,
    skipped: [...skipped, ...history.skipped],
  }
}

/**
 * Runs the indexer (main, backfill, metadata: what `npm run dev`'s loop runs every 2 s) until the
 * foreign collections are followed at the head and none of their tokens waits for a first read.
 * A token whose read failed is left to the queue's retries: it shows its reason meanwhile.
 */
async function indexUntilRead(
  runtime: Runtime,
  deployed: DeployedForeign[],
  timeoutMs: number,
  log: (m: string) => void,
) {
  const contracts = deployed.map((d) => d.address.toLowerCase())
  const deadline = Date.now() + timeoutMs
  for (;;) {
    await indexConfiguredChains(runtime, LOCAL_CHAIN_ID)
    const behind = await runtime.db
      .select({ id: collections.id })
      .from(collections)
      .where(
        and(
          eq(collections.chainId, LOCAL_CHAIN_ID),
          inArray(collections.contract, contracts),
          or(isNull(collections.indexStatus), inArray(collections.indexStatus, ['pending', 'backfilling'])),
        ),
      )
    const unread = await runtime.db
      .select({ id: nfts.id })
      .from(nfts)
      .where(
        and(
          eq(nfts.chainId, LOCAL_CHAIN_ID),
          inArray(nfts.contract, contracts),
          eq(nfts.metadataStatus, 'pending'),
          eq(nfts.metadataAttempts, 0),
          or(isNull(nfts.metadataNextAttemptAt), lte(nfts.metadataNextAttemptAt, new Date())),
        ),
      )
      .limit(1)
    if (behind.length === 0 && unread.length === 0) return
    if (Date.now() > deadline) {
      log('dev world: the backfill or metadata is still running; the indexer loop finishes it')
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * One planned listing, unless its token already has one from that seller (whatever became of it:
 * bought, cancelled or expired, the developer's market goes on from there).
 */
async function listOnce(
  runtime: Runtime,
  rpcUrl: string,
  { address }: DeployedForeign,
  plan: DeployedForeign['collection']['listings'][number],
): Promise<'listed' | 'already' | string> {
  const token = await findDevToken(runtime, address, plan.tokenId)
  if (!token) return 'the indexer has not found the token yet (it is listed on the next start)'
  const [earlier] = await runtime.db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.nftId, token.nft.id), eq(listings.maker, accounts[plan.seller]!.address.toLowerCase())))
    .limit(1)
  if (earlier) return 'already'
  await listDevToken(runtime, rpcUrl, token, plan.seller, plan.price, plan.quantity)
  return 'listed'
}
