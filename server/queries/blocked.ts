/**
 * Contracts an operator blocked (`blocked_contracts`, kept by db/market/decisions.ts): adding one
 * again, by import or by /create's registration, is refused before anything is read or written.
 */
import { and, eq } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Database } from '../../db/client'
import { refuse } from '../../db/errors'
import { blockedContracts } from '../../db/schema'
import { decisionNotice } from './decisions'

/** Refuses (403) a blocked contract, naming the decision's category and reason. */
export async function refuseIfBlocked(db: Database, chainId: number, contract: string): Promise<void> {
  const [row] = await db
    .select({ decisionId: blockedContracts.decisionId })
    .from(blockedContracts)
    .where(and(eq(blockedContracts.chainId, chainId), eq(blockedContracts.contract, contract.toLowerCase())))
  const notice = await decisionNotice(db, row?.decisionId ?? null)
  if (!notice) return
  refuse(
    `contract: this marketplace blocked ${getAddress(contract)} on chain ${chainId} on ${notice.decidedAt.slice(0, 10)} (${notice.categoryLabel}: ${notice.reason}); it cannot be added`,
    'forbidden',
  )
}
