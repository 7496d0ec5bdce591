import type { Database } from '../../db/client'
import { chainCursors } from '../../db/schema'

/** One chain's indexer: `rewinding` while it undoes blocks the chain no longer has, `catching-up` while it reads them again. */
export interface IndexedChain {
  chainId: number
  status: 'ok' | 'rewinding' | 'catching-up'
  /** The last block whose logs are in the database. */
  block: number
  updatedAt: string
  /** While rewinding or catching up: how far it had indexed, the block it went back to, the head it catches up to, since when. */
  rewind?: { from: number; to: number | null; head: number; since: string }
}

export interface IndexerHealth {
  status: 'ok' | 'rewinding' | 'catching-up' | 'unknown'
  chains: IndexedChain[]
  error?: string
}

/**
 * What the indexer's cursors say. A rewind is not an outage (the site serves what it has), so
 * it does not degrade the report; it is said here so that a stale market is explained.
 */
export async function checkIndexer(db: Database): Promise<IndexerHealth> {
  try {
    const cursors = await db.select().from(chainCursors).orderBy(chainCursors.chainId)
    const chains = cursors.map((c): IndexedChain => {
      const base = { chainId: c.chainId, block: c.block, updatedAt: c.updatedAt.toISOString() }
      if (c.rewindFrom === null || c.rewindHead === null) return { ...base, status: 'ok' }
      return {
        ...base,
        status: c.rewindTo === null ? 'rewinding' : 'catching-up',
        rewind: {
          from: c.rewindFrom,
          to: c.rewindTo,
          head: c.rewindHead,
          since: (c.rewoundAt ?? c.updatedAt).toISOString(),
        },
      }
    })
    const status =
      chains.find((c) => c.status === 'rewinding')?.status ??
      chains.find((c) => c.status === 'catching-up')?.status ??
      'ok'
    return { status, chains }
  } catch {
    return { status: 'unknown', chains: [], error: 'the indexer cursors could not be read' }
  }
}
