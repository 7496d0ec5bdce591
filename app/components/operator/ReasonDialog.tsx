import { useState, type ReactNode } from 'react'
import { DECISION_REASON_MAX, type DecisionCategory } from '../../../db/decision-kinds'
import { decideInput, reverseInput } from '../../../server/inputs/decisions'
import { useSchemaForm } from '../../lib/form'
import { dialogControl } from '../ui/DialogField'
import { Modal } from '../ui/Modal'
import { CATEGORY_OPTIONS } from './rules'

const withCategory = decideInput.pick({ category: true, reason: true })
const reasonOnly = reverseInput.pick({ reason: true })

export interface ReasonValue {
  category?: DecisionCategory
  reason: string
}

/**
 * The dialog every moderation write goes through: a reason category (when the write takes one)
 * and the free text told to whom it concerns, both checked with the server's own schema.
 */
export function ReasonDialog({
  title,
  intro,
  category,
  submitLabel,
  onSubmit,
  onClose,
}: {
  title: string
  intro: ReactNode
  /** Asks for a category, starting at this one (null: none chosen); undefined: no category. */
  category?: DecisionCategory | null
  submitLabel: string
  onSubmit: (value: ReasonValue) => Promise<unknown>
  onClose: () => void
}) {
  const [pending, setPending] = useState(false)
  const asksCategory = category !== undefined
  const form = useSchemaForm({
    schema: asksCategory ? withCategory : reasonOnly,
    onValid: (value: ReasonValue) => {
      setPending(true)
      onSubmit(value)
        .then(onClose)
        .catch((error: unknown) => void form.fromServer(error))
        .finally(() => setPending(false))
    },
  })
  return (
    <Modal open onClose={onClose} title={title} testId="reason-dialog">
      <form {...form.props}>
        <div className="text-sm text-jacarta-500 dark:text-jacarta-200">{intro}</div>
        {asksCategory && (
          <>
            <label htmlFor="decision-category" className="mt-4 block text-sm font-semibold">
              Reason category
            </label>
            <select
              id="decision-category"
              name="category"
              defaultValue={category ?? ''}
              aria-invalid={!!form.errors.category}
              aria-describedby="decision-category-error"
              className={dialogControl}
            >
              <option value="" disabled>
                Choose a category
              </option>
              {CATEGORY_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <p id="decision-category-error" className="mt-1 min-h-5 text-sm text-red-700 dark:text-red-400">
              {form.errors.category && 'Choose a category.'}
            </p>
          </>
        )}
        <label htmlFor="decision-reason" className="mt-2 block text-sm font-semibold">
          Statement of reasons
        </label>
        <textarea
          id="decision-reason"
          name="reason"
          rows={4}
          maxLength={DECISION_REASON_MAX}
          aria-invalid={!!form.errors.reason}
          aria-describedby="decision-reason-error decision-reason-hint"
          className={`${dialogControl} h-auto py-2`}
        />
        <p id="decision-reason-hint" className="mt-1 text-xs text-jacarta-500 dark:text-jacarta-300">
          Told to whom it concerns, and kept in the audit log.
        </p>
        <p id="decision-reason-error" className="mt-1 min-h-5 text-sm text-red-700 dark:text-red-400">
          {form.errors.reason && (form.errors.reason === 'is required' ? 'Write the reason.' : form.errors.reason)}
        </p>
        {form.formError && (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            {form.formError}
          </p>
        )}
        <button
          type="submit"
          disabled={pending}
          className="mt-4 w-full rounded-full bg-accent py-3 font-semibold text-white disabled:opacity-60"
        >
          {pending ? 'Sending…' : submitLabel}
        </button>
      </form>
    </Modal>
  )
}
