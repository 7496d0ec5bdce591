import { Link } from '@tanstack/react-router'
import { useId } from 'react'

/** The Terms of Service box; in a form checked by schema, it carries a `name` and its field's `error`. */
export function TermsCheckbox({
  checked,
  onChange,
  name,
  error,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  name?: string
  error?: string | undefined
}) {
  const errorId = `${useId()}-error`
  return (
    <>
      <label className="mt-4 flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name={name}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1"
        />
        <span>
          By checking this box, I agree to Vitrine's{' '}
          <Link to="/terms" className="text-accent underline">
            Terms of Service
          </Link>
        </span>
      </label>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </>
  )
}
