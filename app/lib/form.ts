/**
 * Forms checked with the zod schema of the procedure they send to (server/inputs/, which the
 * server validates with too): each issue shows beside its field, the first field at fault takes
 * the focus, and a refusal from the server lands beside its field as well. conform's idea, in
 * the few lines our forms need.
 */
import { TRPCClientError } from '@trpc/client'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { z } from 'zod'

/** Field name → the message shown beside it. */
export type FieldErrors = Partial<Record<string, string>>

/** The names a server's refusal uses (`order.offer`) → the form's field that stands for it. */
export type ServerFields = Record<string, string>

/**
 * Checks a form's values: a control left blank is a field not given (optional fields pass,
 * required ones say "is required"); numbers and prices are coerced by the schema itself.
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  values: Record<string, unknown>,
): { ok: true; value: z.output<S> } | { ok: false; errors: FieldErrors } {
  const given = Object.entries(values).map(([name, value]) => [name, isBlank(value) ? undefined : value])
  const result = schema.safeParse(Object.fromEntries(given), {
    error: (issue) => (issue.input === undefined ? 'is required' : undefined),
  })
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: byField(result.error.issues) }
}

const isBlank = (value: unknown) => typeof value === 'string' && value.trim() === ''

function byField(issues: readonly { path: readonly PropertyKey[]; message: string }[], fields: ServerFields = {}) {
  const errors: FieldErrors = {}
  for (const issue of issues) errors[fieldOf(issue.path.map(String).join('.'), fields)] ??= issue.message
  return errors
}

/** The form field a server path belongs to: a mapped prefix, else its first segment. */
function fieldOf(path: string, fields: ServerFields) {
  const prefix = Object.keys(fields).find((key) => path === key || path.startsWith(`${key}.`))
  return prefix ? fields[prefix]! : path.split('.')[0] || 'form'
}

/**
 * The fields a tRPC refusal names: its zod issues (the errorFormatter in server/trpc/init.ts
 * hands them over), or a domain refusal written `field: reason`.
 */
export function serverErrors(error: unknown, fields: ServerFields = {}): FieldErrors {
  if (!(error instanceof TRPCClientError)) return {}
  const issues = (error.data as { zodIssues?: { path: PropertyKey[]; message: string }[] } | undefined)?.zodIssues
  if (issues?.length) return byField(issues, fields)
  const refusal = /^([A-Za-z][\w.]*): (.+)$/s.exec(error.message)
  return refusal ? { [fieldOf(refusal[1]!, fields)]: refusal[2]! } : {}
}

/** The named, enabled controls of a form: a checkbox is a boolean, an unchosen file is absent. */
export function readForm(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const control of Array.from(form.elements)) {
    if (!('name' in control) || !control.name || control.matches(':disabled')) continue
    if (control instanceof HTMLInputElement) {
      if (control.type === 'checkbox') values[control.name] = control.checked
      else if (control.type === 'file') values[control.name] = control.files?.[0]
      else if (control.type !== 'radio' || control.checked) values[control.name] = control.value
    } else if (control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement) {
      values[control.name] = control.value
    }
  }
  return values
}

/**
 * A form validated by `schema` on submit: `onValid` gets the parsed value (what the procedure
 * takes). Spread `props` on the <form>; show `errors[name]` beside each field (an edit clears
 * its own); call `fromServer(error)` when the server refuses, and show `formError` when the
 * refusal names no field of this form.
 */
export function useSchemaForm<S extends z.ZodType>({
  schema,
  onValid,
  serverFields,
}: {
  schema: S
  onValid: (value: z.output<S>) => void
  serverFields?: ServerFields
}) {
  const ref = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (attempt === 0) return
    const controls = Array.from(ref.current?.elements ?? []) as HTMLInputElement[]
    controls.find((control) => control.name && errors[control.name] && !control.matches(':disabled'))?.focus()
    // Only a new verdict moves the focus, not an edit that clears an error.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt])

  const show = (next: FieldErrors) => {
    setErrors(next)
    setAttempt((n) => n + 1)
  }

  return {
    errors,
    formError,
    props: {
      ref,
      noValidate: true,
      onSubmit(event: FormEvent<HTMLFormElement>) {
        event.preventDefault()
        setFormError(null)
        const checked = checkForm(schema, readForm(event.currentTarget))
        if (!checked.ok) return show(checked.errors)
        setErrors({})
        onValid(checked.value)
      },
      // `input` comes before a control's `change`, whose handler may set a new message.
      onInput(event: FormEvent<HTMLFormElement>) {
        const name = (event.target as HTMLInputElement).name
        if (name && errors[name]) setErrors(({ [name]: _edited, ...rest }) => rest)
      },
    },
    /** Shows (or clears) one field's message now: a file judged as it is picked, a choice found missing. */
    setError(name: string, message: string | undefined) {
      setErrors(({ [name]: _old, ...rest }) => (message === undefined ? rest : { ...rest, [name]: message }))
      if (message !== undefined) setAttempt((n) => n + 1)
    },
    /** Forgets every message (a dialog closed). */
    reset() {
      setErrors({})
      setFormError(null)
    },
    /** Puts a refusal beside the fields it names; true when it named one this form shows. */
    fromServer(error: unknown): boolean {
      const form = ref.current
      const named = Object.entries(serverErrors(error, serverFields)).filter(
        ([name]) => form?.elements.namedItem(name) != null,
      )
      if (named.length === 0) {
        setFormError(error instanceof Error ? error.message : String(error))
        return false
      }
      show(Object.fromEntries(named))
      return true
    },
  }
}
