import { useId, type InputHTMLAttributes, type ReactNode } from 'react'

/** The look of a dialog's inputs and selects. */
export const dialogControl =
  'mt-1 h-12 w-full rounded-xl border border-jacarta-100 px-4 dark:border-jacarta-600 dark:bg-jacarta-700'

/**
 * A labelled, controlled input of a dialog's form. A line under it is kept for its error, so the
 * dialog does not jump when one appears; the input points at it (aria-describedby).
 */
export function DialogField({
  label,
  error,
  value,
  onChange,
  first = false,
  ...input
}: {
  label: ReactNode
  name: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  /** The dialog's first field stands further from what is above it. */
  first?: boolean
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'placeholder' | 'min' | 'max'>) {
  const id = useId()
  return (
    <>
      <label htmlFor={id} className={`${first ? 'mt-4' : 'mt-2'} block text-sm font-semibold`}>
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!!error}
        aria-describedby={`${id}-error`}
        className={dialogControl}
        {...input}
      />
      <p id={`${id}-error`} className="mt-1 min-h-5 text-sm text-red-700 dark:text-red-400">
        {error}
      </p>
    </>
  )
}
