import { useId } from 'react'

/**
 * A labelled <select> over `{ value, label }` options; an empty `anyLabel` option maps to undefined.
 * In a form it may carry a `name` and the `error` of its field, announced and linked like Field's.
 */
export function Select<T extends string | number>({
  label,
  name,
  error,
  value,
  options,
  onChange,
  anyLabel,
  hideLabel = false,
  testId,
}: {
  label: string
  value: T | undefined
  options: readonly { value: T; label: string }[]
  onChange: (value: T | undefined) => void
  anyLabel?: string
  hideLabel?: boolean
  testId?: string
  name?: string
  error?: string | undefined
}) {
  const errorId = `${useId()}-error`
  return (
    <>
      <label className="flex flex-col gap-1 text-xs font-semibold">
        <span className={hideLabel ? 'sr-only' : undefined}>{label}</span>
        <select
          className="h-11 rounded-xl border border-jacarta-100 bg-white px-3 text-sm dark:border-jacarta-600 dark:bg-jacarta-800"
          name={name}
          value={value ?? ''}
          data-testid={testId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            const picked = options.find((o) => String(o.value) === e.target.value)
            onChange(picked?.value)
          }}
        >
          {anyLabel !== undefined && <option value="">{anyLabel}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {label}: {error}
        </p>
      )}
    </>
  )
}
