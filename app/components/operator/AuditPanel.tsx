import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTRPC } from '../../lib/trpc-react'
import { AddressLink } from '../AddressLink'
import { ErrorState } from '../ui/states'
import { actionButton, Panel, Time } from './parts'

const PAGE = 25
const EVENT_LABELS: Record<string, string> = {
  moderator_granted: 'Moderator granted',
  moderator_revoked: 'Moderator revoked',
  decided: 'Decided',
  reversed: 'Reversed',
  appealed: 'Appealed',
  appeal_upheld: 'Appeal upheld',
  appeal_reversed: 'Appeal reversed',
}

/** The append-only audit log, newest first, a page at a time, and its whole export (operators). */
export function AuditPanel() {
  const trpc = useTRPC()
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined])
  const audit = useQuery(trpc.moderation.audit.queryOptions({ cursor: cursors.at(-1), limit: PAGE }))
  return (
    <Panel
      title="Audit log"
      lead="Every role change, decision and appeal: who, what, when, why, before and after. Never changed."
      testId="audit"
      actions={
        <div className="flex gap-2 text-sm">
          <a className={actionButton} href="/api/v1/audit/export?format=csv" download>
            Export CSV
          </a>
          <a className={actionButton} href="/api/v1/audit/export?format=json" download>
            Export JSON
          </a>
        </div>
      }
    >
      {audit.isError ? (
        <ErrorState message={audit.error.message} onRetry={() => void audit.refetch()} />
      ) : !audit.data ? (
        <p className="text-sm text-jacarta-500">Loading…</p>
      ) : audit.data.data.length === 0 ? (
        <p className="text-sm text-jacarta-500 dark:text-jacarta-200">Nothing yet.</p>
      ) : (
        <ol className="divide-y divide-jacarta-100 text-sm dark:divide-jacarta-700">
          {audit.data.data.map((entry) => (
            <li key={entry.id} data-testid="audit-entry" className="py-2">
              <p className="flex flex-wrap gap-x-2">
                <span className="font-semibold">{EVENT_LABELS[entry.event] ?? entry.event}</span>
                <span className="break-all">{entry.subject}</span>
                <span className="text-xs text-jacarta-500 dark:text-jacarta-300">
                  <Time iso={entry.at} /> by <AddressLink address={entry.actor} />
                </span>
              </p>
              {entry.reason && <p className="mt-1 whitespace-pre-line break-words">{entry.reason}</p>}
              {(entry.before !== null || entry.after !== null) && (
                <details className="mt-1 text-xs">
                  <summary className="cursor-pointer text-jacarta-500 dark:text-jacarta-300">Before and after</summary>
                  <pre className="mt-1 overflow-x-auto rounded-lg bg-jacarta-50 p-2 dark:bg-jacarta-900/50">
                    {JSON.stringify({ before: entry.before, after: entry.after }, null, 2)}
                  </pre>
                </details>
              )}
            </li>
          ))}
        </ol>
      )}
      <div className="mt-4 flex gap-2">
        {cursors.length > 1 && (
          <button type="button" className={actionButton} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Newer
          </button>
        )}
        {audit.data?.nextCursor && (
          <button
            type="button"
            className={actionButton}
            onClick={() => setCursors((c) => [...c, audit.data.nextCursor!])}
          >
            Older
          </button>
        )}
      </div>
    </Panel>
  )
}
