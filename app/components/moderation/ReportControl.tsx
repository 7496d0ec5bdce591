import { useState } from 'react'
import type { ReportTargetInput } from '../../../server/inputs/moderation'
import { ReportDialog } from './ReportDialog'

/** The Report button of a signed-in wallet, and the dialog it opens (loaded by ./ReportButton.tsx). */
export default function ReportControl({ target, what }: { target: ReportTargetInput; what: string }) {
  const [open, setOpen] = useState(false)
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
      {open && <ReportDialog target={target} what={what} onClose={() => setOpen(false)} />}
    </>
  )
}
