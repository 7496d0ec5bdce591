import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatEther } from 'viem'
import type { RouterOutputs } from '../../../server/trpc/root'
import { formatEth, relativeTime } from '../../lib/format'
import { useTRPC } from '../../lib/trpc-react'
import { AddressLink } from '../AddressLink'
import { ErrorState } from '../ui/states'
import { actionButton, dangerButton, Fact, Panel } from './parts'
import { ReasonDialog } from './ReasonDialog'
import { formatBps, formatDuration } from './rules'
import { useModerationWrite } from './use-moderation-write'

/** How often operations are read again while the page is visible: an operator leaves it open. */
export const OPERATIONS_POLL_MS = 5_000

type Operations = RouterOutputs['operator']['operations']
type Stuck = Operations['imports']['stuck'][number]

const since = (iso: string | null) => (iso ? relativeTime(iso) : '—')

/** What an operator watches: each chain's indexer, the import queue, the outboxes and the fees in force. */
export function OperationsPanel() {
  const trpc = useTRPC()
  const ops = useQuery({ ...trpc.operator.operations.queryOptions(), refetchInterval: OPERATIONS_POLL_MS })
  if (ops.isError) return <ErrorState message={ops.error.message} onRetry={() => void ops.refetch()} />
  if (!ops.data) return <p className="text-sm text-jacarta-500">Loading operations…</p>
  const data = ops.data
  return (
    <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2" data-testid="operations">
      <Panel
        title="Chains"
        lead={`Read ${relativeTime(data.time)}; updated every few seconds while this page is open.`}
      >
        <ul className="space-y-3 text-sm">
          {data.chains.map((chain) => (
            <li
              key={chain.chainId}
              data-testid="chain"
              className="rounded-xl border border-jacarta-100 p-3 dark:border-jacarta-700"
            >
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{chain.name}</span>
                <span className={statusBadge(chain.status === 'ok' && !chain.error)}>
                  {chain.error ? 'unreachable' : chain.status}
                </span>
              </p>
              <dl className="mt-2 grid gap-1 sm:grid-cols-2">
                <Fact term="Head">{chain.head ?? '—'}</Fact>
                <Fact term="Indexed">{chain.indexedBlock ?? 'not yet'}</Fact>
                <Fact term="Behind">
                  {chain.lagBlocks === null
                    ? '—'
                    : chain.lagBlocks === 0
                      ? 'in step with the head'
                      : `${chain.lagBlocks} ${chain.lagBlocks === 1 ? 'block' : 'blocks'}${
                          chain.lagSeconds === null ? '' : `, ${formatDuration(chain.lagSeconds)} of chain time`
                        }`}
                </Fact>
                <Fact term="Cursor moved">{since(chain.updatedAt)}</Fact>
                {chain.follower && 'lastRound' in chain.follower && (
                  <Fact term="Last round">
                    {chain.follower.lastRound
                      ? `${chain.follower.lastRound.outcome}, ${since(chain.follower.lastRound.at)}`
                      : 'none yet'}
                  </Fact>
                )}
              </dl>
              {(chain.error ?? lastError(chain.follower)) && (
                <p className="mt-2 break-words rounded-lg bg-red-50 p-2 text-red-800 dark:bg-red-950 dark:text-red-200">
                  Last error: {chain.error ?? lastError(chain.follower)}
                </p>
              )}
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title="Outboxes" lead="Changes waiting to reach the edge cache, and notifications waiting to be sent.">
        <dl className="space-y-1 text-sm" data-testid="outboxes">
          <Fact term="Cache purges waiting">
            {data.purges.waiting}
            {data.purges.oldestDueAt && `, oldest due ${since(data.purges.oldestDueAt)}`}
            {data.edgeCache.status === 'late' && <span className={`${statusBadge(false)} ml-2`}>late</span>}
          </Fact>
          <Fact term="Notifications to file">
            {data.notifications.undispatched}
            {data.notifications.oldestUndispatchedAt && `, oldest ${since(data.notifications.oldestUndispatchedAt)}`}
          </Fact>
          <Fact term="Emails and webhooks to send">
            {data.notifications.deliveries}
            {data.notifications.oldestDeliveryDueAt && `, oldest due ${since(data.notifications.oldestDeliveryDueAt)}`}
          </Fact>
        </dl>
      </Panel>
      <ImportsPanel imports={data.imports} />
      <Panel title="Fees in force" lead="Set by PLATFORM_FEE_BPS, PLATFORM_FEE_RECIPIENT and MIN_PRICE_WEI.">
        <dl className="space-y-1 text-sm" data-testid="fees">
          <Fact term="Platform fee">{formatBps(data.fees.platformFeeBps)} of each sale</Fact>
          <Fact term="Paid to">
            <AddressLink address={data.fees.platformFeeRecipient} />
          </Fact>
          <Fact term="Lowest price">{formatEth(formatEther(BigInt(data.fees.minPriceWei)))} ETH</Fact>
          <Fact term="Creator earnings">Each collection&apos;s own: its EIP-2981 royalty, or what its creator set</Fact>
        </dl>
      </Panel>
    </div>
  )
}

const statusBadge = (ok: boolean) =>
  `rounded-full px-2 text-xs ${
    ok
      ? 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-200'
      : 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200'
  }`

function lastError(follower: Operations['chains'][number]['follower']): string | null {
  if (!follower) return null
  if ('lastError' in follower) return follower.lastError && follower.failures > 0 ? follower.lastError.message : null
  return follower.error
}

/** The import queue: how many wait, and the paused and failed ones with why, to resume, retry or block. */
function ImportsPanel({ imports }: { imports: Operations['imports'] }) {
  const write = useModerationWrite()
  const [problem, setProblem] = useState<string | null>(null)
  const [blocking, setBlocking] = useState<Stuck | null>(null)
  const retry = (c: Stuck) => {
    setProblem(null)
    write((client) => client.operator.retryImport.mutate({ collectionId: c.id })).catch((error: unknown) =>
      setProblem(error instanceof Error ? error.message : String(error)),
    )
  }
  return (
    <Panel
      title="Imports"
      lead={`${imports.pending} waiting, ${imports.backfilling} reading their history, ${imports.paused} paused, ${imports.failed} failed.`}
      testId="imports"
    >
      {imports.stuck.length === 0 ? (
        <p className="text-sm text-jacarta-500 dark:text-jacarta-200">No import is paused or failed.</p>
      ) : (
        <ul className="space-y-3 text-sm">
          {imports.stuck.map((c) => (
            <li
              key={c.id}
              data-testid="stuck-import"
              className="rounded-xl border border-jacarta-100 p-3 dark:border-jacarta-700"
            >
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{c.name}</span>
                <span className={statusBadge(false)}>{c.status}</span>
                <span className="text-xs text-jacarta-500 dark:text-jacarta-300">
                  {c.attempts} failed {c.attempts === 1 ? 'run' : 'runs'}
                  {c.retryAt && `, next try ${since(c.retryAt)}`}
                </span>
              </p>
              {c.error && <p className="mt-1 break-words text-jacarta-500 dark:text-jacarta-200">{c.error}</p>}
              <div className="mt-2 flex gap-2">
                <button type="button" className={actionButton} onClick={() => retry(c)}>
                  {c.status === 'paused' ? 'Resume' : 'Retry'}
                </button>
                <button type="button" className={dangerButton} onClick={() => setBlocking(c)}>
                  Block contract
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
      {blocking && (
        <ReasonDialog
          title={`Block the contract of ${blocking.name}`}
          intro="It cannot be added to this marketplace again until the block is reversed."
          category={null}
          submitLabel="Block contract"
          onClose={() => setBlocking(null)}
          onSubmit={({ category, reason }) =>
            write((client) =>
              client.moderation.decide.mutate({
                action: 'block_contract',
                target: { kind: 'contract', chainId: blocking.chainId, address: blocking.contract },
                category: category!,
                reason,
              }),
            )
          }
        />
      )}
    </Panel>
  )
}
