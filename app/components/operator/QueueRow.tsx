import { useState } from 'react'
import { DECISION_ACTION_LABELS } from '../../../db/decision-kinds'
import { REPORT_REASON_LABELS, type ReportReason } from '../../../db/report-reasons'
import type { DecisionTargetInput } from '../../../server/inputs/decisions'
import type { OperatorQueueRow } from '../../../server/queries/operator'
import { AddressLink } from '../AddressLink'
import { DecisionHistory } from './DecisionHistory'
import { actionButton, dangerButton, Time } from './parts'
import { ReasonDialog } from './ReasonDialog'
import { reasonsLine, rowActions, type Role, type RowAction } from './rules'
import { SubjectCard } from './SubjectCard'
import { useModerationWrite } from './use-moderation-write'

/** What a row's action is taken on: its target, or for a contract block the collection's contract. */
function targetOf(row: OperatorQueueRow, action: RowAction): DecisionTargetInput | null {
  const { target, subject } = row
  if (action.onContract) {
    return subject?.kind === 'collection'
      ? { kind: 'contract', chainId: subject.chainId, address: subject.contract }
      : null
  }
  if (target.kind === 'profile') return target
  if (target.kind === 'collection') return { kind: 'collection', idOrSlug: String(target.id) }
  return { kind: 'item', id: target.id }
}

const KIND_LABEL = { item: 'item', collection: 'collection', profile: 'profile' } as const

/** One reported thing: what it is, its open reports with their notes, earlier decisions, and the actions. */
export function QueueRow({ row, role }: { row: OperatorQueueRow; role: Role }) {
  const write = useModerationWrite()
  const [acting, setActing] = useState<RowAction | null>(null)
  const kind = row.target.kind
  const name =
    row.subject?.kind === 'profile' ? (row.subject.username ?? row.subject.address) : (row.subject?.name ?? row.key)
  const actions = rowActions(kind, role).filter((a) => !a.onContract || row.subject)
  return (
    <li
      data-testid="queue-row"
      data-target={row.key}
      className="rounded-2xl border border-jacarta-100 p-4 dark:border-jacarta-700"
    >
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <div>
          <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-jacarta-500 dark:text-jacarta-300">
            {KIND_LABEL[kind]}
          </p>
          <SubjectCard subject={row.subject} />
        </div>
        <div className="text-sm">
          <p className="font-semibold">
            {row.openReports} open {row.openReports === 1 ? 'report' : 'reports'}, first{' '}
            <Time iso={row.firstReportedAt} />
          </p>
          <p className="text-jacarta-500 dark:text-jacarta-200">{reasonsLine(row.reasons, REPORT_REASON_LABELS)}</p>
          <ul className="mt-2 space-y-2" aria-label="Reports">
            {row.reports.map((r) => (
              <li key={r.id} className="rounded-lg bg-jacarta-50 p-2 dark:bg-jacarta-900/50">
                <span className="font-semibold">{REPORT_REASON_LABELS[r.reason as ReportReason]}</span>{' '}
                <span className="text-xs text-jacarta-500 dark:text-jacarta-300">
                  by <AddressLink address={r.reporter} />, <Time iso={r.createdAt} />
                </span>
                {r.note && <p className="mt-1 whitespace-pre-line break-words">{r.note}</p>}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="mt-4">
        <DecisionHistory decisions={row.decisions} role={role} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={`Decide on ${name}`}>
        {actions.map((a) => (
          <button
            key={a.action}
            type="button"
            className={a.action === 'block_contract' || a.action === 'hide' ? dangerButton : actionButton}
            onClick={() => setActing(a)}
          >
            {a.label}
          </button>
        ))}
      </div>
      {acting && (
        <ReasonDialog
          title={`${acting.label}: ${name}`}
          intro={
            acting.action === 'dismiss'
              ? 'Closes the open reports and changes nothing else. The reporters see the outcome.'
              : `${DECISION_ACTION_LABELS[acting.action]}, until reversed. Whom it concerns is told, with this reason, and may appeal.`
          }
          category={acting.category}
          submitLabel={acting.label}
          onClose={() => setActing(null)}
          onSubmit={({ category, reason }) => {
            const target = targetOf(row, acting)!
            return write((client) =>
              client.moderation.decide.mutate({ action: acting.action, target, category: category!, reason }),
            )
          }}
        />
      )}
    </li>
  )
}
