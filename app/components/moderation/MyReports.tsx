import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { REPORT_REASON_LABELS } from '../../../db/report-reasons'
import { relativeTime } from '../../lib/format'
import { useTRPC } from '../../lib/trpc-react'
import { SettingsSection } from '../ui/SettingsSection'

const STATUS_LABELS = { open: 'Open', actioned: 'Acted on', dismissed: 'Dismissed' } as const
const APPEAL_LABELS = { open: 'Waiting for a decision', upheld: 'Turned down', reversed: 'Granted' } as const

type Target = { kind: 'item'; id: number } | { kind: 'collection'; id: number } | { kind: 'profile'; address: string }

/** A reported thing as a link to its page (a collection's page takes its id as well as its slug). */
function TargetLink({ target }: { target: Target }) {
  if (target.kind === 'item')
    return (
      <Link to="/item/$id" params={{ id: String(target.id) }}>
        Item {target.id}
      </Link>
    )
  if (target.kind === 'collection') {
    return (
      <Link to="/collection/$slug" params={{ slug: String(target.id) }}>
        Collection {target.id}
      </Link>
    )
  }
  return (
    <Link to="/user/$address" params={{ address: target.address }}>
      Profile {target.address.slice(0, 8)}…
    </Link>
  )
}

/** The signed-in wallet's reports with their status and decision, and its appeals with their outcome. */
export function MyReports() {
  const trpc = useTRPC()
  const reports = useQuery(trpc.moderation.myReports.queryOptions({ limit: 50 }))
  const appeals = useQuery(trpc.moderation.myAppeals.queryOptions())
  return (
    <SettingsSection
      name="reports"
      id="reports"
      title="Reports and appeals"
      lead="What you reported, what the moderators decided and why, and your appeals of decisions on what is yours."
    >
      {reports.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {reports.error.message}
        </p>
      )}
      {reports.data && reports.data.data.length === 0 && <p className="mt-4 text-sm">You have reported nothing.</p>}
      <ul className="mt-4 space-y-3" aria-label="Your reports">
        {reports.data?.data.map((report) => (
          <li key={report.id} className="rounded-xl border border-jacarta-100 p-4 text-sm dark:border-jacarta-600">
            <span className="font-semibold">
              <TargetLink target={report.target} />
            </span>{' '}
            · {REPORT_REASON_LABELS[report.reason]} · {relativeTime(report.createdAt)} ·{' '}
            <span className="font-semibold">{STATUS_LABELS[report.status]}</span>
            {report.decisionId !== null && (
              <>
                {' '}
                ·{' '}
                <Link to="/decisions/$id" params={{ id: String(report.decisionId) }} className="text-accent underline">
                  Statement of reasons
                </Link>
              </>
            )}
          </li>
        ))}
      </ul>
      {appeals.data && appeals.data.data.length > 0 && (
        <ul className="mt-6 space-y-3" aria-label="Your appeals">
          {appeals.data.data.map((appeal) => (
            <li key={appeal.id} className="rounded-xl border border-jacarta-100 p-4 text-sm dark:border-jacarta-600">
              Appeal of{' '}
              <Link to="/decisions/$id" params={{ id: String(appeal.decisionId) }} className="text-accent underline">
                decision {appeal.decisionId}
              </Link>{' '}
              · {relativeTime(appeal.createdAt)} · <span className="font-semibold">{APPEAL_LABELS[appeal.status]}</span>
              {appeal.outcome && <p className="mt-1 text-jacarta-500 dark:text-jacarta-300">{appeal.outcome}</p>}
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  )
}
