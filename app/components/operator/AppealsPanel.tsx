import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { RouterOutputs } from '../../../server/trpc/root'
import { useTRPC } from '../../lib/trpc-react'
import { AddressLink } from '../AddressLink'
import { ErrorState } from '../ui/states'
import { actionButton, Panel, TargetLink, Time } from './parts'
import { QUEUE_POLL_MS } from './QueuePanel'
import { ReasonDialog } from './ReasonDialog'
import { useModerationWrite } from './use-moderation-write'

type Appeal = RouterOutputs['moderation']['appeals']['data'][number]

/** Open appeals, oldest first, each beside the decision it contests: uphold it or reverse it. */
export function AppealsPanel() {
  const trpc = useTRPC()
  const write = useModerationWrite()
  const appeals = useQuery({ ...trpc.moderation.appeals.queryOptions({ limit: 20 }), refetchInterval: QUEUE_POLL_MS })
  const [deciding, setDeciding] = useState<{ appeal: Appeal; outcome: 'upheld' | 'reversed' } | null>(null)
  return (
    <Panel
      title="Appeals"
      lead="Whom a decision concerns may contest it; the outcome is told to them."
      testId="appeals"
    >
      {appeals.isError ? (
        <ErrorState message={appeals.error.message} onRetry={() => void appeals.refetch()} />
      ) : !appeals.data ? (
        <p className="text-sm text-jacarta-500">Loading appeals…</p>
      ) : appeals.data.data.length === 0 ? (
        <p className="text-sm text-jacarta-500 dark:text-jacarta-200">No open appeals.</p>
      ) : (
        <ul className="space-y-3 text-sm">
          {appeals.data.data.map((appeal) => (
            <li
              key={appeal.id}
              data-testid="appeal"
              className="rounded-xl border border-jacarta-100 p-3 dark:border-jacarta-700"
            >
              <p className="text-xs text-jacarta-500 dark:text-jacarta-300">
                <AddressLink address={appeal.appellant} /> appealed <Time iso={appeal.createdAt} />
              </p>
              <p className="mt-1 whitespace-pre-line break-words">{appeal.statement}</p>
              <div className="mt-2 rounded-lg bg-jacarta-50 p-2 dark:bg-jacarta-900/50">
                <p>
                  <span className="font-semibold">{appeal.decision.actionLabel}</span> ·{' '}
                  <TargetLink target={appeal.decision.target} /> · {appeal.decision.categoryLabel}
                </p>
                <p className="mt-1 whitespace-pre-line break-words text-jacarta-500 dark:text-jacarta-200">
                  {appeal.decision.reason}
                </p>
                <p className="mt-1 text-xs text-jacarta-500 dark:text-jacarta-300">
                  <Time iso={appeal.decision.decidedAt} /> by <AddressLink address={appeal.decision.decidedBy} />
                </p>
              </div>
              <div className="mt-2 flex gap-2">
                <button
                  type="button"
                  className={actionButton}
                  onClick={() => setDeciding({ appeal, outcome: 'upheld' })}
                >
                  Uphold
                </button>
                <button
                  type="button"
                  className={actionButton}
                  onClick={() => setDeciding({ appeal, outcome: 'reversed' })}
                >
                  Reverse
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {deciding && (
        <ReasonDialog
          title={deciding.outcome === 'upheld' ? 'Uphold the decision' : 'Reverse the decision'}
          intro={
            deciding.outcome === 'upheld'
              ? 'The decision stays in force; the appellant is told why.'
              : 'The decision stops applying at once; the appellant is told why.'
          }
          submitLabel={deciding.outcome === 'upheld' ? 'Uphold' : 'Reverse'}
          onClose={() => setDeciding(null)}
          onSubmit={({ reason }) =>
            write((client) =>
              client.moderation.decideAppeal.mutate({ id: deciding.appeal.id, outcome: deciding.outcome, reason }),
            )
          }
        />
      )}
    </Panel>
  )
}
