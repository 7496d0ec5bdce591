import { useId } from 'react'

const control =
  'mt-1 w-full rounded-xl border border-jacarta-100 bg-white px-4 py-3 text-sm focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none dark:border-jacarta-600 dark:bg-jacarta-800'

/** A labelled input or textarea whose error (from the server's zod issues) is announced and linked. */
export function Field({
  name,
  label,
  error,
  type = 'text',
  multiline = false,
  ...rest
}: {
  name: string
  label: string
  error?: string | undefined
  type?: string
  multiline?: boolean
  required?: boolean
  autoComplete?: string
  defaultValue?: string
  maxLength?: number
}) {
  const id = useId()
  const describedBy = error ? `${id}-error` : undefined
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          name={name}
          rows={6}
          aria-invalid={!!error}
          aria-describedby={describedBy}
          className={control}
          {...rest}
        />
      ) : (
        <input
          id={id}
          name={name}
          type={type}
          aria-invalid={!!error}
          aria-describedby={describedBy}
          className={control}
          {...rest}
        />
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {label}: {error}
        </p>
      )}
    </div>
  )
}

/** A refusal that names no field (a rate limit, say), announced at the end of the form. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  )
}
