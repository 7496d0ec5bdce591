/**
 * The operator's console (ADR 50): the report queue with each row's context, the state of
 * operations at a glance, and resuming or retrying an import. Decisions, appeals, roles and the
 * audit log are the moderation router's (./moderation.ts); the console calls both.
 */
import { chainLabel } from '../../../chain/networks'
import { retryFailedImport } from '../../../db/market'
import { DomainError } from '../../../db/errors'
import { reportPageInput } from '../../inputs/moderation'
import { retryImportInput } from '../../inputs/operator'
import { chainClient, ChainUnavailableError } from '../../platform/clients'
import { operationsState, operatorQueue } from '../../queries/operator'
import { checksum } from '../../queries/serialize'
import type { Runtime } from '../../platform/runtime'
import { router } from '../init'
import { healthReport } from '../health-report'
import { operatorRead, operatorWrite, STAFF, staffRead } from '../staff'

/**
 * How long the console waits for a chain's blocks: a chain that does not answer is shown as such
 * at once rather than holding every other figure back for the RPC's whole budget.
 */
export const HEAD_BUDGET_MS = 2_000

function withinHeadBudget<T>(read: Promise<T>, chainId: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChainUnavailableError(chainId)), HEAD_BUDGET_MS)
  })
  return Promise.race([read, late]).finally(() => clearTimeout(timer))
}

/** Each configured chain's indexer beside the chain's head: how far behind, in blocks and in chain time. */
async function followedChains(runtime: Runtime) {
  const health = await healthReport(runtime)
  return Promise.all(
    runtime.env.chains.map(async ({ id }) => {
      const cursor = health.indexer.chains.find((c) => c.chainId === id)
      const follower = health.indexer.followers?.find((f) => f.chainId === id)
      const base = {
        chainId: id,
        name: chainLabel(id),
        status: cursor?.status ?? ('not-started' as const),
        indexedBlock: cursor?.block ?? null,
        updatedAt: cursor?.updatedAt ?? null,
        follower: follower ?? null,
      }
      try {
        const client = chainClient(runtime.env, id)!
        const head = await withinHeadBudget(client.getBlock({ blockTag: 'latest' }), id)
        const indexed =
          cursor && BigInt(cursor.block) <= head.number
            ? await withinHeadBudget(client.getBlock({ blockNumber: BigInt(cursor.block) }), id)
            : null
        return {
          ...base,
          head: Number(head.number),
          lagBlocks: cursor ? Math.max(0, Number(head.number) - cursor.block) : null,
          lagSeconds: indexed ? Math.max(0, Number(head.timestamp - indexed.timestamp)) : null,
          error: null,
        }
      } catch (error) {
        return { ...base, head: null, lagBlocks: null, lagSeconds: null, error: (error as Error).message }
      }
    }),
  ).then((chains) => ({ chains, edgeCache: health.edgeCache, status: health.status }))
}

export const operatorRouter = router({
  /** The report queue's page (moderation.queue's order), each row with what a moderator decides from. */
  queue: staffRead(STAFF, 'read the report queue')
    .input(reportPageInput)
    .query(({ ctx, input }) => operatorQueue(ctx.db, input.cursor, input.limit)),

  /** What an operator watches: followers, imports, outboxes, the fees in force (operators). */
  operations: operatorRead('read the state of operations').query(async ({ ctx }) => {
    const [indexing, state] = await Promise.all([followedChains(ctx), operationsState(ctx.db)])
    return {
      time: new Date().toISOString(),
      ...indexing,
      ...state,
      fees: {
        platformFeeBps: ctx.env.platformFee.bps,
        platformFeeRecipient: checksum(ctx.env.platformFee.recipient),
        minPriceWei: ctx.env.minPriceWei.toString(),
      },
    }
  }),

  /** Resumes a paused or retries a failed import at the indexer's next round, as adding it again does. */
  retryImport: operatorWrite('resume or retry an import')
    .input(retryImportInput)
    .mutation(async ({ ctx, input }) => {
      if (!(await retryFailedImport(ctx.db, input.collectionId))) {
        throw new DomainError(
          'conflict',
          `collectionId: collection ${input.collectionId} is not an import that failed or is paused`,
        )
      }
      return { collectionId: input.collectionId, retrying: true }
    }),
})
