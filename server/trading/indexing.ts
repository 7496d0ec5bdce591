/**
 * Runs the indexer (chain/indexer) over every configured chain that has marketplace contracts:
 * from `npm run dev`'s loop, the Worker's Cron Trigger, and on demand after a transaction.
 */
import { indexChain, type IndexerRun } from '../../chain/indexer'
import { LOCAL_CHAIN_ID, marketplaceContracts } from '../../chain/marketplace'
import type { Runtime } from '../runtime'
import { chainClient } from './clients'

/** Blocks a public chain's log must be under before it is indexed; the local chain has no reorgs. */
const DEFAULT_CONFIRMATIONS = 12

export async function indexConfiguredChains(
  { db, env }: Runtime,
  only?: number,
): Promise<Record<number, IndexerRun | null | { error: string }>> {
  const results: Record<number, IndexerRun | null | { error: string }> = {}
  for (const { id } of env.chains) {
    const contracts = marketplaceContracts(id)
    const client = chainClient(env, id)
    if ((only !== undefined && id !== only) || !contracts || !client) continue
    const local = id === LOCAL_CHAIN_ID
    try {
      results[id] = await indexChain({
        db,
        client,
        chainId: id,
        seaport: contracts.seaport,
        confirmations: local ? 0 : (env.INDEXER_CONFIRMATIONS ?? DEFAULT_CONFIRMATIONS),
        startAtHead: !local,
      })
    } catch (error) {
      results[id] = { error: (error as Error).message.split('\n')[0]! }
    }
  }
  return results
}
