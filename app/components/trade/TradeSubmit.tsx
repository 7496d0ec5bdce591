import type { TradeState } from './use-trade'

const style =
  'mt-6 w-full rounded-full bg-accent py-3 font-semibold text-white hover:bg-accent-dark disabled:cursor-not-allowed disabled:opacity-50'

/** A trade modal's main button: the action while it can run, 'Done' (closing the modal) once it has. */
export function TradeSubmit({
  state,
  label,
  busyLabel,
  onDone,
  onClick,
}: {
  state: TradeState
  label: string
  busyLabel: string
  onDone: () => void
  /** Without it the button submits its form. */
  onClick?: () => void
}) {
  if (state.phase === 'done') {
    return (
      <button type="button" onClick={onDone} className={style}>
        Done
      </button>
    )
  }
  const busy = state.phase === 'working'
  return (
    <button type={onClick ? 'button' : 'submit'} disabled={busy} onClick={onClick} className={style}>
      {busy ? busyLabel : label}
    </button>
  )
}
