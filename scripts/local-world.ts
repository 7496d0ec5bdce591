/**
 * The local world that `npm run dev` (Node) and `npm run preview` (the built Worker in workerd)
 * both run against: anvil with the marketplace contracts and Vitrine's own collections, the local
 * IPFS gateway, and the collections Vitrine did not write, imported and listed (./dev-world.ts).
 */
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { deployMarketplace } from '../chain/local-contracts'
import { localIpfsCids } from '../chain/local-foreign'
import { syncLocalChain, type PlatformFee } from '../chain/local-market'
import { LOCAL_CHAIN_ID } from '../chain/marketplace'
import type { Database } from '../db/client'
import type { MediaStore } from '../server/media/store'
import { parseEnv } from '../server/platform/env'
import { prepareDevWorld, startDevGateway } from './dev-world'
import type { IpfsGateway } from './ipfs-gateway'
import { answersChainId, startAnvil, type RunningProcess } from './processes'

/**
 * The local chain: reuse one already on CHAIN_PORT (8545), or start anvil with its state kept in
 * `statePath` (beside the database that indexes it, so the two go back or forward together).
 * anvil writes the state when it stops, and every few seconds in case it is killed outright.
 * Sets CHAIN_RPC_URL; null when CHAIN_RPC_URL was set already or nothing was started.
 */
export async function startLocalChain(statePath: string): Promise<RunningProcess | null> {
  if (process.env.CHAIN_RPC_URL) return null
  const port = Number(process.env.CHAIN_PORT ?? 8545)
  const url = `http://127.0.0.1:${port}`
  if (!(await answersChainId(url, 31337))) {
    mkdirSync(dirname(statePath), { recursive: true })
    try {
      const anvil = await startAnvil(port, ['--state', statePath, '--state-interval', '5'])
      console.log(`chain ${url}: anvil (chain id 31337), state kept in ${statePath}`)
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

/**
 * The local IPFS gateway where IPFS_GATEWAY says (127.0.0.1:8091 unless set), serving
 * chain/local-ipfs/ by CID. Another `npm run dev` serving it already is reused.
 */
export async function startLocalGateway(): Promise<IpfsGateway | null> {
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

/**
 * Seaport 1.6, its conduit controller and WETH on the local chain, then the seeded collections:
 * deployed, minted to their owners, approvals and WETH in place; then the collections Vitrine did
 * not write, imported, indexed and partly listed (all already there after a restart). Imported
 * tokens' pictures go to `media`.
 */
export async function prepareLocalChain(
  db: Database,
  url: string | undefined,
  platformFee: PlatformFee,
  media: MediaStore,
): Promise<void> {
  if (!url || !(await answersChainId(url, LOCAL_CHAIN_ID))) return
  const contracts = await deployMarketplace(url)
  const env = parseEnv(process.env)
  // Token and collection metadata URIs on chain name this origin; on another PORT they are set again.
  const { transactions } = await syncLocalChain(db, url, platformFee, env.siteOrigins[0]!)
  console.log(
    `chain ${url}: Seaport 1.6 at ${contracts.seaport}, WETH at ${contracts.weth}` +
      (transactions ? `; ${transactions} transactions to match the seeded tokens and orders` : ''),
  )
  const world = await prepareDevWorld({ db, env, media }, { rpcUrl: url, log: (message) => console.log(message) })
  if (world.lazyMinted) console.log(`chain ${url}: a lazy-minted voucher of Harbour Tarot listed, not minted`)
  if (world.transactions || world.imported || world.listed || world.sold) {
    console.log(
      `chain ${url}: ${world.collections.length} collections Vitrine did not write ` +
        `(${world.collections.map((c) => c.collection.name).join(', ')}): ${world.transactions} transactions, ` +
        `${world.imported} imported, ${world.listed} listed, ${world.sold} sales between the dev accounts`,
    )
  }
}
