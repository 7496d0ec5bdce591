import { useState } from 'react'
import type { DecisionJson } from '../../../server/queries/decisions'
import { AddressLink } from '../AddressLink'
import { actionButton, Time } from './parts'
import { ReasonDialog } from './ReasonDialog'
import type { Role } from './rules'
import { useModerationWrite } from './use-moderation-write'

/** A target's decisions, newest first, each in force one reversible from here (a contract's block: operators). */
export function DecisionHistory({ decisions, role }: { decisions: DecisionJson[]; role: Role }) {
  const write = useModerationWrite()
  const [reversing, setReversing] = useState<DecisionJson | null>(null)
  if (decisions.length === 0) return null
  return (
    <div data-testid="decision-history">
      <h4 className="text-sm font-semibold">Earlier decisions</h4>
      <ul className="mt-2 space-y-2 text-sm">
        {decisions.map((d) => (
          <li
            key={d.id}
            data-testid="decision"
            className="rounded-xl border border-jacarta-100 p-3 dark:border-jacarta-700"
          >
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-semibold">{d.actionLabel}</span>
              <span className="text-jacarta-500 dark:text-jacarta-300">· {d.categoryLabel}</span>
              <span
                className={`rounded-full px-2 text-xs ${
                  d.inForce
                    ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200'
                    : 'bg-jacarta-100 text-jacarta-700 dark:bg-jacarta-700 dark:text-jacarta-200'
                }`}
              >
                {d.inForce ? 'in force' : d.reversedAt ? 'reversed' : 'closed'}
              </span>
              {d.inForce && (d.action !== 'block_contract' || role === 'operator') && (
                <button type="button" className={`${actionButton} ml-auto`} onClick={() => setReversing(d)}>
                  Reverse
                </button>
              )}
            </div>
            <p className="mt-1 whitespace-pre-line break-words">{d.reason}</p>
            <p className="mt-1 text-xs text-jacarta-500 dark:text-jacarta-300">
              <Time iso={d.decidedAt} /> by <AddressLink address={d.decidedBy} />
              {d.reversedAt && d.reversedBy && (
                <>
                  {' '}
                  · reversed <Time iso={d.reversedAt} /> by <AddressLink address={d.reversedBy} />
                  {d.reversalReason && <>: {d.reversalReason}</>}
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
      {reversing && (
        <ReasonDialog
          title={`Reverse: ${reversing.actionLabel}`}
          intro="The decision stops applying at once; whom it concerns is told why."
          submitLabel="Reverse the decision"
          onClose={() => setReversing(null)}
          onSubmit={({ reason }) => write((client) => client.moderation.reverse.mutate({ id: reversing.id, reason }))}
        />
      )}
    </div>
  )
}
