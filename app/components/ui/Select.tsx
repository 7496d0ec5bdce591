/** A labelled <select> over `{ value, label }` options; an empty `anyLabel` option maps to undefined. */
export function Select<T extends string | number>({
  label,
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
}) {
  return (
    <label className="flex flex-col gap-1 text-xs font-semibold">
      <span className={hideLabel ? 'sr-only' : undefined}>{label}</span>
      <select
        className="h-11 rounded-xl border border-jacarta-100 bg-white px-3 text-sm dark:border-jacarta-600 dark:bg-jacarta-800"
        value={value ?? ''}
        data-testid={testId}
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
  )
}
