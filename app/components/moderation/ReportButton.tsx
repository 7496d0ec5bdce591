import { lazy, Suspense, useState } from 'react'
import type { ReportTargetInput } from '../../../server/inputs/moderation'
import { useWallet } from '../../wallet/WalletProvider'

// The form brings zod and the tRPC client: loaded when a signed-in visitor opens it (ADR 29).
const ReportDialog = lazy(() => import('./ReportDialog').then((m) => ({ default: m.ReportDialog })))

/**
 * "Report" on an item, a collection or a profile page (ADR 44): shown to a signed-in wallet only,
 * it opens a small dialog to send a report to this marketplace's moderators.
 */
export function ReportButton({ target, what }: { target: ReportTargetInput; what: string }) {
  const { session } = useWallet()
  const [open, setOpen] = useState(false)
  if (session.status !== 'authenticated') return null
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        data-testid="report-button"
        className="rounded-full border border-jacarta-100 px-3 py-1 text-xs font-semibold text-jacarta-500 hover:border-red-600 hover:text-red-700 dark:border-jacarta-600 dark:text-jacarta-200"
      >
        Report
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog target={target} what={what} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
