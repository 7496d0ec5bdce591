import { useMutation } from '@tanstack/react-query'
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS, REPORT_REASONS } from '../../../db/report-reasons'
import { reportInput, type ReportTargetInput } from '../../../server/inputs/moderation'
import { useSchemaForm } from '../../lib/form'
import { useTRPC } from '../../lib/trpc-react'
import { Modal } from '../ui/Modal'
import { dialogControl } from '../ui/DialogField'

const fields = reportInput.pick({ reason: true, note: true })

/** The report form: a reason and a note, checked with the schema the server checks them with. */
export function ReportDialog({
  target,
  what,
  onClose,
}: {
  target: ReportTargetInput
  what: string
  onClose: () => void
}) {
  const trpc = useTRPC()
  const report = useMutation(trpc.moderation.report.mutationOptions())
  const form = useSchemaForm({
    schema: fields,
    onValid: (value) => report.mutate({ target, ...value }, { onError: (error) => form.fromServer(error) }),
  })
  return (
    <Modal open onClose={onClose} title={`Report ${what}`} testId="report-dialog">
      {report.isSuccess ? (
        <p role="status" data-testid="report-sent">
          Sent. This marketplace&apos;s moderators will look at it; until they decide, it stays open and nothing changes
          on this page.
        </p>
      ) : (
        <form {...form.props}>
          <p className="text-sm text-jacarta-500 dark:text-jacarta-200">
            Your report goes to the moderators of this marketplace with your wallet address. One open report per wallet
            and {what}.
          </p>
          <label htmlFor="report-reason" className="mt-4 block text-sm font-semibold">
            Reason
          </label>
          <select
            id="report-reason"
            name="reason"
            defaultValue=""
            aria-invalid={!!form.errors.reason}
            aria-describedby="report-reason-error"
            className={dialogControl}
          >
            <option value="" disabled>
              Choose a reason
            </option>
            {REPORT_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {REPORT_REASON_LABELS[reason]}
              </option>
            ))}
          </select>
          <p id="report-reason-error" className="mt-1 min-h-5 text-sm text-red-700 dark:text-red-400">
            {form.errors.reason && 'Choose a reason.'}
          </p>
          <label htmlFor="report-note" className="mt-2 block text-sm font-semibold">
            Note (optional)
          </label>
          <textarea
            id="report-note"
            name="note"
            rows={4}
            maxLength={REPORT_NOTE_MAX}
            aria-invalid={!!form.errors.note}
            aria-describedby="report-note-error"
            className={`${dialogControl} h-auto py-2`}
          />
          <p id="report-note-error" className="mt-1 min-h-5 text-sm text-red-700 dark:text-red-400">
            {form.errors.note}
          </p>
          {form.formError && (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
              {form.formError}
            </p>
          )}
          <button
            type="submit"
            disabled={report.isPending}
            className="mt-4 w-full rounded-full bg-accent py-3 font-semibold text-white disabled:opacity-60"
          >
            {report.isPending ? 'Sending…' : 'Send report'}
          </button>
        </form>
      )}
    </Modal>
  )
}
